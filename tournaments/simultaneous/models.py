"""A simultaneous pairs event and the clubs' sessions that make up its field."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy

from tournaments.core.models import Timestamped
from tournaments.core.tenancy import ClubScoped, new_row_club
from tournaments.sessions.models import Session


class Simultaneous(Timestamped):
    """One set of deals played by many clubs; each club's session is a section of one field."""

    # A club's own simultaneous belongs to it; a federation's (county's) has no club and is owned by `federation`,
    # so no club's pages (scoped by `tenant`) show it: its field is on the federation's pages.
    tenant = models.ForeignKey(
        "clubs.Club",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        default=new_row_club,
        related_name="+",
        help_text=gettext_lazy("The club this belongs to (none: a federation's)"),
    )
    federation = models.ForeignKey(
        "clubs.Federation",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="simultaneous_events",
        help_text=gettext_lazy("The federation running it across its clubs"),
    )

    name = models.CharField(max_length=160)
    date = models.DateField()
    boards = models.PositiveSmallIntegerField(help_text=gettext_lazy("Boards 1..N are the simultaneous deals"))
    mp_scale = models.CharField(max_length=8, choices=Session.MatchpointScale.choices, default="ebu")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    deals = models.JSONField(default=dict, blank=True, help_text='{"1": "N:AKQ...", ...}: set by the first club')
    movement = models.JSONField(
        default=dict,
        blank=True,
        help_text=gettext_lazy("The federation's movement: each club's section is set up from it"),
    )

    objects = ClubScoped(("tenant", ""))

    class Meta:
        db_table = "tournaments_simultaneous"
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(tenant__isnull=False) | models.Q(federation__isnull=False),
                name="simultaneous_has_an_owner",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("simultaneous:detail", args=[self.pk])


class SimultaneousClub(models.Model):
    """A participating club: its own session (imported from its file, or run here) is one section of the field."""

    simultaneous = models.ForeignKey(Simultaneous, on_delete=models.CASCADE, related_name="clubs")
    session = models.OneToOneField(Session, on_delete=models.CASCADE, related_name="simultaneous_club")
    club = models.CharField(max_length=160)
    code = models.CharField(max_length=12, help_text=gettext_lazy("Short name on the overall standings: C1, C2 ..."))

    class Meta:
        db_table = "tournaments_simultaneousclub"
        ordering = ["simultaneous", "club", "id"]
        constraints = [
            models.UniqueConstraint(fields=["simultaneous", "code"], name="simul_club_code_unique"),
        ]

    def __str__(self) -> str:
        return self.club
