"""State only: the models moved here from the `tournaments` app (issue 21); their tables stay as they are
(`db_table`), so no row moves. The `tournaments` migration 0035_apps removes them from that app's state."""

import django.db.models.deletion
import tournaments.teams.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("tournaments", "0034_auction"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="TeamEvent",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("name", models.CharField(max_length=120)),
                        ("date", models.DateField()),
                        (
                            "format",
                            models.CharField(
                                choices=[
                                    ("swiss", "Swiss (each round drawn from the standings)"),
                                    ("round-robin", "Round robin (everyone meets everyone)"),
                                    ("knockout", "Knockout (seeded matches, IMPs decide)"),
                                ],
                                default="swiss",
                                max_length=12,
                            ),
                        ),
                        (
                            "rounds",
                            models.PositiveSmallIntegerField(
                                default=6, help_text="Rounds planned (a round robin: all of them)"
                            ),
                        ),
                        ("boards_per_match", models.PositiveSmallIntegerField(default=8)),
                        (
                            "bye_vp",
                            models.DecimalField(decimal_places=2, default=12, help_text="VPs for a bye", max_digits=5),
                        ),
                        (
                            "vp_table",
                            models.JSONField(
                                blank=True,
                                default=list,
                                help_text="A club's own scale: the winner's VPs for 0, 1, 2 ... IMPs (empty: WBF)",
                            ),
                        ),
                        (
                            "tie_breaks",
                            models.JSONField(blank=True, default=tournaments.teams.models.default_tie_breaks),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[("setup", "Entering teams"), ("playing", "Playing"), ("finished", "Finished")],
                                default="setup",
                                max_length=10,
                            ),
                        ),
                        (
                            "version",
                            models.PositiveIntegerField(
                                default=0, help_text="Bumped by every write: pages and caches key on it"
                            ),
                        ),
                        (
                            "archived_at",
                            models.DateTimeField(
                                blank=True, help_text="Put away by a director (restorable)", null=True
                            ),
                        ),
                        (
                            "published",
                            models.JSONField(
                                blank=True,
                                default=dict,
                                help_text="An imported file's figures against ours at the import (teams_compare)",
                            ),
                        ),
                        (
                            "director",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_teamevent",
                        "ordering": ["-date", "-id"],
                    },
                ),
                migrations.CreateModel(
                    name="Team",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("number", models.PositiveSmallIntegerField()),
                        ("name", models.CharField(max_length=80)),
                        (
                            "event",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, related_name="teams", to="teams.teamevent"
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_team",
                        "ordering": ["number"],
                    },
                ),
                migrations.CreateModel(
                    name="TeamMatch",
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
                            "table",
                            models.PositiveSmallIntegerField(
                                help_text="Match number in the round (the table pair it plays at)"
                            ),
                        ),
                        (
                            "version",
                            models.PositiveIntegerField(
                                default=0, help_text="Bumped by every save: a stale form is refused"
                            ),
                        ),
                        (
                            "away",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="away_matches",
                                to="teams.team",
                            ),
                        ),
                        (
                            "home",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="home_matches",
                                to="teams.team",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_teammatch",
                        "ordering": ["round__number", "table"],
                    },
                ),
                migrations.CreateModel(
                    name="TeamLineup",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("room1_pair", models.JSONField(default=list, help_text="The two players' names in room 1")),
                        ("room2_pair", models.JSONField(default=list, help_text="The two players' names in room 2")),
                        (
                            "team",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, related_name="+", to="teams.team"
                            ),
                        ),
                        (
                            "match",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="lineups",
                                to="teams.teammatch",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_teamlineup",
                    },
                ),
                migrations.CreateModel(
                    name="TeamBoard",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("number", models.PositiveSmallIntegerField()),
                        ("room1_ns", models.IntegerField()),
                        ("room2_ns", models.IntegerField()),
                        (
                            "match",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, related_name="boards", to="teams.teammatch"
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_teamboard",
                        "ordering": ["number"],
                    },
                ),
                migrations.CreateModel(
                    name="TeamPlayer",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("name", models.CharField(max_length=80)),
                        ("order", models.PositiveSmallIntegerField(default=0)),
                        (
                            "team",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, related_name="players", to="teams.team"
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_teamplayer",
                        "ordering": ["order", "id"],
                    },
                ),
                migrations.CreateModel(
                    name="TeamRoomScore",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("number", models.PositiveSmallIntegerField()),
                        ("room", models.PositiveSmallIntegerField()),
                        ("ns", models.IntegerField()),
                        (
                            "match",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="room_scores",
                                to="teams.teammatch",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_teamroomscore",
                        "ordering": ["number", "room"],
                    },
                ),
                migrations.CreateModel(
                    name="TeamRound",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("number", models.PositiveSmallIntegerField()),
                        (
                            "bye",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to="teams.team",
                            ),
                        ),
                        (
                            "event",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="draw_rounds",
                                to="teams.teamevent",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_teamround",
                        "ordering": ["number"],
                    },
                ),
                migrations.CreateModel(
                    name="TeamPenalty",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("vp", models.DecimalField(decimal_places=2, max_digits=5)),
                        ("why", models.CharField(max_length=200)),
                        (
                            "team",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, related_name="penalties", to="teams.team"
                            ),
                        ),
                        (
                            "round",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to="teams.teamround",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_teampenalty",
                        "ordering": ["id"],
                    },
                ),
                migrations.AddField(
                    model_name="teammatch",
                    name="round",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="matches", to="teams.teamround"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="teamevent",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("boards_per_match__gte", 1), ("boards_per_match__lte", 64)),
                        name="teams_boards_1_to_64",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="teamevent",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("rounds__gte", 1), ("rounds__lte", 60)), name="teams_rounds_1_to_60"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="team",
                    constraint=models.UniqueConstraint(fields=("event", "number"), name="team_number_unique"),
                ),
                migrations.AddConstraint(
                    model_name="team",
                    constraint=models.UniqueConstraint(fields=("event", "name"), name="team_name_unique"),
                ),
                migrations.AddConstraint(
                    model_name="teamlineup",
                    constraint=models.UniqueConstraint(fields=("match", "team"), name="team_lineup_unique"),
                ),
                migrations.AddConstraint(
                    model_name="teamboard",
                    constraint=models.UniqueConstraint(fields=("match", "number"), name="team_board_unique"),
                ),
                migrations.AddConstraint(
                    model_name="teamboard",
                    constraint=models.CheckConstraint(condition=models.Q(("number__gte", 1)), name="team_board_from_1"),
                ),
                migrations.AddConstraint(
                    model_name="teamroomscore",
                    constraint=models.UniqueConstraint(
                        fields=("match", "number", "room"), name="team_room_score_unique"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="teamroomscore",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("room__in", (1, 2))), name="team_room_score_room_1_or_2"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="teamround",
                    constraint=models.UniqueConstraint(fields=("event", "number"), name="team_round_unique"),
                ),
                migrations.AddConstraint(
                    model_name="teammatch",
                    constraint=models.UniqueConstraint(fields=("round", "table"), name="team_match_table_unique"),
                ),
                migrations.AddConstraint(
                    model_name="teammatch",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("home", models.F("away")), _negated=True), name="team_match_two_teams"
                    ),
                ),
            ],
        ),
    ]
