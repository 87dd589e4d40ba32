"""Season competitions: a club's standings over many finished sessions (the rules: scoring/competitions.py)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy

from tournaments.core.models import Timestamped
from tournaments.core.tenancy import ClubScoped, tenant_field
from tournaments.sessions.models.events import Session


class Competition(Timestamped):
    """ "Best 8 of 12", a ladder, a club championship with carry-over: named sessions, one rule, standings that
    are always computed from the sessions as they stand (selectors/competitions.py), never stored."""

    tenant = tenant_field()

    class Kind(models.TextChoices):
        BEST = "best", gettext_lazy("Best sessions: the best percentages added")
        LADDER = "ladder", gettext_lazy("Ladder: place points added (the winner of a field of 12 earns 12)")
        CHAMPIONSHIP = "championship", gettext_lazy("Championship: percentages added to a carry-over")

    name = models.CharField(max_length=160)
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.BEST)
    counting = models.PositiveSmallIntegerField(
        default=0, help_text=gettext_lazy("How many of a player's sessions count, the best ones (0: all of them)")
    )
    sessions = models.ManyToManyField(Session, blank=True, related_name="competitions")
    carry_from = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="carried_into",
        help_text=gettext_lazy("Championship: the earlier competition whose totals are carried over"),
    )
    carry_percent = models.PositiveSmallIntegerField(
        default=0, help_text=gettext_lazy("Championship: the share of the earlier total carried over (0-100)")
    )
    public = models.BooleanField(default=False, help_text=gettext_lazy("Shown to anyone on the public results pages"))

    objects = ClubScoped(("tenant", ""))

    class Meta:
        db_table = "tournaments_competition"
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(carry_percent__lte=100), name="competition_carry_at_most_100")
        ]

    def __str__(self) -> str:
        return self.name


class CompetitionEvent(models.Model):
    """An event of a higher app counted in a competition (a teams event): named by its source and id, not by a
    foreign key, since this app sits below those apps; read through the source the owning app registers
    (sessions/competition_sources.py). A deleted event leaves its line, which then counts nothing."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="events")
    source = models.CharField(max_length=16, help_text='The registered source: "teams"')
    object_id = models.PositiveIntegerField()

    class Meta:
        db_table = "tournaments_competitionevent"
        ordering = ["source", "object_id"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "source", "object_id"], name="competition_event_unique")
        ]

    def __str__(self) -> str:
        return f"{self.source}:{self.object_id}"
