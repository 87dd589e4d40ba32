"""Progressive parties: the party and the host's rules, guests, rounds, each table's round and its deals.

Standings, tallies and prizes are derived (tournaments.parties.selectors); nothing here is typed twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.core.models import Timestamped
from tournaments.core.tenancy import ClubScoped, tenant_field
from tournaments.parties.tallies import PRIZES

__all__ = ["SEAT_COLUMNS", "Party", "PartyDeal", "PartyGuest", "PartyRound", "PartyTable", "seat_ids_of"]


def default_prizes() -> list[str]:
    return ["highest", "second", "booby"]


class Party(Timestamped):
    """A progressive party: the form of the game and the rules the host announces before play."""

    tenant = tenant_field()

    class Form(models.TextChoices):
        BRIDGE = "bridge", _("Progressive Bridge (rounds of four deals)")
        RUBBER = "rubber", _("Progressive Rubber Bridge (rubbers in a time limit)")
        PIVOT = "pivot", _("Pivot Bridge (one table of 4 or 5)")
        EUCHRE = "euchre", _("Progressive Euchre with stars")
        WHIST = "whist", _("Progressive Whist (whist drive: tricks per pair)")
        FIVE_HUNDRED = "five-hundred", _("Progressive Five Hundred (four-hand: points made and set back)")
        CINCH = "cinch", _("Progressive Cinch (the bell at 32: games won)")
        SOLO = "solo", _("Progressive Solo (everyone for himself: chips, the two pots)")

    class Progression(models.TextChoices):
        STANDARD = "standard", _("Winners move up, partners change (Laws 5 and 6)")
        FIXED = "fixed", _("Winners move up, partners stay together")
        NS_STATIONARY = "ns_stationary", _("North-South stay, East-West move one table")

    class Vulnerability(models.TextChoices):
        LAW9 = "law9", _("By deal: 1st none, 2nd & 3rd dealer's side, 4th both (Law 9)")
        NONE = "none", _("Nobody vulnerable")
        ALL = "all", _("Everybody vulnerable")

    class TieRule(models.TextChoices):
        LAST_DEAL = "last_deal", _("Higher score on the last deal (else cut the cards)")
        CUT = "cut", _("Cut the cards")
        NORTH_SOUTH = "north_south", _("North-South win ties")
        HOST = "host", _("Decided at the table (I'll say who won)")
        HALF = "half", _("Cinch: half a game to each player, a cut decides who moves")

    class TallyDraw(models.TextChoices):
        RANDOM = "random", _("Draw tally cards at random")
        ASSIGNED = "assigned", _("I'll assign the tables myself")

    class Status(models.TextChoices):
        SETUP = "setup", _("Setting up")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")

    name = models.CharField(max_length=120)
    date = models.DateField()
    host = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    form = models.CharField(max_length=16, choices=Form.choices, default=Form.BRIDGE)
    tables = models.PositiveSmallIntegerField(default=3)
    mixed = models.BooleanField(default=False, help_text=_("Ladies and gentlemen: every couple mixed"))
    tally_draw = models.CharField(max_length=10, choices=TallyDraw.choices, default=TallyDraw.RANDOM)
    progression = models.CharField(max_length=16, choices=Progression.choices, default=Progression.STANDARD)
    head_table_keeps_partners = models.BooleanField(
        default=False, help_text=_("Winners at table 1 keep their partners (the specimen announcement)")
    )
    vulnerability = models.CharField(max_length=8, choices=Vulnerability.choices, default=Vulnerability.LAW9)
    tie_rule = models.CharField(max_length=12, choices=TieRule.choices, default=TieRule.LAST_DEAL)
    planned_rounds = models.PositiveSmallIntegerField(default=6)
    hands = models.PositiveSmallIntegerField(
        default=4,
        choices=[(3, _("Three-hand")), (4, _("Four-hand")), (5, _("Five-hand")), (6, _("Six-hand"))],
        help_text=_("Players at a table: five hundred is played three, four, five or six at a table"),
    )
    prizes = models.JSONField(default=default_prizes, blank=True)
    seed = models.BigIntegerField(default=0, help_text=_("Seeds the card draws, so they can be reproduced"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)
    archived_at = models.DateTimeField(null=True, blank=True, help_text=_("Put away by the host (restorable)"))
    version = models.PositiveIntegerField(
        default=0, help_text=_("Bumped by every write to the party: its pages' ETags and pushes are keyed on it")
    )

    objects = ClubScoped(("tenant", ""))

    class Meta:
        db_table = "tournaments_party"
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(tables__gte=1) & Q(tables__lte=60), name="party_tables_1_to_60"),
            models.CheckConstraint(
                condition=Q(planned_rounds__gte=1) & Q(planned_rounds__lte=40), name="party_rounds_1_to_40"
            ),
            models.CheckConstraint(condition=Q(hands__gte=3) & Q(hands__lte=6), name="party_hands_3_to_6"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("parties:detail", args=[self.pk])

    @property
    def prize_labels(self) -> list[str]:
        return [PRIZES.get(p, p) for p in self.prizes]


class PartyGuest(Timestamped):
    """A guest, in the order the host listed them."""

    ROOT_PATH: ClassVar[str] = "party"  # its event, for core/owners.root_of

    class Group(models.TextChoices):
        LADY = "lady", _("Lady")
        GENTLEMAN = "gentleman", _("Gentleman")
        NONE = "", _("No distinction")

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="guests")
    name = models.CharField(max_length=80)
    group = models.CharField(max_length=10, choices=Group.choices, blank=True, default="")
    order = models.PositiveSmallIntegerField(default=0)
    ghost = models.BooleanField(
        default=False, help_text=_("An empty seat filled by a ghost: it wins no place or prize")
    )

    class Meta:
        db_table = "tournaments_partyguest"
        ordering = ["order", "id"]
        constraints = [
            models.UniqueConstraint(fields=["party", "name"], name="party_guest_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class PartyRound(Timestamped):
    """One round: every table plays it, then the host calls the progression."""

    ROOT_PATH: ClassVar[str] = "party"  # its event, for core/owners.root_of

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    progressed = models.BooleanField(default=False, help_text=_("The progression to the next round was called"))

    class Meta:
        db_table = "tournaments_partyround"
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["party", "number"], name="party_round_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="party_round_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.party} round {self.number}"


SEAT_COLUMNS = ("north_id", "east_id", "south_id", "west_id", "fifth_id", "sixth_id")


def seat_ids_of(ids: Sequence[int | None]) -> dict[str, str]:
    """Seat -> guest id (a string) from a table's six seat columns in `SEAT_COLUMNS` order: N, E, S, W at a table of
    four, "1" to "6" at five hundred's tables of 3, 5 or 6; shared by the model and the readers of plain rows."""
    if sum(1 for pk in ids[3:] if pk is not None) == 1:  # a table of four: west seated, no fifth nor sixth
        return {s: str(pk) for s, pk in zip("NESW", ids, strict=False)}
    return {str(i): str(pk) for i, pk in enumerate((pk for pk in ids if pk is not None), start=1)}


