"""State only: the models moved here from the `tournaments` app (issue 21); their tables stay as they are
(`db_table`), so no row moves. The `tournaments` migration 0035_apps removes them from that app's state."""

import django.db.models.deletion
import tournaments.parties.models
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
                    name="Party",
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
                            "form",
                            models.CharField(
                                choices=[
                                    ("bridge", "Progressive Bridge (rounds of four deals)"),
                                    ("rubber", "Progressive Rubber Bridge (rubbers in a time limit)"),
                                    ("pivot", "Pivot Bridge (one table of 4 or 5)"),
                                    ("euchre", "Progressive Euchre with stars"),
                                    ("whist", "Progressive Whist (whist drive: tricks per pair)"),
                                    ("five-hundred", "Progressive Five Hundred (four-hand: points made and set back)"),
                                    ("cinch", "Progressive Cinch (the bell at 32: games won)"),
                                    ("solo", "Progressive Solo (everyone for himself: chips, the two pots)"),
                                ],
                                default="bridge",
                                max_length=16,
                            ),
                        ),
                        ("tables", models.PositiveSmallIntegerField(default=3)),
                        (
                            "mixed",
                            models.BooleanField(default=False, help_text="Ladies and gentlemen: every couple mixed"),
                        ),
                        (
                            "tally_draw",
                            models.CharField(
                                choices=[
                                    ("random", "Draw tally cards at random"),
                                    ("assigned", "I'll assign the tables myself"),
                                ],
                                default="random",
                                max_length=10,
                            ),
                        ),
                        (
                            "progression",
                            models.CharField(
                                choices=[
                                    ("standard", "Winners move up, partners change (Laws 5 and 6)"),
                                    ("fixed", "Winners move up, partners stay together"),
                                    ("ns_stationary", "North-South stay, East-West move one table"),
                                ],
                                default="standard",
                                max_length=16,
                            ),
                        ),
                        (
                            "head_table_keeps_partners",
                            models.BooleanField(
                                default=False,
                                help_text="Winners at table 1 keep their partners (the specimen announcement)",
                            ),
                        ),
                        (
                            "vulnerability",
                            models.CharField(
                                choices=[
                                    ("law9", "By deal: 1st none, 2nd & 3rd dealer's side, 4th both (Law 9)"),
                                    ("none", "Nobody vulnerable"),
                                    ("all", "Everybody vulnerable"),
                                ],
                                default="law9",
                                max_length=8,
                            ),
                        ),
                        (
                            "tie_rule",
                            models.CharField(
                                choices=[
                                    ("last_deal", "Higher score on the last deal (else cut the cards)"),
                                    ("cut", "Cut the cards"),
                                    ("north_south", "North-South win ties"),
                                    ("host", "Decided at the table (I'll say who won)"),
                                    ("half", "Cinch: half a game to each player, a cut decides who moves"),
                                ],
                                default="last_deal",
                                max_length=12,
                            ),
                        ),
                        ("planned_rounds", models.PositiveSmallIntegerField(default=6)),
                        ("prizes", models.JSONField(blank=True, default=tournaments.parties.models.default_prizes)),
                        (
                            "seed",
                            models.BigIntegerField(
                                default=0, help_text="Seeds the card draws, so they can be reproduced"
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[("setup", "Setting up"), ("playing", "Playing"), ("finished", "Finished")],
                                default="setup",
                                max_length=10,
                            ),
                        ),
                        (
                            "archived_at",
                            models.DateTimeField(blank=True, help_text="Put away by the host (restorable)", null=True),
                        ),
                        (
                            "host",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_party",
                        "ordering": ["-date", "-id"],
                    },
                ),
                migrations.CreateModel(
                    name="PartyGuest",
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
                        (
                            "group",
                            models.CharField(
                                blank=True,
                                choices=[("lady", "Lady"), ("gentleman", "Gentleman"), ("", "No distinction")],
                                default="",
                                max_length=10,
                            ),
                        ),
                        ("order", models.PositiveSmallIntegerField(default=0)),
                        (
                            "ghost",
                            models.BooleanField(
                                default=False, help_text="An empty seat filled by a ghost: it wins no place or prize"
                            ),
                        ),
                        (
                            "party",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, related_name="guests", to="parties.party"
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_partyguest",
                        "ordering": ["order", "id"],
                    },
                ),
                migrations.CreateModel(
                    name="PartyRound",
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
                            "progressed",
                            models.BooleanField(
                                default=False, help_text="The progression to the next round was called"
                            ),
                        ),
                        (
                            "party",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, related_name="rounds", to="parties.party"
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_partyround",
                        "ordering": ["number"],
                    },
                ),
                migrations.CreateModel(
                    name="PartyTable",
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
                        ("first_dealer", models.CharField(default="N", max_length=1)),
                        (
                            "entry",
                            models.CharField(
                                blank=True,
                                choices=[("", "Not entered"), ("deals", "Deal by deal"), ("totals", "Two totals")],
                                default="",
                                max_length=8,
                            ),
                        ),
                        ("ns_total", models.IntegerField(blank=True, null=True)),
                        ("ew_total", models.IntegerField(blank=True, null=True)),
                        (
                            "seat_totals",
                            models.JSONField(
                                blank=True,
                                default=dict,
                                help_text='An individual game (solo): each seat\'s round, {"N": 12, "E": -7, ...}',
                            ),
                        ),
                        (
                            "winner",
                            models.CharField(
                                blank=True,
                                choices=[
                                    ("", "—"),
                                    ("NS", "North-South"),
                                    ("EW", "East-West"),
                                    ("NE", "North and East"),
                                    ("NW", "North and West"),
                                    ("ES", "East and South"),
                                    ("SW", "South and West"),
                                ],
                                default="",
                                max_length=2,
                            ),
                        ),
                        (
                            "decided_by",
                            models.CharField(blank=True, default="", help_text="score or the tie rule", max_length=12),
                        ),
                        (
                            "east",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT, related_name="+", to="parties.partyguest"
                            ),
                        ),
                        (
                            "north",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT, related_name="+", to="parties.partyguest"
                            ),
                        ),
                        (
                            "round",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="tables",
                                to="parties.partyround",
                            ),
                        ),
                        (
                            "sitting_out",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="parties.partyguest",
                            ),
                        ),
                        (
                            "south",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT, related_name="+", to="parties.partyguest"
                            ),
                        ),
                        (
                            "west",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT, related_name="+", to="parties.partyguest"
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_partytable",
                        "ordering": ["round__number", "number"],
                    },
                ),
                migrations.CreateModel(
                    name="PartyDeal",
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
                        ("dealer", models.CharField(max_length=1)),
                        ("vulnerable", models.CharField(max_length=4)),
                        ("contract", models.CharField(help_text='"PASS" when passed out', max_length=8)),
                        ("declarer", models.CharField(blank=True, default="", max_length=1)),
                        ("tricks", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("honors_side", models.CharField(blank=True, default="", max_length=2)),
                        ("honors_points", models.PositiveSmallIntegerField(default=0)),
                        ("ns", models.IntegerField(default=0)),
                        ("ew", models.IntegerField(default=0)),
                        (
                            "table",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="deals",
                                to="parties.partytable",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_partydeal",
                        "ordering": ["table", "number"],
                    },
                ),
                migrations.AddConstraint(
                    model_name="party",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("tables__gte", 1), ("tables__lte", 60)), name="party_tables_1_to_60"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="party",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("planned_rounds__gte", 1), ("planned_rounds__lte", 40)),
                        name="party_rounds_1_to_40",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="partyguest",
                    constraint=models.UniqueConstraint(fields=("party", "name"), name="party_guest_name_unique"),
                ),
                migrations.AddConstraint(
                    model_name="partyround",
                    constraint=models.UniqueConstraint(fields=("party", "number"), name="party_round_unique"),
                ),
                migrations.AddConstraint(
                    model_name="partyround",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("number__gte", 1)), name="party_round_from_1"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="partytable",
                    constraint=models.UniqueConstraint(fields=("round", "number"), name="party_table_unique"),
                ),
                migrations.AddConstraint(
                    model_name="partytable",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("number__gte", 1)), name="party_table_from_1"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="partytable",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("first_dealer__in", ["N", "E", "S", "W"])), name="party_table_dealer_seat"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="partytable",
                    constraint=models.CheckConstraint(
                        condition=models.Q(
                            ("entry", ""),
                            models.Q(
                                ("ns_total__isnull", False),
                                ("ew_total__isnull", False),
                                models.Q(("winner", ""), _negated=True),
                            ),
                            _connector="OR",
                        ),
                        name="party_table_entered_has_winner",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="partydeal",
                    constraint=models.UniqueConstraint(fields=("table", "number"), name="party_deal_unique"),
                ),
                migrations.AddConstraint(
                    model_name="partydeal",
                    constraint=models.CheckConstraint(condition=models.Q(("number__gte", 1)), name="party_deal_from_1"),
                ),
                migrations.AddConstraint(
                    model_name="partydeal",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("tricks__isnull", True), ("tricks__lte", 13), _connector="OR"),
                        name="party_deal_tricks_0_13",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="partydeal",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("honors_points__in", [0, 100, 150])), name="party_deal_honors_points"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="partydeal",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("ns__gte", 0), ("ew__gte", 0)), name="party_deal_points_not_negative"
                    ),
                ),
            ],
        ),
    ]
