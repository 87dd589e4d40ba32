"""Teams events: the event and its rules, the teams and their players, rounds, matches, boards, line-ups, penalties.

IMPs, VPs and standings are derived (tournaments.teams.selectors); only the two rooms' N-S scores are stored.
"""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy

from tournaments.core import links
from tournaments.core.models import Timestamped
from tournaments.core.tenancy import ClubScoped, tenant_field
from tournaments.sessions.models.events import VpScale

__all__ = [
    "Team",
    "TeamBoard",
    "TeamEvent",
    "TeamLineup",
    "TeamMatch",
    "TeamPenalty",
    "TeamPlayer",
    "TeamRoomScore",
    "TeamRound",
]

# A team of 3 is a pivot team of four that names a substitute in each match's line-up (still four a match).
MIN_PLAYERS, MAX_PLAYERS, SEATS = 3, 6, 4
EIGHT_PLAYERS = (8, 10)  # a team of eight fills four seats in each of its two matches, and may have two reserves


def default_tie_breaks() -> list[str]:
    return ["imp_diff", "imp_quotient"]


class TeamEvent(Timestamped):
    """A teams event: Swiss, round robin or a knockout match, with its match length and VP scale."""

    tenant = tenant_field()

    class Format(models.TextChoices):
        SWISS = "swiss", gettext_lazy("Swiss (each round drawn from the standings)")
        ROUND_ROBIN = "round-robin", gettext_lazy("Round robin (everyone meets everyone)")
        KNOCKOUT = "knockout", gettext_lazy("Knockout (seeded matches, IMPs decide)")

    class Scoring(models.TextChoices):
        IMPS = "imps", gettext_lazy("IMPs converted to VPs")
        BAM = "bam", gettext_lazy("Board-a-match (1 point a board, ½ on a draw)")
        PATTON = "patton", gettext_lazy("Patton (2 points a board, as many again for the aggregate)")
        TEAMS8 = "teams8", gettext_lazy("Teams of eight (two matches' IMPs added, then VPs)")
        TOTAL = "total", gettext_lazy("Total points (aggregate: each team's net scores added up)")

    class Status(models.TextChoices):
        SETUP = "setup", gettext_lazy("Entering teams")
        PLAYING = "playing", gettext_lazy("Playing")
        FINISHED = "finished", gettext_lazy("Finished")

    name = models.CharField(max_length=120)
    date = models.DateField()
    director = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    format = models.CharField(max_length=12, choices=Format.choices, default=Format.SWISS)
    rounds = models.PositiveSmallIntegerField(
        default=6, help_text=gettext_lazy("Rounds planned (a round robin: all of them)")
    )
    boards_per_match = models.PositiveSmallIntegerField(default=8)
    scoring_form = models.CharField(
        max_length=8,
        choices=Scoring.choices,
        default=Scoring.IMPS,
        help_text=gettext_lazy("How a match is scored: the standings add up its points (a knockout: IMPs)"),
    )
    bye_vp = models.DecimalField(max_digits=5, decimal_places=2, default=12, help_text=gettext_lazy("VPs for a bye"))
    stanza_boards = models.PositiveSmallIntegerField(
        default=0,
        help_text=gettext_lazy("A knockout match's stanzas (segments) in boards; 0: the match is one stanza"),
    )

    VpScale = VpScale  # the one VP scale choice, a Swiss pairs session's too (sessions/models/events.py)

    vp_scale = models.CharField(
        max_length=16,
        choices=VpScale.choices,
        default=VpScale.WBF_CONTINUOUS,
        help_text=gettext_lazy("The named VP scale for the match length (a club's own table, when given, wins)"),
    )
    vp_table = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy("A club's own scale: the winner's VPs for 0, 1, 2 ... IMPs (empty: WBF)"),
    )
    tie_breaks = models.JSONField(default=default_tie_breaks, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)
    version = models.PositiveIntegerField(
        default=0, help_text=gettext_lazy("Bumped by every write: pages and caches key on it")
    )
    archived_at = models.DateTimeField(
        null=True, blank=True, help_text=gettext_lazy("Put away by a director (restorable)")
    )
    published = models.JSONField(
        default=dict,
        blank=True,
        help_text=gettext_lazy("An imported file's figures against ours at the import (teams_compare)"),
    )

    objects = ClubScoped(("tenant", ""))

    class Meta:
        db_table = "tournaments_teamevent"
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(boards_per_match__gte=1) & Q(boards_per_match__lte=64), name="teams_boards_1_to_64"
            ),
            models.CheckConstraint(condition=Q(rounds__gte=1) & Q(rounds__lte=60), name="teams_rounds_1_to_60"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("teams:detail", args=[self.pk])

    @property
    def match_boards(self) -> int:
        """Boards stored for one match: teams of eight keep both matches in one (match 2's board k as number
        ``boards_per_match + k``, played in rooms 3 and 4)."""
        return self.boards_per_match * (2 if self.scoring_form == self.Scoring.TEAMS8 else 1)

    @property
    def player_limits(self) -> tuple[int, int]:
        return EIGHT_PLAYERS if self.scoring_form == self.Scoring.TEAMS8 else (MIN_PLAYERS, MAX_PLAYERS)

    @property
    def rooms(self) -> int:
        return 4 if self.scoring_form == self.Scoring.TEAMS8 else 2


class Team(Timestamped):
    ROOT_PATH: ClassVar[str] = "event"  # its event, for core/owners.root_of
    event = models.ForeignKey(TeamEvent, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=80)

    class Meta:
        db_table = "tournaments_team"
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="team_number_unique"),
            models.UniqueConstraint(fields=["event", "name"], name="team_name_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class TeamPlayer(Timestamped):
    ROOT_PATH: ClassVar[str] = "team.event"  # its event, for core/owners.root_of
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=80)
    order = models.PositiveSmallIntegerField(default=0)
    national_id = models.CharField(
        max_length=20,
        blank=True,
        default="",
        help_text=gettext_lazy("The player's number (a file's NATIONAL_ID_NUMBER)"),
    )

    class Meta:
        db_table = "tournaments_teamplayer"
        ordering = ["order", "id"]

    def __str__(self) -> str:
        return self.name


