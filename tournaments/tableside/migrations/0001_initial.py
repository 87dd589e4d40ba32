"""State only: the models moved here from the `tournaments` app (issue 21); their tables stay as they are
(`db_table`), so no row moves. The `tournaments` migration 0035_apps removes them from that app's state."""

import django.db.models.deletion
import django.utils.timezone
import tournaments.tableside.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("tournaments", "0034_auction"),
        ("duplicate", "0001_initial"),
        ("parties", "0001_initial"),
        ("teams", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="RoundTimer",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("minutes", models.PositiveSmallIntegerField(default=15, help_text="Minutes a round")),
                        ("started_at", models.DateTimeField(blank=True, null=True)),
                        ("paused_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "paused_seconds",
                            models.FloatField(default=0.0, help_text="Time spent paused since the start"),
                        ),
                        ("extra_seconds", models.IntegerField(default=0)),
                        (
                            "session",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="round_timer",
                                to="duplicate.session",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_roundtimer",
                    },
                ),
                migrations.CreateModel(
                    name="TableLink",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "room",
                            models.PositiveSmallIntegerField(
                                blank=True, help_text="A teams match's room, 1 or 2", null=True
                            ),
                        ),
                        ("table", models.PositiveSmallIntegerField()),
                        (
                            "token",
                            models.CharField(
                                default=tournaments.tableside.models.new_token, max_length=32, unique=True
                            ),
                        ),
                        ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                        ("revoked_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "match",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="table_links",
                                to="teams.teammatch",
                            ),
                        ),
                        (
                            "section",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="table_links",
                                to="duplicate.section",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_tablelink",
                        "ordering": ["section", "table", "-id"],
                    },
                ),
                migrations.CreateModel(
                    name="TableEntry",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("client_id", models.CharField(max_length=64)),
                        ("round", models.PositiveSmallIntegerField()),
                        ("board", models.PositiveSmallIntegerField()),
                        ("contract", models.CharField(max_length=8)),
                        ("declarer", models.CharField(blank=True, max_length=1)),
                        ("lead", models.CharField(blank=True, max_length=3)),
                        ("tricks", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("ns_score", models.IntegerField(blank=True, null=True)),
                        (
                            "auction",
                            models.CharField(
                                blank=True, help_text='The calls from the dealer: "1H P 1S! P 4S P P P"', max_length=400
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("accepted", "Accepted"),
                                    ("agrees", "Agrees with the traveller"),
                                    ("disputed", "Disagrees with the traveller"),
                                    ("resolved", "Resolved by the director"),
                                ],
                                max_length=10,
                            ),
                        ),
                        ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                        (
                            "result",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="table_entries",
                                to="duplicate.result",
                            ),
                        ),
                        (
                            "link",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="entries",
                                to="tableside.tablelink",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_tableentry",
                        "ordering": ["created_at", "id"],
                    },
                ),
                migrations.CreateModel(
                    name="DirectorCall",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                        ("answered_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "answered_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "link",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="calls",
                                to="tableside.tablelink",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_directorcall",
                        "ordering": ["created_at"],
                    },
                ),
                migrations.CreateModel(
                    name="TableSettings",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "opponents_confirm",
                            models.BooleanField(
                                default=True, help_text="The opponents confirm each result on the phone"
                            ),
                        ),
                        (
                            "show_traveller",
                            models.BooleanField(default=True, help_text="After a board, show the traveller so far"),
                        ),
                        (
                            "sign_in",
                            models.BooleanField(
                                default=False, help_text="Players sign in with their member numbers at the start"
                            ),
                        ),
                        (
                            "hands_at_table",
                            models.BooleanField(
                                default=False,
                                help_text="Boards are dealt at the table: the first table to play a board enters its hands",
                            ),
                        ),
                        (
                            "show_hand",
                            models.BooleanField(
                                default=True, help_text="After a board, show its deal when it is known"
                            ),
                        ),
                        (
                            "traveller_names",
                            models.BooleanField(default=True, help_text="The traveller shows the pairs' names"),
                        ),
                        (
                            "traveller_percentages",
                            models.BooleanField(default=True, help_text="The traveller shows each line's percentage"),
                        ),
                        (
                            "running_percentage",
                            models.BooleanField(
                                default=False, help_text="The table sees its pairs' running percentage"
                            ),
                        ),
                        (
                            "ranking_after_round",
                            models.BooleanField(
                                default=False, help_text="After each round, the table sees the ranking"
                            ),
                        ),
                        (
                            "bidding",
                            models.BooleanField(
                                default=False, help_text="The table enters the auction on a bidding box"
                            ),
                        ),
                        (
                            "table_changes",
                            models.BooleanField(
                                default=False,
                                help_text="A table may change its own result until the round ends (the opponents confirm again)",
                            ),
                        ),
                        (
                            "section",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="table_settings",
                                to="duplicate.section",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_tablesettings",
                    },
                ),
                migrations.CreateModel(
                    name="ScreenLink",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "token",
                            models.CharField(
                                default=tournaments.tableside.models.new_token, max_length=32, unique=True
                            ),
                        ),
                        ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                        ("revoked_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "party",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="screen_links",
                                to="parties.party",
                            ),
                        ),
                        (
                            "session",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="screen_links",
                                to="duplicate.session",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_screenlink",
                        "ordering": ["-id"],
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(
                                    models.Q(("party__isnull", False), ("session__isnull", True)),
                                    models.Q(("party__isnull", True), ("session__isnull", False)),
                                    _connector="OR",
                                ),
                                name="screen_link_of_a_session_or_a_party",
                            ),
                            models.UniqueConstraint(
                                condition=models.Q(("revoked_at__isnull", True)),
                                fields=("session",),
                                name="one_live_screen_link_per_session",
                            ),
                            models.UniqueConstraint(
                                condition=models.Q(("revoked_at__isnull", True)),
                                fields=("party",),
                                name="one_live_screen_link_per_party",
                            ),
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="SignIn",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("table", models.PositiveSmallIntegerField()),
                        (
                            "seat",
                            models.CharField(
                                choices=[("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")], max_length=1
                            ),
                        ),
                        ("number", models.CharField(blank=True, help_text="The member number as typed", max_length=40)),
                        ("name", models.CharField(max_length=120)),
                        ("signed_at", models.DateTimeField(default=django.utils.timezone.now)),
                        (
                            "member",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                to="duplicate.member",
                            ),
                        ),
                        (
                            "section",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="sign_ins",
                                to="duplicate.section",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_signin",
                        "ordering": ["section", "table", "seat"],
                        "constraints": [
                            models.UniqueConstraint(fields=("section", "table", "seat"), name="one_sign_in_per_seat")
                        ],
                    },
                ),
                migrations.AddConstraint(
                    model_name="tablelink",
                    constraint=models.UniqueConstraint(
                        condition=models.Q(("revoked_at__isnull", True)),
                        fields=("section", "table"),
                        name="one_live_link_per_table",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="tablelink",
                    constraint=models.UniqueConstraint(
                        condition=models.Q(("match__isnull", False), ("revoked_at__isnull", True)),
                        fields=("match", "room"),
                        name="one_live_link_per_room",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="tablelink",
                    constraint=models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("match__isnull", True), ("room__isnull", True), ("section__isnull", False)),
                            models.Q(("match__isnull", False), ("room__in", (1, 2)), ("section__isnull", True)),
                            _connector="OR",
                        ),
                        name="table_link_of_a_section_or_a_room",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="tableentry",
                    constraint=models.UniqueConstraint(
                        fields=("link", "client_id"), name="table_entry_once_per_client_id"
                    ),
                ),
            ],
        ),
    ]
