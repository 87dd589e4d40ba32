"""Boards and results (traveller lines)."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.core.models import Timestamped
from tournaments.sessions.models.events import Entry, Section, Session
from tournaments.sessions.models.movements import TableRound

SEATS = [
    ("N", pgettext_lazy("seat", "North")),
    ("E", pgettext_lazy("seat", "East")),
    ("S", pgettext_lazy("seat", "South")),
    ("W", pgettext_lazy("seat", "West")),
]


class Board(models.Model):
    """A board of a session: number, dealer, vulnerability (from the number) and the deal if known."""

    class Vulnerability(models.TextChoices):
        NONE = "None", gettext_lazy("None")
        NS = "NS", gettext_lazy("N-S")
        EW = "EW", gettext_lazy("E-W")
        ALL = "All", gettext_lazy("All")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1, choices=SEATS)
    vulnerability = models.CharField(max_length=4, choices=Vulnerability.choices)
    deal = models.CharField(max_length=80, blank=True, help_text='PBN deal, e.g. "N:AKQ.... ... ... ..."')
    published_analysis = models.JSONField(
        default=dict,
        blank=True,
        help_text='The imported file\'s own double-dummy analysis: {"tricks": {"NT": {"N": 9, ...}}, "par_score": '
        '420, "par_contracts": ["NS 4S"]}; set against ours on import',
    )

    class Meta:
        db_table = "tournaments_board"
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="board_number_unique_in_session"),
            models.CheckConstraint(condition=Q(number__gte=1), name="board_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"


class Result(Timestamped):
    """One traveller line: a board played (or adjusted) between an NS and an EW entry.

    `kind` says how it scores: a played contract (ns_score from the contract), an assigned contract
    (the director's contract, scored the same way), a weighted score (several contracts with weights),
    an artificial adjusted score (percentages, or IMPs in an IMP session) or not played.
    """

    class Kind(models.TextChoices):
        PLAYED = "played", gettext_lazy("Played")
        ASSIGNED = "assigned", gettext_lazy("Assigned score")
        WEIGHTED = "weighted", gettext_lazy("Weighted score")
        ARTIFICIAL = "artificial", gettext_lazy("Artificial adjusted score")
        NOT_PLAYED = "not_played", gettext_lazy("Not played")

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="results")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="results")
    table_round = models.ForeignKey(
        TableRound,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="results",
        help_text=gettext_lazy("Where it was played in the movement (empty for imported results without rounds)"),
    )
    ns_entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="ns_results")
    ew_entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="ew_results")
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.PLAYED)
    contract = models.CharField(max_length=8, blank=True, help_text='"4S", "3NTX", "PASS"')
    declarer = models.CharField(max_length=1, choices=SEATS, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    lead = models.CharField(max_length=3, blank=True)
    auction = models.CharField(
        max_length=400,
        blank=True,
        help_text='The calls from the dealer as the table entered them, alerts marked "!": "1H P 1S! P 4S P P P"',
    )
    play = models.CharField(
        max_length=200,
        blank=True,
        help_text=gettext_lazy(
            'The cards in the order played from the opening lead, a claim last: "HT H2 HA H5 ... =9"'
        ),
    )
    ns_score = models.IntegerField(null=True, blank=True, help_text=gettext_lazy("The score from N-S's side"))
    version = models.PositiveIntegerField(
        default=1, help_text=gettext_lazy("Bumped on every change: a stale save is refused")
    )
    ns_percent = models.FloatField(null=True, blank=True, help_text=gettext_lazy("Artificial score for NS, e.g. 60"))
    ew_percent = models.FloatField(null=True, blank=True, help_text=gettext_lazy("Artificial score for EW, e.g. 40"))
    published_ns_points = models.FloatField(
        null=True, blank=True, help_text=gettext_lazy("NS's points as an imported file gave")
    )
    published_ew_points = models.FloatField(
        null=True, blank=True, help_text=gettext_lazy("EW's points as an imported file gave")
    )
    weighted = models.JSONField(
        default=list,
        blank=True,
        help_text='[{"weight": 0.5, "contract": "4S", "declarer": "N", "tricks": 10, "ns_score": 420}]',
    )

    revoke = models.JSONField(
        default=dict,
        blank=True,
        help_text='Duplicate whist, Law X s. 4: {"side": "EW", "count": 1, "tricks_before": 0, "full_penalty": false}',
    )

    class Meta:
        db_table = "tournaments_result"
        ordering = ["section", "board__number", "ns_entry__number"]
        constraints = [
            models.UniqueConstraint(fields=["board", "ns_entry"], name="one_result_per_board_per_ns_entry"),
            models.UniqueConstraint(fields=["board", "ew_entry"], name="one_result_per_board_per_ew_entry"),
            models.CheckConstraint(condition=~Q(ns_entry=F("ew_entry")), name="result_not_against_itself"),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__lte=13), name="result_tricks_at_most_13"
            ),
            models.CheckConstraint(
                condition=~Q(kind__in=["played", "assigned"]) | Q(ns_score__isnull=False),
                name="played_result_has_a_score",
            ),
            models.CheckConstraint(
                condition=~Q(kind="artificial") | (Q(ns_percent__isnull=False) & Q(ew_percent__isnull=False)),
                name="artificial_result_has_both_percentages",
            ),
        ]
        indexes = [models.Index(fields=["section", "board"], name="result_section_board_idx")]

    def __str__(self) -> str:
        return f"Board {self.board.number}: {self.ns_entry.label} v {self.ew_entry.label}"
