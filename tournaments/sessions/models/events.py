"""Events, sessions, sections, entries (pairs) and the club's member list."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy

from tournaments.core.models import Timestamped
from tournaments.core.tenancy import ClubScoped, tenant_field
from tournaments.sessions.models.designs import ClubMovement


class VpScale(models.TextChoices):
    """The named VP scales (scoring.vpscales computes them), one choice for a Swiss pairs session and a teams
    event alike (`Session.VpScale` is `TeamEvent.VpScale` is this)."""

    WBF_CONTINUOUS = "wbf_continuous", gettext_lazy("WBF continuous 20-0 (two decimals)")
    WBF_DISCRETE = "wbf_discrete", gettext_lazy("WBF discrete 20-0 (whole VPs, 2013)")


class Member(Timestamped):
    """A member of the club, picked from a quick search when naming the players of a pair."""

    tenant = tenant_field()

    name = models.CharField(max_length=120)
    national_id = models.CharField(max_length=40, blank=True, help_text=gettext_lazy("EBU/ACBL/ABF number, if any"))
    email = models.EmailField(blank=True)
    active = models.BooleanField(default=True)
    language = models.CharField(
        max_length=12,
        blank=True,
        help_text=gettext_lazy("The language of this member's e-mails, e.g. fr (blank: the club's)"),
    )
    email_opt_out = models.BooleanField(
        default=False, help_text=gettext_lazy("Wants no results by e-mail (the unsubscribe link)")
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="member",
        help_text=gettext_lazy("The player login that sees this member's own history"),
    )
    links_valid_from = models.DateTimeField(
        null=True, blank=True, help_text=gettext_lazy("Private results links made before this were revoked")
    )

    objects = ClubScoped(("tenant", ""))

    class Meta:
        db_table = "tournaments_member"
        ordering = ["name"]
        indexes = [models.Index(fields=["name"], name="member_name_idx")]

    def __str__(self) -> str:
        return self.name


class Event(Timestamped):
    """A pairs, teams or individual event; it has one or more sessions."""

    tenant = tenant_field()

    class Kind(models.TextChoices):
        PAIRS = "pairs", gettext_lazy("Pairs")
        TEAMS = "teams", gettext_lazy("Teams")
        INDIVIDUAL = "individual", gettext_lazy("Individual")

    class CarryOver(models.TextChoices):
        NONE = "none", gettext_lazy("None: the last session alone decides")
        FULL = "full", gettext_lazy("Full: every session counts the same")
        PERCENT = "percent", gettext_lazy("A percentage of the earlier sessions")

    name = models.CharField(max_length=160)
    club = models.CharField(max_length=160, blank=True)
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.PAIRS)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    carry_over = models.CharField(
        max_length=8,
        choices=CarryOver.choices,
        default=CarryOver.FULL,
        help_text=gettext_lazy("How earlier sessions count in the overall standings of a multi-session event"),
    )
    carry_over_percent = models.PositiveSmallIntegerField(
        default=50, help_text=gettext_lazy("With a percentage carry-over: how much each earlier session counts (0-100)")
    )

    objects = ClubScoped(("tenant", ""))

    class Meta:
        db_table = "tournaments_event"

    def __str__(self) -> str:
        return self.name


class Session(Timestamped):
    """One evening (or afternoon) of play, with its scoring method and the rules the director chose."""

    class ScoringMethod(models.TextChoices):
        MATCHPOINTS = "mp", gettext_lazy("Match points")
        BUTLER = "butler", gettext_lazy("IMP pairs (Butler)")
        CROSS_IMPS = "cross_imps", gettext_lazy("IMP pairs (cross-IMPs)")
        TOTAL_POINTS = "total", gettext_lazy("Total points")

    class MatchpointScale(models.TextChoices):
        EBU = "ebu", gettext_lazy("EBU/WBF: 2 per score beaten, 1 per tie")
        ACBL = "acbl", gettext_lazy("ACBL: 1 per score beaten, ½ per tie")

    class Edition(models.TextChoices):
        CURRENT = "current", gettext_lazy("Current laws")
        Y1963 = "1963", gettext_lazy("1963 laws")

    class Rounding(models.TextChoices):
        NONE = "none", gettext_lazy("None: add up the exact figures (Bridgedesk)")
        TWO_DECIMALS = "0.01", gettext_lazy("Two decimals of a match point on each board")
        ONE_DECIMAL = "0.1", gettext_lazy("One decimal of a match point on each board")
        PERCENT = "0.01%", gettext_lazy("Two decimals of the board's percentage (Compscore3)")

    VpScale = VpScale  # the one VP scale choice (module level: a teams event uses it too)

    class SectionScoring(models.TextChoices):
        APART = "apart", gettext_lazy("Each section its own field")
        ACROSS = "across", gettext_lazy("Across the field: every section playing the same boards together")

    class PercentageBasis(models.TextChoices):
        FULL_TOP = "full_top", gettext_lazy("Total over boards expected × the full top (Bridgedesk)")
        SUM_OF_TOPS = "sum_of_tops", gettext_lazy("Match points over the sum of the tops of the boards played")

    class ScoresShown(models.TextChoices):
        BRIDGEDESK = "bridgedesk", gettext_lazy("Bridgedesk's own arithmetic")
        PUBLISHED = "published", gettext_lazy("The figures the imported file published")

    class Game(models.TextChoices):
        BRIDGE = "bridge", gettext_lazy("Duplicate bridge")
        WHIST = "whist", gettext_lazy("Duplicate whist")

    class Status(models.TextChoices):
        SETUP = "setup", gettext_lazy("Setting up")
        PLAYING = "playing", gettext_lazy("Playing")
        FINISHED = "finished", gettext_lazy("Finished")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sessions")
    name = models.CharField(max_length=120, default="Session 1")
    number = models.PositiveSmallIntegerField(default=1)
    date = models.DateField()
    game = models.CharField(
        max_length=8,
        choices=Game.choices,
        default=Game.BRIDGE,
        help_text=gettext_lazy("Duplicate whist: a result is the tricks N-S took, scored by match points or tricks"),
    )
    scoring_method = models.CharField(max_length=16, choices=ScoringMethod.choices, default=ScoringMethod.MATCHPOINTS)
    mp_scale = models.CharField(max_length=8, choices=MatchpointScale.choices, default=MatchpointScale.EBU)
    edition = models.CharField(max_length=8, choices=Edition.choices, default=Edition.CURRENT)
    use_neuberg = models.BooleanField(
        default=True, help_text=gettext_lazy("Factor boards played fewer times (Neuberg)")
    )
    scale_missed_boards = models.BooleanField(
        default=True,
        help_text=gettext_lazy("Scale the totals of pairs that missed boards (boards expected / boards played)"),
    )
    average_plus_own_percentage = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Average plus is the pair's own percentage when better than 60% (otherwise 60%)"),
    )
    average_minus_own_percentage = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Average minus is the pair's own percentage when worse than 40% (otherwise 40%)"),
    )
    neuberg_rounding = models.CharField(
        max_length=8,
        choices=Rounding.choices,
        default=Rounding.NONE,
        help_text=gettext_lazy(
            "How a board played fewer times, factored up with Neuberg's formula, is rounded before the "
            "totals add it up."
        ),
    )
    vp_scale = models.CharField(
        max_length=16,
        choices=VpScale.choices,
        default=VpScale.WBF_CONTINUOUS,
        help_text=gettext_lazy("The WBF continuous 20-0 scale to two decimals, or the WBF's whole-number one."),
    )
    section_scoring = models.CharField(
        max_length=8,
        choices=SectionScoring.choices,
        default=SectionScoring.APART,
        help_text=gettext_lazy("Each section its own field, or every board across all the sections that played it."),
    )
    artificial_among_real = models.BooleanField(
        default=False,
        help_text=gettext_lazy(
            "Rate a board with an artificial score among its real results only, on their own top (BriAn, BBO)"
        ),
    )
    imps_unplayed_zero = models.BooleanField(
        default=False,
        help_text=gettext_lazy(
            "IMP pairs: an unplayed line counts 0 IMPs, a board not every line played factored by lines over results "
            "(RealBridge)"
        ),
    )
    traveller_factored = models.BooleanField(
        default=False,
        help_text=gettext_lazy(
            "Travellers print a board played fewer times factored to the full top with Neuberg's formula (EBUScore)"
        ),
    )
    percentage_basis = models.CharField(
        max_length=12,
        choices=PercentageBasis.choices,
        default=PercentageBasis.FULL_TOP,
        help_text=gettext_lazy(
            "A pair's total over boards expected × the full top, or its match points over the sum of the tops of "
            "the boards it played (a board played fewer times then weighs less)."
        ),
    )
    scores_shown = models.CharField(
        max_length=12,
        choices=ScoresShown.choices,
        default=ScoresShown.BRIDGEDESK,
        help_text=gettext_lazy("An imported session shows the file's figures until the director re-scores it"),
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.SETUP)
    finished_at = models.DateTimeField(null=True, blank=True)
    finished_by = models.CharField(
        max_length=150, blank=True, help_text=gettext_lazy("Who marked the session finished")
    )
    source = models.CharField(max_length=200, blank=True, help_text=gettext_lazy("Where an imported session came from"))
    deal_seed = models.CharField(
        max_length=32,
        blank=True,
        help_text=gettext_lazy("The secret seed Bridgedesk dealt the boards from (directors only)"),
    )
    source_digest = models.CharField(
        max_length=64,
        blank=True,
        db_index=True,
        help_text=gettext_lazy("SHA-256 of the imported file: a second import is noticed"),
    )
    archived_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=gettext_lazy("Put away by a director: off the lists and public pages, kept whole"),
    )

    objects = ClubScoped(("event", "tenant"))

    class Meta:
        db_table = "tournaments_session"
        ordering = ["-date", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="session_number_unique_in_event"),
        ]

    def __str__(self) -> str:
        return f"{self.event.name} – {self.name} ({self.date})"

    def get_absolute_url(self) -> str:
        return reverse("session_detail", args=[self.pk])

    @property
    def is_whist(self) -> bool:
        """Duplicate whist: no contract, no declarer; bridge-only code branches once on this."""
        return self.game == self.Game.WHIST

    @property
    def is_imps(self) -> bool:
        return self.scoring_method in (self.ScoringMethod.BUTLER, self.ScoringMethod.CROSS_IMPS)


class Section(Timestamped):
    """A section (A, B, ...) of a session: its own movement, tables and pairs."""

    class MovementKind(models.TextChoices):
        MITCHELL = "mitchell", gettext_lazy("Mitchell")
        HOWELL = "howell", gettext_lazy("Howell")
        INDIVIDUAL = "individual", gettext_lazy("Individual")
        TEAMS = "teams", gettext_lazy("Teams of four")
        REPLAY = "replay", gettext_lazy("Replay duplicate")
        SWISS = "swiss", gettext_lazy("Swiss pairs")
        IMPORTED = "imported", gettext_lazy("Imported")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="sections")
    letter = models.CharField(max_length=4, default="A")
    movement_kind = models.CharField(max_length=16, choices=MovementKind.choices)
    movement_variant = models.CharField(max_length=24, blank=True)
    tables = models.PositiveSmallIntegerField()
    rounds = models.PositiveSmallIntegerField()
    boards_per_round = models.PositiveSmallIntegerField()
    winners = models.PositiveSmallIntegerField(
        default=2, help_text=gettext_lazy("2 for NS and EW winners, 1 for one field")
    )
    version = models.PositiveIntegerField(
        default=1, help_text=gettext_lazy("Bumped by every write to the section's results, rulings, pairs or names")
    )
    # The version since which the section's map (pairs, players, movement rows) is unchanged: every bump sets it to
    # the new version unless the write changed results only (versions.bump), so a writer that read the map before
    # taking the lock knows, from the locked row alone, whether the map still holds, and the cached map is keyed
    # on it (sessions/selectors/lookups.py).
    map_since = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        db_table = "tournaments_section"
        ordering = ["session", "letter"]
        constraints = [
            models.UniqueConstraint(fields=["session", "letter"], name="section_letter_unique_in_session"),
            models.CheckConstraint(condition=Q(tables__gte=1), name="section_has_tables"),
            models.CheckConstraint(condition=Q(rounds__gte=1), name="section_has_rounds"),
            models.CheckConstraint(condition=Q(boards_per_round__gte=1), name="section_has_boards_per_round"),
            models.CheckConstraint(condition=Q(winners__in=[1, 2]), name="section_winners_one_or_two"),
        ]

    def __str__(self) -> str:
        return f"Section {self.letter}"

    def variant_shown(self) -> str:
        """The variant as a page shows it: a club movement's name for "club:<id>", otherwise the variant."""
        number = self.movement_variant.removeprefix("club:")
        if number == self.movement_variant or not number.isdigit():
            return self.movement_variant
        return ClubMovement.objects.filter(pk=int(number)).values_list("name", flat=True).first() or ""


