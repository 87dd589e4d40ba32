"""State only: the models moved here from the `tournaments` app (issue 21); their tables stay as they are
(`db_table`), so no row moves. The `tournaments` migration 0035_apps removes them from that app's state."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("tournaments", "0034_auction"),
        ("duplicate", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="AuditChainHead",
                    fields=[
                        ("chain", models.CharField(max_length=40, primary_key=True, serialize=False)),
                        ("seq", models.PositiveBigIntegerField(default=0)),
                        ("hash", models.CharField(blank=True, max_length=64)),
                        ("seals", models.CharField(blank=True, default="", max_length=64)),
                        ("mac", models.CharField(blank=True, default="", max_length=64)),
                    ],
                    options={
                        "db_table": "tournaments_auditchainhead",
                    },
                ),
                migrations.CreateModel(
                    name="AuditSeal",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("kind", models.CharField(max_length=20)),
                        ("row_id", models.BigIntegerField()),
                        (
                            "chain",
                            models.CharField(
                                db_index=True, help_text='As the audit entries name it: "session:12"', max_length=40
                            ),
                        ),
                        ("state", models.JSONField(blank=True, null=True)),
                        ("entry_hash", models.CharField(max_length=64)),
                        ("mac", models.CharField(max_length=64)),
                    ],
                    options={
                        "db_table": "tournaments_auditseal",
                        "constraints": [
                            models.UniqueConstraint(fields=("kind", "row_id"), name="audit_one_seal_per_row")
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="AuditEntry",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("actor_name", models.CharField(blank=True, max_length=150)),
                        ("action", models.CharField(max_length=40)),
                        ("target_type", models.CharField(max_length=40)),
                        ("target_id", models.BigIntegerField(blank=True, null=True)),
                        ("old", models.JSONField(blank=True, null=True)),
                        ("new", models.JSONField(blank=True, null=True)),
                        ("why", models.TextField(blank=True)),
                        ("created_at", models.DateTimeField(db_index=True, default=django.utils.timezone.now)),
                        (
                            "chain",
                            models.CharField(
                                blank=True, help_text='"session:12", or "global"', max_length=40, null=True
                            ),
                        ),
                        ("seq", models.PositiveBigIntegerField(blank=True, null=True)),
                        ("prev_hash", models.CharField(blank=True, max_length=64, null=True)),
                        ("hash", models.CharField(blank=True, max_length=64, null=True)),
                        (
                            "actor",
                            models.ForeignKey(
                                blank=True,
                                db_constraint=False,
                                null=True,
                                on_delete=django.db.models.deletion.DO_NOTHING,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "session",
                            models.ForeignKey(
                                blank=True,
                                db_constraint=False,
                                null=True,
                                on_delete=django.db.models.deletion.DO_NOTHING,
                                related_name="+",
                                to="duplicate.session",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name_plural": "audit entries",
                        "db_table": "tournaments_auditentry",
                        "ordering": ["-created_at", "-id"],
                        "indexes": [models.Index(fields=["session", "created_at"], name="audit_session_idx")],
                        "constraints": [
                            models.UniqueConstraint(
                                condition=models.Q(("seq__isnull", False)),
                                fields=("chain", "seq"),
                                name="audit_one_entry_per_place",
                            )
                        ],
                    },
                ),
            ],
        ),
    ]
