"""The double-dummy analysis of a deal, cached for hand records."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy


class DoubleDummyAnalysis(models.Model):
    """Double-dummy tricks and par of one deal, kept so hand records are not solved again at every print.

    Keyed by the deal (normalised PBN from North) with its vulnerability and dealer, since par depends on
    them; boards of different sessions with the same deal (a simultaneous event) share the row.
    """

    key = models.CharField(max_length=100, unique=True, help_text='"<vul>:<dealer>:N:AKQ2.KJ3.T98.Q76 ..."')
    tricks = models.JSONField(help_text='{"NT": {"N": 9, "E": 4, ...}, "S": {...}, ...}')
    par_score = models.IntegerField(help_text=gettext_lazy("From North-South's side"))
    par_contracts = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_doubledummyanalysis"

    def __str__(self) -> str:
        return self.key
