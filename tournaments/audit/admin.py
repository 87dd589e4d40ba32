"""The admin shows the audit log read-only: it is append-only, and the database refuses changes too."""

from __future__ import annotations

from django.contrib import admin

from tournaments.audit.models import AuditEntry
from tournaments.core.readonly import ReadOnlyAdmin


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "actor_name", "action", "target_type", "target_id", "session_id", "why")
    list_filter = ("action", "target_type")
