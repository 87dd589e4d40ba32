"""The director's rulings: what happened, the decision, the law, who ruled and when."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext, gettext_lazy

from tournaments.core.models import Timestamped
from tournaments.sessions.models.events import Entry, Section, Session
from tournaments.sessions.models.results import Board, Result


class Ruling(Timestamped):
    """A ruling on a result, a board or an entry. Applying one (services) changes the scores and is audited."""

    class Decision(models.TextChoices):
        SCORE_STANDS = "score_stands", gettext_lazy("Score stands")
        ARTIFICIAL = "artificial", gettext_lazy("Artificial adjusted score")
        ASSIGNED = "assigned", gettext_lazy("Assigned adjusted score")
        WEIGHTED = "weighted", gettext_lazy("Weighted assigned score")
        NOT_PLAYED = "not_played", gettext_lazy("Board not played")
        PROCEDURAL_PENALTY = "procedural_penalty", gettext_lazy("Procedural penalty")
        DISCIPLINARY_PENALTY = "disciplinary_penalty", gettext_lazy("Disciplinary penalty")

    class Appeal(models.TextChoices):
        NONE = "none", gettext_lazy("No appeal")
        PENDING = "pending", gettext_lazy("Appeal pending")
        UPHELD = "upheld", gettext_lazy("Ruling upheld")
        CHANGED = "changed", gettext_lazy("Ruling changed on appeal")
        WITHDRAWN = "withdrawn", gettext_lazy("Appeal withdrawn")

    class Side(models.TextChoices):
        NS = "NS", gettext_lazy("North-South")
        EW = "EW", gettext_lazy("East-West")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="rulings")
    section = models.ForeignKey(Section, null=True, blank=True, on_delete=models.CASCADE, related_name="rulings")
    board = models.ForeignKey(Board, null=True, blank=True, on_delete=models.CASCADE, related_name="rulings")
    result = models.ForeignKey(Result, null=True, blank=True, on_delete=models.SET_NULL, related_name="rulings")
    entry = models.ForeignKey(
        Entry,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="rulings",
        help_text=gettext_lazy("The pair a penalty is given to"),
    )
    decision = models.CharField(max_length=24, choices=Decision.choices)
    law = models.CharField(max_length=40, blank=True, help_text='e.g. "Law 16B", "Law 12C1(e)"')
    facts = models.TextField(blank=True)
    details = models.JSONField(
        default=dict, blank=True, help_text=gettext_lazy("Percentages, weights, penalty size ...")
    )
    penalty = models.FloatField(
        null=True,
        blank=True,
        help_text=gettext_lazy("Match points (or IMPs) taken from the entry's total; positive number"),
    )
    director = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    appeal = models.CharField(max_length=12, choices=Appeal.choices, default=Appeal.NONE)
    # The appeal (services/appeals.py): who lodged it, when and why; the committee's decision, names and reasons.
    appeal_by = models.CharField(max_length=2, choices=Side.choices, blank=True)
    appeal_lodged_at = models.DateTimeField(null=True, blank=True)
    appeal_grounds = models.TextField(blank=True)
    appeal_committee = models.CharField(max_length=200, blank=True)
    appeal_reasons = models.TextField(blank=True)
    appeal_deposit_returned = models.BooleanField(null=True, blank=True)
    appeal_decided_at = models.DateTimeField(null=True, blank=True)

    version = models.PositiveIntegerField(
        default=1, help_text=gettext_lazy("Bumped on every change: a stale save is refused")
    )

    class Meta:
        db_table = "tournaments_ruling"
        ordering = ["session", "created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(penalty__isnull=True) | models.Q(penalty__gte=0),
                name="ruling_penalty_not_negative",
            ),
        ]

    @property
    def appeal_words(self) -> str:
        """ "Appeal pending", "Ruling upheld on appeal" or "Ruling changed on appeal" with the committee's reasons
        (recaps, travellers, the public pages); "" for a ruling never appealed."""
        words: str = {
            str(self.Appeal.PENDING): gettext("Appeal pending"),
            str(self.Appeal.UPHELD): gettext("Ruling upheld on appeal"),
            str(self.Appeal.CHANGED): gettext("Ruling changed on appeal"),
            str(self.Appeal.WITHDRAWN): gettext("Appeal withdrawn"),
        }.get(str(self.appeal), "")
        decided = self.appeal in (self.Appeal.UPHELD, self.Appeal.CHANGED) and self.appeal_reasons
        return f"{words}: {self.appeal_reasons}" if decided else words

    def __str__(self) -> str:
        return f"{self.get_decision_display()} ({self.law})" if self.law else self.get_decision_display()
