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
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Simultaneous",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("name", models.CharField(max_length=160)),
                        ("date", models.DateField()),
                        (
                            "boards",
                            models.PositiveSmallIntegerField(help_text="Boards 1..N are the simultaneous deals"),
                        ),
                        (
                            "mp_scale",
                            models.CharField(
                                choices=[
                                    ("ebu", "EBU/WBF: 2 per score beaten, 1 per tie"),
                                    ("acbl", "ACBL: 1 per score beaten, ½ per tie"),
                                ],
                                default="ebu",
                                max_length=8,
                            ),
                        ),
                        (
                            "deals",
                            models.JSONField(
                                blank=True, default=dict, help_text='{"1": "N:AKQ...", ...}: set by the first club'
                            ),
                        ),
                        (
                            "owner",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_simultaneous",
                        "ordering": ["-date", "-id"],
                    },
                ),
                migrations.CreateModel(
                    name="SimultaneousClub",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("club", models.CharField(max_length=160)),
                        (
                            "code",
                            models.CharField(
                                help_text="Short name on the overall standings: C1, C2 ...", max_length=12
                            ),
                        ),
                        (
                            "session",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="simultaneous_club",
                                to="duplicate.session",
                            ),
                        ),
                        (
                            "simultaneous",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="clubs",
                                to="simultaneous.simultaneous",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_simultaneousclub",
                        "ordering": ["simultaneous", "club", "id"],
                        "constraints": [
                            models.UniqueConstraint(fields=("simultaneous", "code"), name="simul_club_code_unique")
                        ],
                    },
                ),
            ],
        ),
    ]
