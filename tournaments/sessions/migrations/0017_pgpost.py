# Section.map_since: the version since which a section's map is unchanged (sessions/services/versions.py).

from django.db import migrations, models
from django.db.models import F


def since_now(apps, schema_editor):
    """Sections made before the field: their map is taken as changed at their current version."""
    apps.get_model("duplicate", "Section").objects.update(map_since=F("version"))


class Migration(migrations.Migration):
    dependencies = [
        ("duplicate", "0016_tidy"),
    ]

    operations = [
        migrations.AddField(
            model_name="section",
            name="map_since",
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
        migrations.RunPython(since_now, migrations.RunPython.noop),
    ]
