"""The service administrator's pages (Django admin, superusers): clubs, federations and who holds which role."""

from django.contrib import admin

from tournaments.clubs.models import Club, ClubRole, Federation, FederationRole


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


@admin.register(Federation)
class FederationAdmin(admin.ModelAdmin[Federation]):
    list_display = ("name", "slug", "parent")
    search_fields = ("name", "slug")
    inlines = [OfficialInline]