class TeamRound(Timestamped):
    ROOT_PATH: ClassVar[str] = "event"  # its event, for core/owners.root_of
    event = models.ForeignKey(TeamEvent, on_delete=models.CASCADE, related_name="draw_rounds")
    number = models.PositiveSmallIntegerField()
    bye = models.ForeignKey(Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    objects = ClubScoped(("event", "tenant"))

    class Meta:
        db_table = "tournaments_teamround"
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="team_round_unique")]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"


class TeamMatch(Timestamped):
    """One match of a round; in room 1 the home team sits N-S, in room 2 E-W."""

    ROOT_PATH: ClassVar[str] = "round.event"  # its event, for core/owners.root_of

    round = models.ForeignKey(TeamRound, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(
        help_text=gettext_lazy("Match number in the round (the table pair it plays at)")
    )
    home = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="home_matches")
    away = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="away_matches")
    carry_over = models.DecimalField(
        max_digits=4,
        decimal_places=1,
        default=0,
        help_text=gettext_lazy("A knockout's IMPs brought in before the first stanza: positive to home, negative away"),
    )
    version = models.PositiveIntegerField(
        default=0, help_text=gettext_lazy("Bumped by every save: a stale form is refused")
    )

    objects = ClubScoped(("round", "event__tenant"))

    class Meta:
        db_table = "tournaments_teammatch"
        ordering = ["round__number", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="team_match_table_unique"),
            models.CheckConstraint(condition=~Q(home=models.F("away")), name="team_match_two_teams"),
        ]

    def __str__(self) -> str:
        return f"Round {self.round.number} match {self.table}: {self.home.name} v {self.away.name}"


class TeamBoard(Timestamped):
    """A board of a match: the N-S score in each room (room 1: home N-S; room 2: away N-S)."""

    ROOT_PATH: ClassVar[str] = "match.round.event"  # its event, for core/owners.root_of

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    room1_ns = models.IntegerField()
    room2_ns = models.IntegerField()
    rooms = models.JSONField(
        default=dict,
        blank=True,
        help_text=gettext_lazy("What an imported file says of each room: contract, declarer, lead, tricks"),
    )
    deal = models.CharField(max_length=80, blank=True, help_text=gettext_lazy("The hand record (PBN deal), if known"))

    class Meta:
        db_table = "tournaments_teamboard"
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="team_board_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="team_board_from_1"),
        ]


class TeamLineup(Timestamped):
    """Who sat where for a team in a match (national bodies rate on it)."""

    ROOT_PATH: ClassVar[str] = "match.round.event"  # its event, for core/owners.root_of

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="lineups")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    room1_pair = models.JSONField(default=list, help_text=gettext_lazy("The two players' names in room 1"))
    room2_pair = models.JSONField(default=list, help_text=gettext_lazy("The two players' names in room 2"))
    # Teams of eight only: the pairs of rooms 3 and 4 (match 2); empty for a team of four.
    room3_pair = models.JSONField(default=list, blank=True, help_text=gettext_lazy("The two players' names in room 3"))
    room4_pair = models.JSONField(default=list, blank=True, help_text=gettext_lazy("The two players' names in room 4"))

    class Meta:
        db_table = "tournaments_teamlineup"
        constraints = [models.UniqueConstraint(fields=["match", "team"], name="team_lineup_unique")]

    @property
    def pairs(self) -> list[list[str]]:
        """The pair of each room, room 1 first: two rooms, or four in teams of eight."""
        pairs = [self.room1_pair, self.room2_pair, self.room3_pair, self.room4_pair]
        return pairs if self.room3_pair or self.room4_pair else pairs[:2]


class TeamPenalty(Timestamped):
    """VPs taken from (or, negative, given back to) a team by the director."""

    ROOT_PATH: ClassVar[str] = "team.event"  # its event, for core/owners.root_of

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="penalties")
    round = models.ForeignKey(TeamRound, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    vp = models.DecimalField(max_digits=5, decimal_places=2)
    why = models.CharField(max_length=200)

    class Meta:
        db_table = "tournaments_teampenalty"
        ordering = ["id"]


def new_token() -> str:
    """Named by migration 0018 (the teams rooms' own links, since moved to tableside's TableLink): the one
    generator, tournaments/core/links.py."""
    return links.new_token()


class TeamRoomScore(Timestamped):
    """One room's N-S score of a board sent from the table while the other room's is not in yet.

    A TeamBoard always holds both rooms (every score derived from it needs both), so a half-entered board waits
    here; the save that brings in the second room moves both into the TeamBoard and deletes these.
    """

    ROOT_PATH: ClassVar[str] = "match.round.event"  # its event, for core/owners.root_of

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="room_scores")
    number = models.PositiveSmallIntegerField()
    room = models.PositiveSmallIntegerField()
    ns = models.IntegerField()

    class Meta:
        db_table = "tournaments_teamroomscore"
        ordering = ["number", "room"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number", "room"], name="team_room_score_unique"),
            models.CheckConstraint(condition=Q(room__in=(1, 2)), name="team_room_score_room_1_or_2"),
        ]
