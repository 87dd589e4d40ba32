"""The live panel and the big screen poll every 5-10 s (HTMX): 304 while nothing they show has changed.

Every write they show (results, rulings, the clock, calls, links, table settings) bumps the section's version,
so the session's ETag (sessions/views/live.py: versions, status, reader, page) says whether anything changed,
plus the one thing that changes by itself: the round running out ("move now"). A poll on an unchanged session
costs two small queries and builds nothing. The page sends `If-None-Match` itself (static/js/poll.js) and keeps
what it shows on a 304, its clock ticking in the browser; the whole page (not a poll) is always built afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified

from tournaments.sessions.views.live import session_etag
from tournaments.tableside.models import RoundTimer


def _run_out(session_id: int) -> bool:
    timer = RoundTimer.objects.filter(session_id=session_id).first()
    remaining = timer.remaining() if timer is not None else None
    return remaining is not None and remaining <= 0


def answer_poll(request: HttpRequest, session_id: int, build: Callable[[], HttpResponse]) -> HttpResponse:
    """`build()` for a page or a changed poll; 304 for an HTMX poll whose ETag already holds the session's state."""
    if not request.headers.get("HX-Request"):
        return build()
    tag = session_etag(request, session_id)
    if tag is None:
        return build()  # no such session: the view answers 404
    etag = f'"{tag}{"-late" if _run_out(session_id) else ""}"'
    if request.headers.get("If-None-Match") == etag:
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = build()
    if response.status_code in (200, 304):
        response["ETag"] = etag
        response["Cache-Control"] = "no-store"  # never a stale copy from the browser's cache
    return response


def polled(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """304 for an HTMX poll of `view(request, pk)` (a session page) whose ETag the poll already holds."""

    @wraps(view)
    def wrapper(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        return answer_poll(request, pk, lambda: view(request, pk, *args, **kwargs))

    return wrapper
