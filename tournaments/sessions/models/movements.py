"""The movement of a section stored as rows: at each table in each round, who plays which boards."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy

from tournaments.sessions.models.events import Entry, Section


class TableRound(models.Model):
    """One row of the movement: round R at table T, the NS and EW entries (null = sit-out) and the boards.

    A result points at the row it was played at, so its round and table always agree with the movement.
    """

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="table_rounds")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    ns_entry = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    ew_entry = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    boards = models.JSONField(default=list, help_text=gettext_lazy("Board numbers played at this table this round"))

    class Meta:
        db_table = "tournaments_tableround"
        ordering = ["section", "round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["section", "round", "table"], name="one_row_per_table_per_round"),
            models.UniqueConstraint(fields=["section", "round", "ns_entry"], name="ns_entry_seated_once_per_round"),
            models.UniqueConstraint(fields=["section", "round", "ew_entry"], name="ew_entry_seated_once_per_round"),
            models.CheckConstraint(condition=~Q(ns_entry=F("ew_entry")), name="table_round_not_against_itself"),
            models.CheckConstraint(condition=Q(round__gte=1) & Q(table__gte=1), name="table_round_numbers_positive"),
        ]
        indexes = [models.Index(fields=["section", "ns_entry"], name="tableround_ns_idx")]

    def __str__(self) -> str:
        return f"Round {self.round}, table {self.table}"
