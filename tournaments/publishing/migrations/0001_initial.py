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
                    name="Publication",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("is_public", models.BooleanField(default=True)),
                        ("published_at", models.DateTimeField()),
                        ("final_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "provisional_hours",
                            models.PositiveSmallIntegerField(
                                default=48,
                                help_text="Results count as final this many hours after publishing, if not marked final sooner",
                            ),
                        ),
                        (
                            "published_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "session",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="publication",
                                to="duplicate.session",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_publication",
                    },
                ),
                migrations.CreateModel(
                    name="EmailDelivery",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("address", models.EmailField(max_length=254)),
                        ("sent_at", models.DateTimeField(default=django.utils.timezone.now)),
                        (
                            "member",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, related_name="+", to="duplicate.member"
                            ),
                        ),
                        (
                            "publication",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="deliveries",
                                to="publishing.publication",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_emaildelivery",
                    },
                ),
                migrations.CreateModel(
                    name="Correction",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(db_index=True, default=django.utils.timezone.now)),
                        (
                            "changes",
                            models.JSONField(
                                help_text='[{"when": iso, "what": "board 5 · 1NS v 7EW", "fields": [[name, old, new]], "why": "..."}]'
                            ),
                        ),
                        (
                            "moves",
                            models.JSONField(
                                help_text='[{"pair": "3NS", "names": "...", "before": 53.1, "after": 57.2}]'
                            ),
                        ),
                        (
                            "publication",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="corrections",
                                to="publishing.publication",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_correction",
                        "ordering": ["-created_at", "-id"],
                    },
                ),
                migrations.CreateModel(
                    name="PublishedFigures",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("taken_at", models.DateTimeField(default=django.utils.timezone.now)),
                        ("last_audit_id", models.BigIntegerField(default=0)),
                        (
                            "pairs",
                            models.JSONField(
                                help_text='{"<entry id>": {"pair": "3NS", "names": "...", "pct": 54.2, "place": "2"}}'
                            ),
                        ),
                        (
                            "publication",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="figures",
                                to="publishing.publication",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_publishedfigures",
                        "ordering": ["-id"],
                    },
                ),
                migrations.AddIndex(
                    model_name="publication",
                    index=models.Index(fields=["is_public", "published_at"], name="publication_public_idx"),
                ),
                migrations.AddConstraint(
                    model_name="emaildelivery",
                    constraint=models.UniqueConstraint(
                        fields=("publication", "member"), name="email_delivery_once_per_publication"
                    ),
                ),
            ],
        ),
    ]
