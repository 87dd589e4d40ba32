"""Seals for the audited rows (tournaments/audit/seals.py): the audit log commits to the current results,
rulings, entries, parties' and teams' scores. Rows that exist already are sealed with their chain's last
entry, as they stand."""

from typing import Any

from django.db import migrations, models


def seal_existing(apps: Any, schema_editor: Any) -> None:
    """The rows as they stand, sealed through the same readers the application registers at start-up."""
    from tournaments.audit.seals import seal_as_they_stand

    seal_as_they_stand()


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0022_clubnight")]

    operations = [
        migrations.AddField(
            model_name="auditchainhead", name="mac", field=models.CharField(blank=True, default="", max_length=64)
        ),
        migrations.AddField(
            model_name="auditchainhead", name="seals", field=models.CharField(blank=True, default="", max_length=64)
        ),
        migrations.CreateModel(
            name="AuditSeal",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("kind", models.CharField(max_length=20)),
                ("row_id", models.BigIntegerField()),
                ("chain", models.CharField(db_index=True, help_text='As the audit entries name it: "session:12"', max_length=40)),
                ("state", models.JSONField(blank=True, null=True)),
                ("entry_hash", models.CharField(max_length=64)),
                ("mac", models.CharField(max_length=64)),
            ],
            options={
                "constraints": [models.UniqueConstraint(fields=("kind", "row_id"), name="audit_one_seal_per_row")],
            },
        ),
        migrations.RunPython(seal_existing, migrations.RunPython.noop),
    ]
