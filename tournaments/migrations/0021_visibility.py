from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0020_links")]

    operations = [
        migrations.AddField(
            model_name="member",
            name="links_valid_from",
            field=models.DateTimeField(
                blank=True, help_text="Private results links made before this were revoked", null=True
            ),
        ),
    ]