class Entry(Timestamped):
    """A pair (or team, or player) in a section, known by its label: "3NS"/"3EW" in a Mitchell, "7" in a Howell."""

    class Direction(models.TextChoices):
        NS = "NS", gettext_lazy("North-South")
        EW = "EW", gettext_lazy("East-West")
        NONE = "", gettext_lazy("Either (Howell)")

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveSmallIntegerField()
    direction = models.CharField(max_length=2, choices=Direction.choices, blank=True, default="")
    label = models.CharField(max_length=12, help_text=gettext_lazy("As the movement names it: 3NS, 3EW, 7"))
    late = models.BooleanField(default=False, help_text=gettext_lazy("Added after the session was set up"))
    published_total = models.FloatField(
        null=True, blank=True, help_text=gettext_lazy("The total an imported file gave")
    )
    published_percentage = models.FloatField(null=True, blank=True, help_text=gettext_lazy("The percentage it gave"))
    published_place = models.CharField(
        max_length=8, blank=True, help_text=gettext_lazy("The place it gave, as written")
    )
    handicap = models.FloatField(
        null=True,
        blank=True,
        help_text=gettext_lazy("Typed by the director, in percentage points (none: from the club ratings)"),
    )

    class Meta:
        db_table = "tournaments_entry"
        ordering = ["section", "direction", "number"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["section", "label"], name="entry_label_unique_in_section"),
            models.UniqueConstraint(fields=["section", "number", "direction"], name="entry_number_unique_in_section"),
            models.CheckConstraint(condition=Q(number__gte=1), name="entry_number_positive"),
        ]

    def __str__(self) -> str:
        names = " & ".join(p.name for p in self.players.all())
        return f"{self.label} {names}".strip()

    @property
    def names(self) -> str:
        return " & ".join(p.name for p in self.players.all())


class EntryPlayer(models.Model):
    """A player of an entry, typed or picked from the club's members."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField(default=1, help_text=gettext_lazy("1 or 2 in a pair; 1-4 in a team"))
    name = models.CharField(max_length=120)
    national_id = models.CharField(max_length=40, blank=True)
    member = models.ForeignKey(Member, null=True, blank=True, on_delete=models.SET_NULL)

    class Meta:
        db_table = "tournaments_entryplayer"
        ordering = ["entry", "seat"]
        constraints = [models.UniqueConstraint(fields=["entry", "seat"], name="player_seat_unique_in_entry")]

    def __str__(self) -> str:
        return self.name
