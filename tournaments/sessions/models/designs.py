"""A club's own movements, drawn in the movement designer and offered when a director sets up a session."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy


class ClubMovement(models.Model):
    """A movement the club saved: its name, kind (Mitchell: NS and EW fields; Howell: one; individual: four
    players a table) and its grid."""

    class Kind(models.TextChoices):
        MITCHELL = "mitchell", gettext_lazy("Mitchell (NS and EW fields)")
        HOWELL = "howell", gettext_lazy("Howell (one field)")
        INDIVIDUAL = "individual", gettext_lazy("Individual (four players a table)")

    name = models.CharField(max_length=80, unique=True)
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.HOWELL)
    tables = models.PositiveSmallIntegerField()
    rounds = models.PositiveSmallIntegerField()
    cells = models.JSONField(
        default=dict, help_text=gettext_lazy("The designer's grid: r{R}t{T}ns/ew/b fields (an individual's: n/s/e/w/b)")
    )
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_clubmovement"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name
