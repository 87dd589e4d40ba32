"""The club room's big screen: the live ranking, the round clock and "move now", for the TV (full screen).

The page refreshes its body every 10 s (HTMX); the clock ticks in the browser between refreshes, and a ranking
longer than the screen scrolls slowly up and down (static/js/screen.js).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

import scoring
from tournaments.core.access import Perm, public, requires
from tournaments.core.errors import LinkRefused, status_of
from tournaments.core.htmx import HtmxHttpRequest
from tournaments.sessions.models import Session
from tournaments.sessions.selectors.scores import score_session
from tournaments.tableside import screenlinks, services
from tournaments.tableside.polls import answer_poll, polled

FIELD_NAMES = {"NS": gettext_lazy("North-South"), "EW": gettext_lazy("East-West")}


@dataclass
class Ranking:
    title: str  # "Section A · North-South", or "" for a one-field session
    rows: list[tuple[str, str, str, str]]  # place, pair, names, percentage


def rankings_of(session: Session) -> list[Ranking]:
    out = []
    scored = score_session(session)
    for scores in scored:
        for field_name, standings in scores.standings.items():
            words = [_("Section %(letter)s") % {"letter": scores.section.letter}] if len(scored) > 1 else []
            words += [str(FIELD_NAMES[field_name])] if field_name in FIELD_NAMES else []
            rows = [
                (
                    s.place,
                    s.entry.label,
                    s.entry.names,
                    "" if s.percentage is None else f"{scoring.shown(s.percentage)}%",
                )
                for s in standings
            ]
            out.append(Ranking(" · ".join(words), rows))
    return out


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
