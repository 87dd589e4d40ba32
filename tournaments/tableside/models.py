"""Table links (a secret token per table per session), what the tables sent, the round timer, director calls."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.core import links
from tournaments.core.owners import Rooted, exactly_one_root, root_field
from tournaments.core.tenancy import ClubScoped

if TYPE_CHECKING:
    from tournaments.parties.models import Party
    from tournaments.sessions.models import Section
    from tournaments.teams.models import TeamMatch


def new_token() -> str:
    """The field's default (named here by the migrations): the one generator, tournaments/core/links.py."""
    return links.new_token()


TABLE_ROOTS = ("session", "team_event", "party")  # a table link's event: a session, a teams event or a party


class TableLink(Rooted, models.Model):
    """The link whoever sits at a table uses to enter that table's results; revoking it ends it at once.

    One terminal for every event kind: a link belongs to a session's section (its table), to one room of a teams
    match (`table` then holds the match's number) or to a party's table (`party`, and `table` its number: the link
    stays on the table round after round while the guests move); a database constraint holds exactly one owner.
    Its event is named the one way every event's row names it (core/owners.py: `session`, `team_event` or
    `party`, exactly one, the section's session or the match's teams event, as the services create it).
    """

    ROOT_KINDS = TABLE_ROOTS
    session = root_field("session", related_name="table_links")
    team_event = root_field("team_event", related_name="table_links")
    party = root_field("party", related_name="table_links")
    section = models.ForeignKey(
        "duplicate.Section", null=True, blank=True, on_delete=models.CASCADE, related_name="table_links"
    )
    match = models.ForeignKey(
        "teams.TeamMatch", null=True, blank=True, on_delete=models.CASCADE, related_name="table_links"
    )
    room = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("A teams match's room, 1 or 2 (teams of eight: 1 to 4)")
    )
    table = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=32, unique=True, default=new_token)
    created_at = models.DateTimeField(default=timezone.now)
    revoked_at = models.DateTimeField(null=True, blank=True)

    objects = ClubScoped(("session", "event__tenant"), ("team_event", "tenant"), ("party", "tenant"))

    class Meta:
        db_table = "tournaments_tablelink"
        ordering = ["section", "table", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "table"], condition=Q(revoked_at__isnull=True), name="one_live_link_per_table"
            ),
            models.UniqueConstraint(
                fields=["match", "room"],
                condition=Q(revoked_at__isnull=True, match__isnull=False),
                name="one_live_link_per_room",
            ),
            models.UniqueConstraint(
                fields=["party", "table"],
                condition=Q(revoked_at__isnull=True, party__isnull=False),
                name="one_live_link_per_party_table",
            ),
            models.CheckConstraint(
                condition=Q(section__isnull=False, match__isnull=True, room__isnull=True, party__isnull=True)
                | Q(section__isnull=True, match__isnull=False, room__in=(1, 2, 3, 4), party__isnull=True)
                | Q(section__isnull=True, match__isnull=True, room__isnull=True, party__isnull=False),
                name="table_link_of_a_section_a_room_or_a_party_table",
            ),
            exactly_one_root(TABLE_ROOTS, name="table_link_exactly_one_root"),
            models.CheckConstraint(  # a section's link names its session, a room's its teams event
                condition=Q(section__isnull=False, session__isnull=False, team_event__isnull=True)
                | Q(match__isnull=False, session__isnull=True, team_event__isnull=False)
                | Q(party__isnull=False, session__isnull=True, team_event__isnull=True),
                name="table_link_root_of_its_table",
            ),
        ]

    def __str__(self) -> str:
        if self.match_id is not None:
            return f"Match {self.match_id} room {self.room}"
        if self.party_id is not None:
            return f"Table {self.table} of party {self.party_id}"
        return f"Table {self.table} of section {self.section_id}"

    @property
    def is_room(self) -> bool:
        """A teams match's room (else a session's or a party's table)."""
        return self.match_id is not None

    @property
    def is_party(self) -> bool:
        """A party's table (else a session's table or a teams room)."""
        return self.party_id is not None

    @property
    def table_party(self) -> Party:
        party: Party | None = self.party
        assert party is not None, "only a party table's link has a party"
        return party

    # The owner, typed: the constraint above holds exactly one, so a table's code never meets None (nor a room's).
    @property
    def table_section(self) -> Section:
        assert self.section is not None, "a teams room's link has no section"
        return self.section

    @property
    def table_section_id(self) -> int:
        assert self.section_id is not None, "a teams room's link has no section"
        return self.section_id

    @property
    def room_match(self) -> TeamMatch:
        assert self.match is not None, "a session table's link has no match"
        return self.match

    @property
    def room_no(self) -> int:
        assert self.room is not None, "a session table's link has no room"
        return self.room

    @property
    def live(self) -> bool:
        return self.revoked_at is None


