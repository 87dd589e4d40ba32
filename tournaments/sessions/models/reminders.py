"""What the scheduled reminders sent, so each is sent once (tournaments/sessions/reminders.py)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class DirectorReminder(models.Model):
    """The e-mail telling a session's directors, the day before, that its movement or players are not set."""

    session = models.OneToOneField("duplicate.Session", on_delete=models.CASCADE, related_name="director_reminder")
    sent_at = models.DateTimeField(default=timezone.now)
    sent_to = models.TextField(blank=True)

    def __str__(self) -> str:
        return f"reminder for session {self.session_id} at {self.sent_at}"
