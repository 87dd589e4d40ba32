"""Club ratings (one row per member per rated session: the history) and master points (scheme, awards)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy

from tournaments.sessions.models.events import Entry, Event, Member, Session


class RatingEntry(models.Model):
    """A member's rating after one finished session; the newest row is the current rating. Rebuilt whole by
    `services.ratings.recompute` (so the rows are always the method applied to the sessions as they stand)."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="ratings")
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="ratings")
    percentage = models.FloatField(help_text=gettext_lazy("The pair's percentage"))
    performance = models.FloatField(help_text=gettext_lazy("The percentage corrected for field and partner"))
    boards = models.PositiveSmallIntegerField()
    before = models.FloatField()
    after = models.FloatField()
    weight = models.FloatField(help_text=gettext_lazy("Boards (faded) behind the rating after this session"))
    order = models.PositiveIntegerField(help_text=gettext_lazy("Position of the session in the club's rated history"))

    class Meta:
        db_table = "tournaments_ratingentry"
        ordering = ["member", "order"]
        constraints = [models.UniqueConstraint(fields=["member", "session"], name="one_rating_per_member_session")]

    def __str__(self) -> str:
        return f"{self.after:.2f}"


class PointsScheme(models.Model):
    """How an event's sessions award master points: the formula or the director's table (scoring/masterpoints)."""

    class Kind(models.TextChoices):
        FORMULA = "formula", gettext_lazy("Formula (points per pair in the field)")
        TABLE = "table", gettext_lazy("Table typed by the director")

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="points_scheme")
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.FORMULA)
    per_entry = models.PositiveSmallIntegerField(
        default=6, help_text=gettext_lazy("Winner's points per pair in the field")
    )
    share_percent = models.PositiveSmallIntegerField(
        default=33, help_text=gettext_lazy("Share of the field that earns points")
    )
    cap = models.PositiveIntegerField(default=1000, help_text=gettext_lazy("Most points a winner earns"))
    table = models.TextField(blank=True, help_text=gettext_lazy("One line per field size: '10: 12 8 6 4'"))
    point_type = models.CharField(max_length=16, default="GREEN", help_text=gettext_lazy("USEBIO MASTER_POINT_TYPE"))

    class Meta:
        db_table = "tournaments_pointsscheme"

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.point_type})"


class MasterPointAward(models.Model):
    """Master points one pair earned in a finished session (each of its players earns them)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="awards")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="awards")
    points = models.PositiveIntegerField()
    point_type = models.CharField(max_length=16)
    place = models.CharField(max_length=8, blank=True)

    class Meta:
        db_table = "tournaments_masterpointaward"
        constraints = [models.UniqueConstraint(fields=["session", "entry"], name="one_award_per_entry")]

    def __str__(self) -> str:
        return f"{self.points} {self.point_type}"


class PlayerAward(models.Model):
    """Master points one player of an imported individual earned (a USEBIO PLAYER's MASTER_POINTS_AWARDED): an
    individual's players change partners, so the award is the player's, not a pair's."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="player_awards")
    player_number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=120, blank=True)
    points = models.PositiveIntegerField()
    point_type = models.CharField(max_length=16)
    place = models.CharField(max_length=8, blank=True)

    class Meta:
        db_table = "tournaments_playeraward"
        ordering = ["player_number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "player_number"], name="one_award_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.points} {self.point_type}"


class RankingRules(models.Model):
    """An event's extra rankings beside the scratch one: handicapped, and by strata (scoring/handicaps.py)."""

    class Handicap(models.TextChoices):
        NONE = "none", gettext_lazy("No handicapped ranking")
        FULL = "full", gettext_lazy("Full handicap")
        HALF = "half", gettext_lazy("Half handicap")

    class StrataBy(models.TextChoices):
        NONE = "none", gettext_lazy("No strata")
        RATING = "rating", gettext_lazy("The pair's club rating (the mean of its players')")
        POINTS = "points", gettext_lazy("The pair's master points (the mean of its players')")

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="ranking_rules")
    handicap = models.CharField(max_length=8, choices=Handicap.choices, default=Handicap.NONE)
    handicap_from_rating = models.BooleanField(
        default=True, help_text=gettext_lazy("A pair without a typed handicap takes its players' club ratings less 50")
    )
    strata_by = models.CharField(max_length=8, choices=StrataBy.choices, default=StrataBy.NONE)
    strata = models.CharField(
        max_length=200,
        blank=True,
        help_text=gettext_lazy("From the top, each with its least figure: 'A: 55, B: 48, C'"),
    )

    class Meta:
        db_table = "tournaments_rankingrules"

    def __str__(self) -> str:
        return f"{self.get_handicap_display()}; {self.get_strata_by_display()}"