class TableSettings(models.Model):
    """The director's choices for a section's table pages."""

    section = models.OneToOneField("duplicate.Section", on_delete=models.CASCADE, related_name="table_settings")
    opponents_confirm = models.BooleanField(default=True, help_text=_("The opponents confirm each result on the phone"))
    show_traveller = models.BooleanField(default=True, help_text=_("After a board, show the traveller so far"))
    sign_in = models.BooleanField(default=False, help_text=_("Players sign in with their member numbers at the start"))
    hands_at_table = models.BooleanField(
        default=False, help_text=_("Boards are dealt at the table: the first table to play a board enters its hands")
    )
    show_hand = models.BooleanField(default=True, help_text=_("After a board, show its deal when it is known"))
    traveller_names = models.BooleanField(default=True, help_text=_("The traveller shows the pairs' names"))
    traveller_percentages = models.BooleanField(default=True, help_text=_("The traveller shows each line's percentage"))
    running_percentage = models.BooleanField(default=False, help_text=_("The table sees its pairs' running percentage"))
    ranking_after_round = models.BooleanField(
        default=False, help_text=_("After each round, the table sees the ranking")
    )
    bidding = models.BooleanField(default=False, help_text=_("The table enters the auction on a bidding box"))
    play = models.BooleanField(default=False, help_text=_("The table enters the play card by card after the auction"))
    table_changes = models.BooleanField(
        default=False,
        help_text=_("A table may change its own result until the round ends (the opponents confirm again)"),
    )

    class Meta:
        db_table = "tournaments_tablesettings"

    def __str__(self) -> str:
        return f"Table settings of section {self.section_id}"


class SignIn(models.Model):
    """Who sits in a seat of a table at the start of the session, as they signed in on the table's phone.

    Kept by section, table and seat (not by phone), so another phone opening the same table link carries on;
    `member` is empty for a number the club's list does not know (the typed name is kept for the director)."""

    section = models.ForeignKey("duplicate.Section", on_delete=models.CASCADE, related_name="sign_ins")
    table = models.PositiveSmallIntegerField()
    seat = models.CharField(max_length=1, choices=[("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")])
    number = models.CharField(max_length=40, blank=True, help_text=_("The member number as typed"))
    name = models.CharField(max_length=120)
    member = models.ForeignKey("duplicate.Member", null=True, blank=True, on_delete=models.SET_NULL)
    signed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tournaments_signin"
        ordering = ["section", "table", "seat"]
        constraints = [models.UniqueConstraint(fields=["section", "table", "seat"], name="one_sign_in_per_seat")]

    def __str__(self) -> str:
        return f"{self.name} at table {self.table} {self.seat}"


