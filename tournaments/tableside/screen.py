"""The club room's big screen: the live ranking, the round clock and "move now", for the TV (full screen).

The page refreshes its body every 10 s (HTMX); the clock ticks in the browser between refreshes, and a ranking
longer than the screen scrolls slowly up and down (static/js/screen.js).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from scoring import shown
from tournaments.core.access import Perm, public, requires
from tournaments.core.errors import LinkRefused, status_of
from tournaments.core.htmx import HtmxHttpRequest
from tournaments.core.once import get_or_build
from tournaments.sessions.models import Session
from tournaments.sessions.selectors.scores import score_session, settings_digest
from tournaments.tableside import screenlinks, services
from tournaments.tableside.polls import answer_poll, polled

Rows = list[tuple[str, str, str, str]]
FIELD_NAMES = {"NS": gettext_lazy("North-South"), "EW": gettext_lazy("East-West")}


@dataclass
class Ranking:
    title: str  # "Section A · North-South", or "" for a one-field session
    rows: Rows  # place, pair, names, percentage


SCREEN_TTL_SECONDS = 3600


def rankings_of(session: Session) -> list[Ranking]:
    """The rankings the screen shows. Only their rows are kept (in Django's cache, per section versions and
    session settings, built once per change by core/once.py): a few KB to read per poll where the whole
    scores object is half a megabyte at 30 tables (issue 24)."""
    sections, kept = _rows_of(session)
    out = []
    for letter, field_name, rows in kept:
        words = [_("Section %(letter)s") % {"letter": letter}] if sections > 1 else []
        words += [str(FIELD_NAMES[field_name])] if field_name in FIELD_NAMES else []
        out.append(Ranking(" · ".join(words), rows))
    return out


def _rows_of(session: Session) -> tuple[int, list[tuple[str, str, Rows]]]:
    """How many sections, and each field's rows: (letter, field, rows)."""
    versions = list(session.sections.order_by("letter").values_list("pk", "version"))
    stamp = ",".join(f"{pk}.{version}" for pk, version in versions)
    key = f"screen-rows:{session.pk}:{stamp}:{settings_digest(session)}"

    def build() -> list[tuple[str, str, Rows]]:
        out = []
        for scores in score_session(session):
            for field_name, standings in scores.standings.items():
                rows = [
                    (s.place, s.entry.label, s.entry.names, "" if s.percentage is None else f"{shown(s.percentage)}%")
                    for s in standings
                ]
                out.append((scores.section.letter, field_name, rows))
        return out

    if connection.in_atomic_block:  # what is not committed is never kept (as score_section)
        return len(versions), build()
    rows, _stale = get_or_build(key, build, ttl=SCREEN_TTL_SECONDS)
    return len(versions), rows


def _context(session: Session, refresh_url: str, events_url: str) -> dict[str, object]:
    timer = services.timer_of(session)
    remaining = timer.remaining()
    running = remaining is not None and timer.paused_at is None
    return {
        "session": session,
        "refresh_url": refresh_url,
        "events_url": events_url,
        "rankings": rankings_of(session),
        "remaining": remaining,
        "running": running,
        "move_now": timer.time_up(),
    }


@requires(Perm.DIRECT)
@polled
def session_screen(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The big screen of a session: the director opens it on the club room's TV (full screen, no menus)."""
    session = get_object_or_404(Session.objects.select_related("event"), pk=pk)
    template = "tableside/_screen_body.html" if request.htmx else "tableside/screen.html"
    return render(
        request,
        template,
        _context(session, reverse("tableside:screen", args=[pk]), reverse("tableside:panel_events", args=[pk])),
    )


def refused(request: HttpRequest, error: LinkRefused) -> HttpResponse:
    """The page a TV shows for a screen link it cannot use (unknown, withdrawn, archived), with its status."""
    context = {"message": str(error), "what": _("Screen link")}
    return render(request, "tableside/refused.html", context, status=status_of(error))


@public
@require_safe
def screen_by_link(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Public with the screen link (the token is the key): the same big screen, read-only, for the club's TV."""
    try:
        link = screenlinks.open_screen(token)
    except LinkRefused as exc:
        return refused(request, exc)
    if link.session_id is None:
        raise Http404("This link is a party's screen.")
    session_id = link.session_id

    def build() -> HttpResponse:
        session = get_object_or_404(Session.objects.select_related("event"), pk=session_id)
        template = "tableside/_screen_body.html" if request.htmx else "tableside/screen.html"
        return render(
            request,
            template,
            _context(
                session,
                reverse("tableside:screen_link", args=[token]),
                reverse("tableside:screen_events", args=[token]),
            ),
        )

    return answer_poll(request, session_id, build)
