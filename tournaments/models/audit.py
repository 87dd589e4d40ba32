"""The append-only audit log: every change to a result or a ruling, with who, when, old, new and why."""

from __future__ import annotations

from typing import Any, NoReturn

from django.conf import settings
from django.db import models


class AppendOnlyError(RuntimeError):
    """Raised on any attempt to change or remove an audit entry."""


class AuditQuerySet(models.QuerySet["AuditEntry"]):
    def update(self, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("The audit log is append-only: entries cannot be changed.")

    def delete(self) -> NoReturn:  # type: ignore[override]
        raise AppendOnlyError("The audit log is append-only: entries cannot be removed.")


class AuditEntry(models.Model):
    """One change. Rows are only ever inserted: the model refuses updates and deletes, and so does the
    database (triggers in the migration), so not even a bulk query can rewrite history.

    `session` is a plain reference without a database constraint, so the log outlives what it describes.
    """

    session = models.ForeignKey(
        "tournaments.Session",
        null=True,
        blank=True,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="+",
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="+",
    )
    actor_name = models.CharField(max_length=150, blank=True)
    action = models.CharField(max_length=40)
    target_type = models.CharField(max_length=40)
    target_id = models.BigIntegerField(null=True, blank=True)
    old = models.JSONField(null=True, blank=True)
    new = models.JSONField(null=True, blank=True)
    why = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    objects = AuditQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "audit entries"
        indexes = [models.Index(fields=["session", "created_at"], name="audit_session_idx")]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor_name} {self.action} {self.target_type} {self.target_id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise AppendOnlyError("The audit log is append-only: entries cannot be changed.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("The audit log is append-only: entries cannot be removed.")
