"""The admin's read-only page, for the rows whose every change must go through the services (audited)."""

from __future__ import annotations

from django.contrib import admin
from django.db import models
from django.http import HttpRequest


class ReadOnlyAdmin(admin.ModelAdmin[models.Model]):
    """Shown, never changed here: use the session pages, which audit every change."""

    def has_add_permission(self, request: HttpRequest, obj: models.Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: models.Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: models.Model | None = None) -> bool:
        return False
