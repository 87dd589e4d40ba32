"""The live panel and the big screen poll every 5-10 s (HTMX): 304 while nothing they show has changed.

Every write they show (results, rulings, the clock, calls, links, table settings) bumps the section's version,
so the session's ETag (sessions/views/live.py: versions, status, reader, page) says whether anything changed,
plus the one thing that changes by itself: the round running out ("move now"). A poll on an unchanged session
costs one small query (the version sum, the status and the clock, together) and builds nothing. The page sends
`If-None-Match` itself (static/js/poll.js) and keeps what it shows on a 304, its clock ticking in the browser;
the whole page (not a poll) is always built afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified

from tournaments.sessions.views.live import session_state
from tournaments.tableside.models import RoundTimer

# The round clock's columns, read with the session's ETag (one query): whether the round has run out.
_NAMES = ("started_at", "paused_at", "paused_seconds", "minutes", "extra_seconds")
_CLOCK = tuple(f"round_timer__{name}" for name in _NAMES)


def _run_out(clock: tuple[Any, ...]) -> bool:
    if clock[0] is None:
        return False  # no clock, or not started
    remaining = RoundTimer(**dict(zip(_NAMES, clock, strict=True))).remaining()
    return remaining is not None and remaining <= 0


def clock_state(request: HttpRequest, session_id: int) -> tuple[str, RoundTimer] | None:
    """The session's ETag (without the "late" mark) and its round clock as stored (unsaved when it has none), read
    in the query the poll's 304 reads (kept on the request: no second query); None if there is no such session."""
    state = session_state(request, session_id, *_CLOCK)
    if state is None:
        return None
    stored = {name: value for name, value in zip(_NAMES, state[1], strict=True) if value is not None}
    return state[0], RoundTimer(session_id=session_id, **stored)


def answer_poll(request: HttpRequest, session_id: int, build: Callable[[], HttpResponse]) -> HttpResponse:
    """`build()` for a page or a changed poll; 304 for an HTMX poll whose ETag already holds the session's state."""
    if not request.headers.get("HX-Request"):
        return build()
    state = session_state(request, session_id, *_CLOCK)
    if state is None:
        return build()  # no such session: the view answers 404
    etag = f'"{state[0]}{"-late" if _run_out(state[1]) else ""}"'
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