class PartyTable(Timestamped):
    """One table in one round: who sits where, who deals first, and the result once it is entered."""

    ROOT_PATH: ClassVar[str] = "round.party"  # its event, for core/owners.root_of

    class Entry(models.TextChoices):
        NONE = "", _("Not entered")
        DEALS = "deals", _("Deal by deal")
        TOTALS = "totals", _("Two totals")

    class Side(models.TextChoices):
        """The winners' two seats: a pair (N-S, E-W), or the two high players of an individual game (solo)."""

        NONE = "", _("—")
        NS = "NS", _("North-South")
        EW = "EW", _("East-West")
        NE = "NE", _("North and East")
        NW = "NW", _("North and West")
        ES = "ES", _("East and South")
        SW = "SW", _("South and West")

    round = models.ForeignKey(PartyRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    north = models.ForeignKey(PartyGuest, on_delete=models.PROTECT, related_name="+")
    east = models.ForeignKey(PartyGuest, on_delete=models.PROTECT, related_name="+")
    south = models.ForeignKey(PartyGuest, on_delete=models.PROTECT, related_name="+")
    west = models.ForeignKey(PartyGuest, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    # Five hundred at three, five or six: seats 1 to 6 are north, east, south, west, fifth, sixth (seat 1 deals
    # first); a three-hand table has no west. Every other game seats four.
    fifth = models.ForeignKey(PartyGuest, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    sixth = models.ForeignKey(PartyGuest, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    sitting_out = models.ForeignKey(PartyGuest, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    first_dealer = models.CharField(max_length=1, default="N")
    entry = models.CharField(max_length=8, choices=Entry.choices, blank=True, default="")
    ns_total = models.IntegerField(null=True, blank=True)
    ew_total = models.IntegerField(null=True, blank=True)
    seat_totals = models.JSONField(
        default=dict, blank=True, help_text='An individual game (solo): each seat\'s round, {"N": 12, "E": -7, ...}'
    )
    # A table of 3, 5 or 6 names its progressors by seat number ("1", "24", "135").
    winner = models.CharField(max_length=6, choices=Side.choices, blank=True, default="")
    decided_by = models.CharField(max_length=12, blank=True, default="", help_text=_("score or the tie rule"))

    class Meta:
        db_table = "tournaments_partytable"
        ordering = ["round__number", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="party_table_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="party_table_from_1"),
            models.CheckConstraint(condition=Q(first_dealer__in=["N", "E", "S", "W"]), name="party_table_dealer_seat"),
            models.CheckConstraint(  # five hundred's totals may be below zero (set-backs)
                condition=Q(entry="") | (Q(ns_total__isnull=False) & Q(ew_total__isnull=False) & ~Q(winner="")),
                name="party_table_entered_has_winner",
            ),
        ]

    def __str__(self) -> str:
        return f"Round {self.round.number} table {self.number}"

    @property
    def hands(self) -> int:
        """How many sit at this table: four, or five hundred's three, five or six."""
        return 3 + sum(1 for pk in (self.west_id, self.fifth_id, self.sixth_id) if pk is not None)

    @property
    def seats(self) -> dict[str, PartyGuest]:
        """Seat -> guest: N, E, S, W at a table of four; "1" to "6" (the laws' A 1 ... A 6) at any other."""
        if self.hands == 4:
            assert self.west is not None  # a table of four has a west
            return {"N": self.north, "E": self.east, "S": self.south, "W": self.west}
        found = (self.north, self.east, self.south, self.west, self.fifth, self.sixth)
        return {str(i): g for i, g in enumerate((g for g in found if g is not None), start=1)}

    @property
    def seat_ids(self) -> dict[str, str]:
        """As :attr:`seats`, with the guests' ids as strings, without reading the guests."""
        return seat_ids_of((self.north_id, self.east_id, self.south_id, self.west_id, self.fifth_id, self.sixth_id))

    @property
    def numbered_seats(self) -> list[tuple[str, PartyGuest]]:
        """A table of 3, 5 or 6 as (seat number, guest) for the pages; empty at a table of four."""
        return [] if self.hands == 4 else list(self.seats.items())

    @property
    def numbered_results(self) -> list[tuple[str, PartyGuest, int | None]]:
        """A table of 3, 5 or 6 entered: (seat number, guest, his round's points) for the pages."""
        return [(s, g, (self.seat_totals or {}).get(s)) for s, g in self.numbered_seats]

    @property
    def movers_label(self) -> str:
        """Who moves up, for the pages: a pair or two seats by name, or five hundred's seat numbers."""
        if self.hands == 4:
            return str(self.get_winner_display())
        return _("seat %(seats)s") % {"seats": ", ".join(self.winner)}

    @property
    def entered(self) -> bool:
        return bool(self.entry)

    @property
    def tie_label(self) -> str:
        """How a tie at this table was settled, in words ("" when the scores decided)."""
        return {
            "last_deal": "higher score on the last deal",
            "cut": "a cut of the cards",
            "north_south": "North-South win ties",
            "host": "decided at the table",
            "first_seat": "the first in seat order from North",
            "half": "half a game each; a cut decided who moves",
        }.get(self.decided_by, "")


class PartyDeal(Timestamped):
    """A deal as played at a table and its score under the party rules."""

    ROOT_PATH: ClassVar[str] = "table.round.party"  # its event, for core/owners.root_of

    table = models.ForeignKey(PartyTable, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1)
    vulnerable = models.CharField(max_length=4)
    contract = models.CharField(max_length=8, help_text='"PASS" when passed out')
    declarer = models.CharField(max_length=1, blank=True, default="")
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    honors_side = models.CharField(max_length=2, blank=True, default="")
    honors_points = models.PositiveSmallIntegerField(default=0)
    ns = models.IntegerField(default=0)
    ew = models.IntegerField(default=0)

    class Meta:
        db_table = "tournaments_partydeal"
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="party_deal_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="party_deal_from_1"),
            models.CheckConstraint(condition=Q(tricks__isnull=True) | Q(tricks__lte=13), name="party_deal_tricks_0_13"),
            models.CheckConstraint(condition=Q(honors_points__in=[0, 100, 150]), name="party_deal_honors_points"),
            models.CheckConstraint(condition=Q(ns__gte=0) & Q(ew__gte=0), name="party_deal_points_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.table} deal {self.number}: {self.contract}"