class TableEntry(models.Model):
    """A result as a table sent it, stored once per client-made id.

    It becomes the traveller line when the line is empty; when the line already holds another result (typed
    by the director from the paper traveller, or sent by another phone) both are kept and the entry is
    flagged for the director: neither overwrites the other.
    """

    class Status(models.TextChoices):
        ACCEPTED = "accepted", _("Accepted")
        AGREES = "agrees", _("Agrees with the traveller")
        DISPUTED = "disputed", _("Disagrees with the traveller")
        RESOLVED = "resolved", _("Resolved by the director")

    link = models.ForeignKey(TableLink, on_delete=models.PROTECT, related_name="entries")
    client_id = models.CharField(max_length=64)
    round = models.PositiveSmallIntegerField()
    board = models.PositiveSmallIntegerField()
    contract = models.CharField(max_length=8)
    declarer = models.CharField(max_length=1, blank=True)
    lead = models.CharField(max_length=3, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    ns_score = models.IntegerField(null=True, blank=True)
    auction = models.CharField(max_length=400, blank=True, help_text='The calls from the dealer: "1H P 1S! P 4S P P P"')
    play = models.CharField(
        max_length=200, blank=True, help_text=_('The cards from the opening lead, a claim last: "HT H2 HA H5 ... =9"')
    )
    status = models.CharField(max_length=10, choices=Status.choices)
    result = models.ForeignKey(
        "duplicate.Result", null=True, blank=True, on_delete=models.SET_NULL, related_name="table_entries"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tournaments_tableentry"
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["link", "client_id"], name="table_entry_once_per_client_id")]

    def __str__(self) -> str:
        return f"Board {self.board} from table {self.link.table}: {self.contract}"


class RoundTimer(models.Model):
    """The session's round clock: started, paused, minutes added; every phone and the big screen read it."""

    session = models.OneToOneField("duplicate.Session", on_delete=models.CASCADE, related_name="round_timer")
    minutes = models.PositiveSmallIntegerField(default=15, help_text=_("Minutes a round"))
    started_at = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)
    paused_seconds = models.FloatField(default=0.0, help_text=_("Time spent paused since the start"))
    extra_seconds = models.IntegerField(default=0)

    class Meta:
        db_table = "tournaments_roundtimer"

    def __str__(self) -> str:
        return f"Round timer of session {self.session_id}"

    def remaining(self, now: datetime | None = None) -> int | None:
        """Seconds left in the round (negative when over time); None when the clock has not started."""
        if self.started_at is None:
            return None
        now = self.paused_at or now or timezone.now()
        elapsed = (now - self.started_at).total_seconds() - self.paused_seconds
        return round(self.minutes * 60 + self.extra_seconds - elapsed)

    def time_up(self, now: datetime | None = None) -> bool:
        """The round's time has run out on a running clock: every screen says "Move now" (the phones and the big
        screen count down from the same `remaining` and say it when theirs reaches 0)."""
        left = self.remaining(now)
        return left is not None and self.paused_at is None and left <= 0


class DirectorCall(models.Model):
    """A table pressed "call the director"."""

    link = models.ForeignKey(TableLink, on_delete=models.CASCADE, related_name="calls")
    created_at = models.DateTimeField(default=timezone.now)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        db_table = "tournaments_directorcall"
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"Call from table {self.link.table}"


SCREEN_ROOTS = ("session", "party")  # a big screen shows a session or a party


class ScreenLink(Rooted, models.Model):
    """The club room's TV: a secret, read-only link to the big screen of a session or of a party, no login
    needed. Same token generator and same revoke-at-once rule as the table links; one live link per screen."""

    ROOT_KINDS = SCREEN_ROOTS
    session = root_field("session", related_name="screen_links")
    party = root_field("party", related_name="screen_links")
    token = models.CharField(max_length=32, unique=True, default=new_token)
    created_at = models.DateTimeField(default=timezone.now)
    revoked_at = models.DateTimeField(null=True, blank=True)

    objects = ClubScoped(("session", "event__tenant"), ("party", "tenant"))

    class Meta:
        db_table = "tournaments_screenlink"
        ordering = ["-id"]
        constraints = [
            exactly_one_root(SCREEN_ROOTS, name="screen_link_exactly_one_root"),
            models.UniqueConstraint(
                fields=["session"], condition=Q(revoked_at__isnull=True), name="one_live_screen_link_per_session"
            ),
            models.UniqueConstraint(
                fields=["party"], condition=Q(revoked_at__isnull=True), name="one_live_screen_link_per_party"
            ),
        ]

    def __str__(self) -> str:
        return f"Screen link of {self.root_key.replace(':', ' ')}"
