"""The service administrator's pages (Django admin, superusers): clubs, federations and who holds which role."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from tournaments.clubs.models import Club, ClubRole, Federation, FederationRole
from tournaments.clubs.services import create_club


class RoleInline(admin.TabularInline[ClubRole, Club]):
    model = ClubRole
    extra = 1
    autocomplete_fields = ["user"]


class OfficialInline(admin.TabularInline[FederationRole, Federation]):
    """The federation's officials: they run its simultaneous events (tournaments/simultaneous/federation.py)."""

    model = FederationRole
    extra = 1
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin[Club]):
    list_display = ("name", "slug", "host", "federation", "time_zone", "paper")
    search_fields = ("name", "slug", "host")
    inlines = [RoleInline]

    def save_model(self, request: HttpRequest, obj: Club, form: Any, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
        else:  # a new club is recorded in the audit log, as from the sign-up page and create_club
            create_club(actor=request.user, club=obj, how="Created in the admin")


@admin.register(Federation)
class FederationAdmin(admin.ModelAdmin[Federation]):
    list_display = ("name", "slug", "parent", "paper", "language")
    search_fields = ("name", "slug")
    inlines = [OfficialInline]
