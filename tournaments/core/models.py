"""Shared model pieces."""

from django.conf import settings
from django.db import models


class Timestamped(models.Model):
    """Created/updated timestamps on every row a director can change."""

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True


class Access(models.Model):
    """Holds Bridgedesk's permissions (no table: `managed = False`); the roles are groups of these.

    See tournaments/core/access.py for which role has which permission and the decorator every view uses.
    """

    class Meta:
        db_table = "tournaments_access"
        managed = False
        default_permissions = ()
        permissions = [
            ("manage_club", "Manage the club: users, members, settings"),
            ("direct_sessions", "Direct sessions: set up, rulings, imports, printing, publishing, parties"),
            ("enter_results", "Enter results (travellers and pickup slips)"),
            ("view_results", "See results pages (standings, travellers, score cards)"),
            ("view_member_contact", "See members' e-mail addresses and national ids"),
            ("view_audit_log", "Read sessions' audit logs"),
        ]

    def __str__(self) -> str:
        return "Bridgedesk permissions"


class LoginLanguage(models.Model):
    """A login's own choice of language (the switch, when logged in), so it follows the login to any device."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="language_choice"
    )
    # One of settings.LANGUAGES, checked on the way in (no `choices`: adding a language needs no migration).
    language = models.CharField(max_length=12)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.language}"
