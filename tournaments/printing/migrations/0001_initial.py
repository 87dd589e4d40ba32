"""State only: the models moved here from the `tournaments` app (issue 21); their tables stay as they are
(`db_table`), so no row moves. The `tournaments` migration 0035_apps removes them from that app's state."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("tournaments", "0034_auction"),
        ("duplicate", "0001_initial"),
        ("parties", "0001_initial"),
        ("simultaneous", "0001_initial"),
        ("teams", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="GeneratedFile",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        (
                            "kind",
                            models.CharField(help_text='What to make: "standings", "results-book", ...', max_length=32),
                        ),
                        (
                            "params",
                            models.JSONField(
                                blank=True, default=dict, help_text='Inputs besides the session, e.g. {"paper": "a4"}'
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("queued", "Queued"),
                                    ("running", "Running"),
                                    ("done", "Done"),
                                    ("failed", "Failed"),
                                ],
                                default="queued",
                                max_length=8,
                            ),
                        ),
                        ("progress", models.PositiveSmallIntegerField(default=0, help_text="0 to 100")),
                        (
                            "message",
                            models.CharField(blank=True, help_text="What the job is doing now", max_length=200),
                        ),
                        (
                            "error",
                            models.TextField(blank=True, help_text="Why it failed, in words a director understands"),
                        ),
                        (
                            "attempts",
                            models.PositiveSmallIntegerField(
                                default=0, help_text="Runs started (a killed worker means another)"
                            ),
                        ),
                        (
                            "heartbeat_at",
                            models.DateTimeField(blank=True, help_text="Last sign of life from the worker", null=True),
                        ),
                        (
                            "lease_until",
                            models.DateTimeField(
                                blank=True,
                                help_text="The worker running it holds it until then; its heartbeat renews it",
                                null=True,
                            ),
                        ),
                        ("finished_at", models.DateTimeField(blank=True, null=True)),
                        ("filename", models.CharField(blank=True, max_length=160)),
                        ("content_type", models.CharField(blank=True, max_length=80)),
                        (
                            "file",
                            models.FileField(
                                blank=True, editable=False, max_length=255, upload_to="generated/%Y/%m/%d/"
                            ),
                        ),
                        ("size", models.PositiveIntegerField(default=0)),
                        ("expires_at", models.DateTimeField(help_text="When the file is deleted")),
                        (
                            "owner",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="generated_files",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "party",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="generated_files",
                                to="parties.party",
                            ),
                        ),
                        (
                            "session",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="generated_files",
                                to="duplicate.session",
                            ),
                        ),
                        (
                            "simultaneous",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="generated_files",
                                to="simultaneous.simultaneous",
                            ),
                        ),
                        (
                            "team_event",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="generated_files",
                                to="teams.teamevent",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_generatedfile",
                        "ordering": ["-created_at", "-id"],
                        "indexes": [
                            models.Index(fields=["status", "heartbeat_at"], name="generated_file_status_idx"),
                            models.Index(fields=["expires_at"], name="generated_file_expiry_idx"),
                        ],
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(("progress__lte", 100)), name="generated_file_progress_at_most_100"
                            ),
                            models.CheckConstraint(
                                condition=models.Q(
                                    models.Q(("status", "done"), _negated=True),
                                    models.Q(("file", ""), _negated=True),
                                    _connector="OR",
                                ),
                                name="generated_file_done_has_file",
                            ),
                            models.CheckConstraint(
                                condition=models.Q(("session__isnull", True), ("party__isnull", True), _connector="OR"),
                                name="generated_file_one_owner",
                            ),
                        ],
                    },
                ),
            ],
        ),
    ]
