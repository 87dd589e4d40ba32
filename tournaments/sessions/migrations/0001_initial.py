"""State only: the models moved here from the `tournaments` app (issue 21); their tables stay as they are
(`db_table`), so no row moves. The `tournaments` migration 0035_apps removes them from that app's state."""

import django.db.models.deletion
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
                    name="Board",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("number", models.PositiveSmallIntegerField()),
                        (
                            "dealer",
                            models.CharField(
                                choices=[("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")], max_length=1
                            ),
                        ),
                        (
                            "vulnerability",
                            models.CharField(
                                choices=[("None", "None"), ("NS", "N-S"), ("EW", "E-W"), ("All", "All")], max_length=4
                            ),
                        ),
                        (
                            "deal",
                            models.CharField(
                                blank=True, help_text='PBN deal, e.g. "N:AKQ.... ... ... ..."', max_length=80
                            ),
                        ),
                        (
                            "published_analysis",
                            models.JSONField(
                                blank=True,
                                default=dict,
                                help_text='The imported file\'s own double-dummy analysis: {"tricks": {"NT": {"N": 9, ...}}, "par_score": 420, "par_contracts": ["NS 4S"]}; set against ours on import',
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_board",
                        "ordering": ["session", "number"],
                    },
                ),
                migrations.CreateModel(
                    name="DoubleDummyAnalysis",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "key",
                            models.CharField(
                                help_text='"<vul>:<dealer>:N:AKQ2.KJ3.T98.Q76 ..."', max_length=100, unique=True
                            ),
                        ),
                        ("tricks", models.JSONField(help_text='{"NT": {"N": 9, "E": 4, ...}, "S": {...}, ...}')),
                        ("par_score", models.IntegerField(help_text="From North-South's side")),
                        ("par_contracts", models.JSONField(default=list)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                    ],
                    options={
                        "db_table": "tournaments_doubledummyanalysis",
                    },
                ),
                migrations.CreateModel(
                    name="Entry",
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
                            "direction",
                            models.CharField(
                                blank=True,
                                choices=[("NS", "North-South"), ("EW", "East-West"), ("", "Either (Howell)")],
                                default="",
                                max_length=2,
                            ),
                        ),
                        ("label", models.CharField(help_text="As the movement names it: 3NS, 3EW, 7", max_length=12)),
                        ("late", models.BooleanField(default=False, help_text="Added after the session was set up")),
                        (
                            "published_total",
                            models.FloatField(blank=True, help_text="The total an imported file gave", null=True),
                        ),
                        (
                            "published_percentage",
                            models.FloatField(blank=True, help_text="The percentage it gave", null=True),
                        ),
                        (
                            "published_place",
                            models.CharField(blank=True, help_text="The place it gave, as written", max_length=8),
                        ),
                        (
                            "handicap",
                            models.FloatField(
                                blank=True,
                                help_text="Typed by the director, in percentage points (none: from the club ratings)",
                                null=True,
                            ),
                        ),
                    ],
                    options={
                        "verbose_name_plural": "entries",
                        "db_table": "tournaments_entry",
                        "ordering": ["section", "direction", "number"],
                    },
                ),
                migrations.CreateModel(
                    name="Section",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("letter", models.CharField(default="A", max_length=4)),
                        (
                            "movement_kind",
                            models.CharField(
                                choices=[
                                    ("mitchell", "Mitchell"),
                                    ("howell", "Howell"),
                                    ("individual", "Individual"),
                                    ("teams", "Teams of four"),
                                    ("replay", "Replay duplicate"),
                                    ("swiss", "Swiss pairs"),
                                    ("imported", "Imported"),
                                ],
                                max_length=16,
                            ),
                        ),
                        ("movement_variant", models.CharField(blank=True, max_length=24)),
                        ("tables", models.PositiveSmallIntegerField()),
                        ("rounds", models.PositiveSmallIntegerField()),
                        ("boards_per_round", models.PositiveSmallIntegerField()),
                        (
                            "winners",
                            models.PositiveSmallIntegerField(
                                default=2, help_text="2 for NS and EW winners, 1 for one field"
                            ),
                        ),
                        (
                            "version",
                            models.PositiveIntegerField(
                                default=1,
                                help_text="Bumped by every write to the section's results, rulings, pairs or names",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_section",
                        "ordering": ["session", "letter"],
                    },
                ),
                migrations.CreateModel(
                    name="Event",
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
                        ("club", models.CharField(blank=True, max_length=160)),
                        (
                            "kind",
                            models.CharField(
                                choices=[("pairs", "Pairs"), ("teams", "Teams"), ("individual", "Individual")],
                                default="pairs",
                                max_length=16,
                            ),
                        ),
                        (
                            "carry_over",
                            models.CharField(
                                choices=[
                                    ("none", "None: the last session alone decides"),
                                    ("full", "Full: every session counts the same"),
                                    ("percent", "A percentage of the earlier sessions"),
                                ],
                                default="full",
                                help_text="How earlier sessions count in the overall standings of a multi-session event",
                                max_length=8,
                            ),
                        ),
                        (
                            "carry_over_percent",
                            models.PositiveSmallIntegerField(
                                default=50,
                                help_text="With a percentage carry-over: how much each earlier session counts (0-100)",
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
                        "db_table": "tournaments_event",
                    },
                ),
                migrations.CreateModel(
                    name="Member",
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
                        (
                            "national_id",
                            models.CharField(blank=True, help_text="EBU/ACBL/ABF number, if any", max_length=40),
                        ),
                        ("email", models.EmailField(blank=True, max_length=254)),
                        ("active", models.BooleanField(default=True)),
                        (
                            "email_opt_out",
                            models.BooleanField(
                                default=False, help_text="Wants no results by e-mail (the unsubscribe link)"
                            ),
                        ),
                        (
                            "links_valid_from",
                            models.DateTimeField(
                                blank=True, help_text="Private results links made before this were revoked", null=True
                            ),
                        ),
                        (
                            "user",
                            models.OneToOneField(
                                blank=True,
                                help_text="The player login that sees this member's own history",
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="member",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_member",
                        "ordering": ["name"],
                    },
                ),
                migrations.CreateModel(
                    name="EntryPlayer",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "seat",
                            models.PositiveSmallIntegerField(default=1, help_text="1 or 2 in a pair; 1-4 in a team"),
                        ),
                        ("name", models.CharField(max_length=120)),
                        ("national_id", models.CharField(blank=True, max_length=40)),
                        (
                            "entry",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="players",
                                to="duplicate.entry",
                            ),
                        ),
                        (
                            "member",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                to="duplicate.member",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_entryplayer",
                        "ordering": ["entry", "seat"],
                    },
                ),
                migrations.CreateModel(
                    name="PointsScheme",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "kind",
                            models.CharField(
                                choices=[
                                    ("formula", "Formula (points per pair in the field)"),
                                    ("table", "Table typed by the director"),
                                ],
                                default="formula",
                                max_length=8,
                            ),
                        ),
                        (
                            "per_entry",
                            models.PositiveSmallIntegerField(
                                default=6, help_text="Winner's points per pair in the field"
                            ),
                        ),
                        (
                            "share_percent",
                            models.PositiveSmallIntegerField(
                                default=33, help_text="Share of the field that earns points"
                            ),
                        ),
                        ("cap", models.PositiveIntegerField(default=1000, help_text="Most points a winner earns")),
                        ("table", models.TextField(blank=True, help_text="One line per field size: '10: 12 8 6 4'")),
                        (
                            "point_type",
                            models.CharField(default="GREEN", help_text="USEBIO MASTER_POINT_TYPE", max_length=16),
                        ),
                        (
                            "event",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="points_scheme",
                                to="duplicate.event",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_pointsscheme",
                    },
                ),
                migrations.CreateModel(
                    name="RankingRules",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "handicap",
                            models.CharField(
                                choices=[
                                    ("none", "No handicapped ranking"),
                                    ("full", "Full handicap"),
                                    ("half", "Half handicap"),
                                ],
                                default="none",
                                max_length=8,
                            ),
                        ),
                        (
                            "handicap_from_rating",
                            models.BooleanField(
                                default=True,
                                help_text="A pair without a typed handicap takes its players' club ratings less 50",
                            ),
                        ),
                        (
                            "strata_by",
                            models.CharField(
                                choices=[
                                    ("none", "No strata"),
                                    ("rating", "The pair's club rating (the mean of its players')"),
                                    ("points", "The pair's master points (the mean of its players')"),
                                ],
                                default="none",
                                max_length=8,
                            ),
                        ),
                        (
                            "strata",
                            models.CharField(
                                blank=True,
                                help_text="From the top, each with its least figure: 'A: 55, B: 48, C'",
                                max_length=200,
                            ),
                        ),
                        (
                            "event",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="ranking_rules",
                                to="duplicate.event",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_rankingrules",
                    },
                ),
                migrations.CreateModel(
                    name="Result",
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
                            models.CharField(
                                choices=[
                                    ("played", "Played"),
                                    ("assigned", "Assigned score"),
                                    ("weighted", "Weighted score"),
                                    ("artificial", "Artificial adjusted score"),
                                    ("not_played", "Not played"),
                                ],
                                default="played",
                                max_length=16,
                            ),
                        ),
                        ("contract", models.CharField(blank=True, help_text='"4S", "3NTX", "PASS"', max_length=8)),
                        (
                            "declarer",
                            models.CharField(
                                blank=True,
                                choices=[("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")],
                                max_length=1,
                            ),
                        ),
                        ("tricks", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("lead", models.CharField(blank=True, max_length=3)),
                        (
                            "auction",
                            models.CharField(
                                blank=True,
                                help_text='The calls from the dealer as the table entered them, alerts marked "!": "1H P 1S! P 4S P P P"',
                                max_length=400,
                            ),
                        ),
                        ("ns_score", models.IntegerField(blank=True, help_text="The score from N-S's side", null=True)),
                        (
                            "version",
                            models.PositiveIntegerField(
                                default=1, help_text="Bumped on every change: a stale save is refused"
                            ),
                        ),
                        (
                            "ns_percent",
                            models.FloatField(blank=True, help_text="Artificial score for NS, e.g. 60", null=True),
                        ),
                        (
                            "ew_percent",
                            models.FloatField(blank=True, help_text="Artificial score for EW, e.g. 40", null=True),
                        ),
                        (
                            "published_ns_points",
                            models.FloatField(blank=True, help_text="NS's points as an imported file gave", null=True),
                        ),
                        (
                            "published_ew_points",
                            models.FloatField(blank=True, help_text="EW's points as an imported file gave", null=True),
                        ),
                        (
                            "weighted",
                            models.JSONField(
                                blank=True,
                                default=list,
                                help_text='[{"weight": 0.5, "contract": "4S", "declarer": "N", "tricks": 10, "ns_score": 420}]',
                            ),
                        ),
                        (
                            "board",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="results",
                                to="duplicate.board",
                            ),
                        ),
                        (
                            "ew_entry",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="ew_results",
                                to="duplicate.entry",
                            ),
                        ),
                        (
                            "ns_entry",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="ns_results",
                                to="duplicate.entry",
                            ),
                        ),
                        (
                            "section",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="results",
                                to="duplicate.section",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_result",
                        "ordering": ["section", "board__number", "ns_entry__number"],
                    },
                ),
                migrations.AddField(
                    model_name="entry",
                    name="section",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="entries", to="duplicate.section"
                    ),
                ),
                migrations.CreateModel(
                    name="Session",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("name", models.CharField(default="Session 1", max_length=120)),
                        ("number", models.PositiveSmallIntegerField(default=1)),
                        ("date", models.DateField()),
                        (
                            "scoring_method",
                            models.CharField(
                                choices=[
                                    ("mp", "Match points"),
                                    ("butler", "IMP pairs (Butler)"),
                                    ("cross_imps", "IMP pairs (cross-IMPs)"),
                                    ("total", "Total points"),
                                ],
                                default="mp",
                                max_length=16,
                            ),
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
                            "edition",
                            models.CharField(
                                choices=[("current", "Current laws"), ("1963", "1963 laws")],
                                default="current",
                                max_length=8,
                            ),
                        ),
                        (
                            "use_neuberg",
                            models.BooleanField(default=True, help_text="Factor boards played fewer times (Neuberg)"),
                        ),
                        (
                            "scale_missed_boards",
                            models.BooleanField(
                                default=True, help_text="Scale a pair's total by boards expected / boards played"
                            ),
                        ),
                        (
                            "average_plus_own_percentage",
                            models.BooleanField(
                                default=False,
                                help_text="Average plus is the better of 60% and the pair's own session percentage",
                            ),
                        ),
                        (
                            "average_minus_own_percentage",
                            models.BooleanField(
                                default=False,
                                help_text="Average minus is the worse of 40% and the offending pair's own session percentage",
                            ),
                        ),
                        (
                            "neuberg_rounding",
                            models.CharField(
                                choices=[
                                    ("none", "None: add up the exact figures (Bridgedesk)"),
                                    ("0.01", "Two decimals of a match point on each board"),
                                    ("0.1", "One decimal of a match point on each board"),
                                    ("0.01%", "Two decimals of the board's percentage (Compscore3)"),
                                ],
                                default="none",
                                help_text="How a board factored with Neuberg's formula is rounded before the totals add it up",
                                max_length=8,
                            ),
                        ),
                        (
                            "scores_shown",
                            models.CharField(
                                choices=[
                                    ("bridgedesk", "Bridgedesk's own arithmetic"),
                                    ("published", "The figures the imported file published"),
                                ],
                                default="bridgedesk",
                                help_text="An imported session shows the file's figures until the director re-scores it",
                                max_length=12,
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[("setup", "Setting up"), ("playing", "Playing"), ("finished", "Finished")],
                                default="setup",
                                max_length=16,
                            ),
                        ),
                        ("finished_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "finished_by",
                            models.CharField(blank=True, help_text="Who marked the session finished", max_length=150),
                        ),
                        (
                            "source",
                            models.CharField(
                                blank=True, help_text="Where an imported session came from", max_length=200
                            ),
                        ),
                        (
                            "deal_seed",
                            models.CharField(
                                blank=True,
                                help_text="The secret seed Bridgedesk dealt the boards from (directors only)",
                                max_length=32,
                            ),
                        ),
                        (
                            "source_digest",
                            models.CharField(
                                blank=True,
                                db_index=True,
                                help_text="SHA-256 of the imported file: a second import is noticed",
                                max_length=64,
                            ),
                        ),
                        (
                            "archived_at",
                            models.DateTimeField(
                                blank=True,
                                help_text="Put away by a director: off the lists and public pages, kept whole",
                                null=True,
                            ),
                        ),
                        (
                            "event",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="sessions",
                                to="duplicate.event",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_session",
                        "ordering": ["-date", "-id"],
                    },
                ),
                migrations.AddField(
                    model_name="section",
                    name="session",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="sections", to="duplicate.session"
                    ),
                ),
                migrations.CreateModel(
                    name="Ruling",
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
                            "decision",
                            models.CharField(
                                choices=[
                                    ("score_stands", "Score stands"),
                                    ("artificial", "Artificial adjusted score"),
                                    ("assigned", "Assigned adjusted score"),
                                    ("weighted", "Weighted assigned score"),
                                    ("not_played", "Board not played"),
                                    ("procedural_penalty", "Procedural penalty"),
                                    ("disciplinary_penalty", "Disciplinary penalty"),
                                ],
                                max_length=24,
                            ),
                        ),
                        ("law", models.CharField(blank=True, help_text='e.g. "Law 16B", "Law 12C1(e)"', max_length=40)),
                        ("facts", models.TextField(blank=True)),
                        (
                            "details",
                            models.JSONField(
                                blank=True, default=dict, help_text="Percentages, weights, penalty size ..."
                            ),
                        ),
                        (
                            "penalty",
                            models.FloatField(
                                blank=True,
                                help_text="Match points (or IMPs) taken from the entry's total; positive number",
                                null=True,
                            ),
                        ),
                        (
                            "appeal",
                            models.CharField(
                                choices=[
                                    ("none", "No appeal"),
                                    ("pending", "Appeal pending"),
                                    ("upheld", "Ruling upheld"),
                                    ("changed", "Ruling changed on appeal"),
                                ],
                                default="none",
                                max_length=12,
                            ),
                        ),
                        (
                            "version",
                            models.PositiveIntegerField(
                                default=1, help_text="Bumped on every change: a stale save is refused"
                            ),
                        ),
                        (
                            "board",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rulings",
                                to="duplicate.board",
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
                        (
                            "entry",
                            models.ForeignKey(
                                blank=True,
                                help_text="The pair a penalty is given to",
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rulings",
                                to="duplicate.entry",
                            ),
                        ),
                        (
                            "result",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="rulings",
                                to="duplicate.result",
                            ),
                        ),
                        (
                            "section",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rulings",
                                to="duplicate.section",
                            ),
                        ),
                        (
                            "session",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rulings",
                                to="duplicate.session",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_ruling",
                        "ordering": ["session", "created_at"],
                    },
                ),
                migrations.CreateModel(
                    name="RatingEntry",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("percentage", models.FloatField(help_text="The pair's percentage")),
                        ("performance", models.FloatField(help_text="The percentage corrected for field and partner")),
                        ("boards", models.PositiveSmallIntegerField()),
                        ("before", models.FloatField()),
                        ("after", models.FloatField()),
                        ("weight", models.FloatField(help_text="Boards (faded) behind the rating after this session")),
                        (
                            "order",
                            models.PositiveIntegerField(
                                help_text="Position of the session in the club's rated history"
                            ),
                        ),
                        (
                            "member",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="ratings",
                                to="duplicate.member",
                            ),
                        ),
                        (
                            "session",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="ratings",
                                to="duplicate.session",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_ratingentry",
                        "ordering": ["member", "order"],
                    },
                ),
                migrations.CreateModel(
                    name="MasterPointAward",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("points", models.PositiveIntegerField()),
                        ("point_type", models.CharField(max_length=16)),
                        ("place", models.CharField(blank=True, max_length=8)),
                        (
                            "entry",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, related_name="awards", to="duplicate.entry"
                            ),
                        ),
                        (
                            "session",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="awards",
                                to="duplicate.session",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_masterpointaward",
                    },
                ),
                migrations.AddField(
                    model_name="board",
                    name="session",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="boards", to="duplicate.session"
                    ),
                ),
                migrations.CreateModel(
                    name="TableRound",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("round", models.PositiveSmallIntegerField()),
                        ("table", models.PositiveSmallIntegerField()),
                        (
                            "boards",
                            models.JSONField(default=list, help_text="Board numbers played at this table this round"),
                        ),
                        (
                            "ew_entry",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="duplicate.entry",
                            ),
                        ),
                        (
                            "ns_entry",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="duplicate.entry",
                            ),
                        ),
                        (
                            "section",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="table_rounds",
                                to="duplicate.section",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_tableround",
                        "ordering": ["section", "round", "table"],
                    },
                ),
                migrations.AddField(
                    model_name="result",
                    name="table_round",
                    field=models.ForeignKey(
                        blank=True,
                        help_text="Where it was played in the movement (empty for imported results without rounds)",
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="results",
                        to="duplicate.tableround",
                    ),
                ),
                migrations.AddIndex(
                    model_name="member",
                    index=models.Index(fields=["name"], name="member_name_idx"),
                ),
                migrations.AddConstraint(
                    model_name="entryplayer",
                    constraint=models.UniqueConstraint(fields=("entry", "seat"), name="player_seat_unique_in_entry"),
                ),
                migrations.AddConstraint(
                    model_name="entry",
                    constraint=models.UniqueConstraint(
                        fields=("section", "label"), name="entry_label_unique_in_section"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="entry",
                    constraint=models.UniqueConstraint(
                        fields=("section", "number", "direction"), name="entry_number_unique_in_section"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="entry",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("number__gte", 1)), name="entry_number_positive"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="session",
                    constraint=models.UniqueConstraint(
                        fields=("event", "number"), name="session_number_unique_in_event"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="section",
                    constraint=models.UniqueConstraint(
                        fields=("session", "letter"), name="section_letter_unique_in_session"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="section",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("tables__gte", 1)), name="section_has_tables"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="section",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("rounds__gte", 1)), name="section_has_rounds"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="section",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("boards_per_round__gte", 1)), name="section_has_boards_per_round"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="section",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("winners__in", [1, 2])), name="section_winners_one_or_two"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="ruling",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("penalty__isnull", True), ("penalty__gte", 0), _connector="OR"),
                        name="ruling_penalty_not_negative",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="ratingentry",
                    constraint=models.UniqueConstraint(
                        fields=("member", "session"), name="one_rating_per_member_session"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="masterpointaward",
                    constraint=models.UniqueConstraint(fields=("session", "entry"), name="one_award_per_entry"),
                ),
                migrations.AddConstraint(
                    model_name="board",
                    constraint=models.UniqueConstraint(
                        fields=("session", "number"), name="board_number_unique_in_session"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="board",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("number__gte", 1)), name="board_number_positive"
                    ),
                ),
                migrations.AddIndex(
                    model_name="tableround",
                    index=models.Index(fields=["section", "ns_entry"], name="tableround_ns_idx"),
                ),
                migrations.AddConstraint(
                    model_name="tableround",
                    constraint=models.UniqueConstraint(
                        fields=("section", "round", "table"), name="one_row_per_table_per_round"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="tableround",
                    constraint=models.UniqueConstraint(
                        fields=("section", "round", "ns_entry"), name="ns_entry_seated_once_per_round"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="tableround",
                    constraint=models.UniqueConstraint(
                        fields=("section", "round", "ew_entry"), name="ew_entry_seated_once_per_round"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="tableround",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("ns_entry", models.F("ew_entry")), _negated=True),
                        name="table_round_not_against_itself",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="tableround",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("round__gte", 1), ("table__gte", 1)), name="table_round_numbers_positive"
                    ),
                ),
                migrations.AddIndex(
                    model_name="result",
                    index=models.Index(fields=["section", "board"], name="result_section_board_idx"),
                ),
                migrations.AddConstraint(
                    model_name="result",
                    constraint=models.UniqueConstraint(
                        fields=("board", "ns_entry"), name="one_result_per_board_per_ns_entry"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="result",
                    constraint=models.UniqueConstraint(
                        fields=("board", "ew_entry"), name="one_result_per_board_per_ew_entry"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="result",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("ns_entry", models.F("ew_entry")), _negated=True),
                        name="result_not_against_itself",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="result",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("tricks__isnull", True), ("tricks__lte", 13), _connector="OR"),
                        name="result_tricks_at_most_13",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="result",
                    constraint=models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("kind__in", ["played", "assigned"]), _negated=True),
                            ("ns_score__isnull", False),
                            _connector="OR",
                        ),
                        name="played_result_has_a_score",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="result",
                    constraint=models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("kind", "artificial"), _negated=True),
                            models.Q(("ns_percent__isnull", False), ("ew_percent__isnull", False)),
                            _connector="OR",
                        ),
                        name="artificial_result_has_both_percentages",
                    ),
                ),
            ],
        ),
    ]
