"""The current club of a request, worked out here and nowhere else.

In order: the club's address (`/c/<slug>/...`: the rest of the path is served as today's URL, and every link
the page builds carries the club's address), the club's own host name, the only club of a one-club service
(the laptop), the club the signed-in login chose (`/clubs/choose/`) or the first club it holds a role in.
An anonymous visitor of a service of several clubs without the club's address has no current club: the
table phone pages (their token is the key) work as before.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.conf import settings
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound
from django.template.loader import render_to_string
from django.urls import get_script_prefix, set_script_prefix
from django.utils import timezone

from tournaments.clubs.models import Club
from tournaments.core.tenancy import only_club_id, using_club

SESSION_KEY = "bridgedesk_club"


def clubs_of(user: object) -> QuerySet[Club]:
    """The clubs a login may work in: where it holds a role (a superuser: every club)."""
    if getattr(user, "is_superuser", False):
        return Club.objects.all()
    if not getattr(user, "is_authenticated", False):
        return Club.objects.none()
    return Club.objects.filter(roles__user=user).distinct()


def club_of_request(request: HttpRequest) -> Club | None:
    """The club of a request without the club's address (see the module's docstring)."""
    host = request.get_host().partition(":")[0].lower()
    hosted = Club.objects.filter(host=host).first() if host else None
    if hosted is not None:
        return hosted
    only = only_club_id()
    if only is not None:
        return Club.objects.get(pk=only)
    mine = clubs_of(request.user)
    chosen = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
    return (mine.filter(pk=chosen).first() if chosen else None) or mine.order_by("pk").first()


class CurrentClub:
    """Sets the current club for the request (queries scoped, permissions in it, its time zone active)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        _ = settings.STATIC_URL  # resolved once at start, so the club's address never prefixes static files

    def __call__(self, request: HttpRequest) -> HttpResponse:
        prefix = get_script_prefix()
        club: Club | None
        if request.path_info.startswith("/c/"):
            slug, _, rest = request.path_info[3:].partition("/")
            club = Club.objects.filter(slug=slug).first()
            if club is None:
                body = render_to_string("404.html", {"message": f"There is no club {slug!r} here."})
                return HttpResponseNotFound(body)
            request.path_info = "/" + rest
            set_script_prefix(f"{prefix}c/{slug}/")
        else:
            club = club_of_request(request)
        request.club = club  # type: ignore[attr-defined]
        try:
            with using_club(club.pk if club else None):
                _activate_time_zone(club)
                return self.get_response(request)
        finally:
            timezone.deactivate()
            set_script_prefix(prefix)


def _activate_time_zone(club: Club | None) -> None:
    if club is None:
        return
    try:
        timezone.activate(zoneinfo.ZoneInfo(club.time_zone))
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        timezone.deactivate()
