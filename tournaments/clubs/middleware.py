"""The current club of a request, worked out here and nowhere else.

In order: the club's address (`/c/<slug>/...`: the rest of the path is served as today's URL, and every link
the page builds carries the club's address), the club's own host name, the only club of a one-club service
(the laptop), the club the signed-in login chose (`/clubs/choose/`) or the first club it holds a role in.
An anonymous visitor of a service of several clubs without the club's address has no current club: the
table phone pages (their token is the key) work as before. The clubs' slugs and hosts come from the cached
directory, so on the laptop and for the phones' polls this costs no query; `request.club` is read lazily.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound
from django.template.loader import render_to_string
from django.urls import get_script_prefix, set_script_prefix
from django.utils import timezone
from django.utils.functional import SimpleLazyObject

from tournaments.clubs.directory import directory, held, look
from tournaments.clubs.models import Club
from tournaments.core.tenancy import using_club

SESSION_KEY = "bridgedesk_club"
# The service's own edges, not a club's: answered without asking any engine (the cache included).
SERVICE_PATHS = ("/healthz", "/readyz", "/metrics")


def clubs_of(user: Any) -> QuerySet[Club]:
    """The clubs a login may work in: where it holds a role (a superuser: every club)."""
    if getattr(user, "is_superuser", False):
        return Club.objects.all()
    if not getattr(user, "is_authenticated", False):
        return Club.objects.none()
    return Club.objects.filter(roles__user=user).distinct()


def club_id_of_request(request: HttpRequest) -> int | None:
    """The club of a request without the club's address (see the module's docstring)."""
    known = directory()
    hosted = known.by_host(request.get_host().partition(":")[0].lower())
    if hosted is not None:
        return hosted
    if known.only is not None:
        return known.only
    mine = clubs_of(request.user).order_by("pk").values_list("pk", flat=True)
    chosen = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
    if chosen and mine.filter(pk=chosen).exists():
        return int(chosen)
    return mine.first()


class CurrentClub:
    """Sets the current club for the request (queries scoped, permissions in it, its time zone active)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        _ = settings.STATIC_URL  # resolved once at start, so the club's address never prefixes static files

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info in SERVICE_PATHS:
            return self.get_response(request)
        with held():  # one read of the clubs' directory for the whole request
            return self._in_club(request)

    def _in_club(self, request: HttpRequest) -> HttpResponse:
        prefix = get_script_prefix()
        club_id: int | None
        if request.path_info.startswith("/c/"):
            slug, _, rest = request.path_info[3:].partition("/")
            club_id = directory().by_slug(slug)
            if club_id is None:
                body = render_to_string("404.html", {"message": f"There is no club {slug!r} here."})
                return HttpResponseNotFound(body)
            request.path_info = "/" + rest
            set_script_prefix(f"{prefix}c/{slug}/")
        else:
            club_id = club_id_of_request(request)
        request.club_look = look(club_id)  # type: ignore[attr-defined]
        request.club = SimpleLazyObject(lambda: Club.objects.filter(pk=club_id or 0).first())  # type: ignore[attr-defined]
        try:
            with using_club(club_id):
                shown = look(club_id)
                _activate_time_zone(shown.time_zone if shown else None)
                response = self.get_response(request)
                if shown and shown.logo.startswith(("https://", "http://")):
                    # the logo may live on the club's own site: let the page show it (django-csp's per-response update)
                    response._csp_update = {"img-src": [shown.logo]}  # type: ignore[attr-defined]
                return response
        finally:
            timezone.deactivate()
            set_script_prefix(prefix)


def _activate_time_zone(name: str | None) -> None:
    """The club's time zone for the request's dates and times (the settings' TIME_ZONE without a club)."""
    if not name:
        return
    try:
        timezone.activate(zoneinfo.ZoneInfo(name))
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        timezone.deactivate()
