"""The admin of duplicate sessions: members and event/session names are editable here; results, rulings and
the rest are shown read-only, because every change to them must go through the services (checked against the
movement, audited)."""

from __future__ import annotations

from django.contrib import admin
from django.db import models
from django.http import HttpRequest

from tournaments.core.readonly import ReadOnlyAdmin
from tournaments.sessions.models import Board, Entry, EntryPlayer, Event, Member, Result, Ruling, Section, Session


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin[Member]):
    list_display = ("name", "national_id", "email", "active")
    list_filter = ("active",)
    search_fields = ("name", "national_id", "email")


@admin.register(Event)
class EventAdmin(admin.ModelAdmin[Event]):
    list_display = ("name", "club", "kind", "created_at")
    search_fields = ("name", "club")

    def has_delete_permission(self, request: HttpRequest, obj: models.Model | None = None) -> bool:
        return False


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin[Session]):
    list_display = ("event", "name", "date", "scoring_method", "status")
    list_filter = ("status", "scoring_method")
    list_select_related = ("event",)
    fields = (
        "event",
        "name",
        "date",
        "scoring_method",
        "mp_scale",
        "edition",
        "use_neuberg",
        "scale_missed_boards",
        "average_plus_own_percentage",
        "average_minus_own_percentage",
        "neuberg_rounding",
        "artificial_among_real",
        "percentage_basis",
        "traveller_factored",
        "imps_unplayed_zero",
        "scores_shown",
        "status",
    )
    readonly_fields = ("event",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # sessions are set up from the pairs present: /sessions/new/

    def has_delete_permission(self, request: HttpRequest, obj: models.Model | None = None) -> bool:
        return False


@admin.register(Section)
class SectionAdmin(ReadOnlyAdmin):
    list_display = ("session", "letter", "movement_kind", "movement_variant", "tables", "rounds", "boards_per_round")
    list_select_related = ("session", "session__event")


class PlayerInline(admin.TabularInline[EntryPlayer, Entry]):
    model = EntryPlayer
    extra = 0

    def has_add_permission(self, request: HttpRequest, obj: models.Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: models.Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: models.Model | None = None) -> bool:
        return False


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdmin):
    list_display = ("label", "section", "late")
    list_select_related = ("section", "section__session")
    inlines = [PlayerInline]


@admin.register(Board)
class BoardAdmin(ReadOnlyAdmin):
    list_display = ("number", "session", "dealer", "vulnerability")
    list_select_related = ("session", "session__event")


@admin.register(Result)
class ResultAdmin(ReadOnlyAdmin):
    list_display = ("board", "ns_entry", "ew_entry", "kind", "contract", "declarer", "tricks", "ns_score")
    list_select_related = ("board", "ns_entry", "ew_entry")
    list_filter = ("kind",)


@admin.register(Ruling)
class RulingAdmin(ReadOnlyAdmin):
    list_display = ("session", "decision", "law", "board", "entry", "penalty", "director", "created_at")
    list_select_related = ("session", "session__event", "board", "entry", "director")
