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


def polled(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """304 for an HTMX poll of `view(request, pk)` (a session page) whose ETag the poll already holds."""

    @wraps(view)
    def wrapper(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.headers.get("HX-Request"):
            return view(request, pk, *args, **kwargs)
        tag = session_etag(request, pk)
        if tag is None:
            return view(request, pk, *args, **kwargs)  # no such session: the view answers 404
        etag = f'"{tag}{"-late" if _run_out(pk) else ""}"'
        if request.headers.get("If-None-Match") == etag:
            response: HttpResponse = HttpResponseNotModified()
        else:
            response = view(request, pk, *args, **kwargs)
        if response.status_code in (200, 304):
            response["ETag"] = etag
            response["Cache-Control"] = "no-store"  # never a stale copy from the browser's cache
        return response

    return wrapper
