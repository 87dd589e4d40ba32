"""A polled page's rendered body kept in Django's cache under its ETag, for the next request that asks for it.

A director's live pages (standings, travellers, the live panel) carry an ETag that says everything they show:
the session's version sum (every write they show bumps it), its status, the reader, the page and fragment asked
for, the language (sessions/views/live.py). A poll holding that ETag already gets a 304; a request without it
(a reload, a second tab, a poll that lost its ETag) rebuilt the whole page at 10-13 ms at 60 tables. The body
built for an ETag is kept here and served to the next such request of the same reader, so it costs what the 304
costs plus one cache read.

What a page holds beyond its ETag is in the key or stops the keeping:
- the CSRF token in its forms: the key holds the browser's CSRF cookie (hashed), and a body is kept only when
  the page was rendered with that cookie's secret (a browser without one, or with a bad one, is never served
  another's token);
- the current club (its name and colours in the header);
- messages ("Saved."): a request with messages to show neither reads nor keeps a body;
- a part that moves with the clock (the live panel's seconds left) is re-rendered on every answer (`fresh`).
Only a GET's 200 with no cookie set by the view is kept, never inside a transaction (what it read may roll
back), for BODY_TTL_SECONDS at most. The body is built after the ETag was read, so it is at least as new as its
key (versions only grow).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse

from tournaments.core.tenancy import current_club_id

BODY_TTL_SECONDS = 300


def _messages_waiting(request: HttpRequest) -> bool:
    return hasattr(request, "_messages") and len(get_messages(request)) > 0


def body_key(request: HttpRequest, name: str, tag: str) -> str | None:
    """The cache key of `name`'s body at ETag `tag` for this browser, or None when it must not be kept."""
    if request.method != "GET" or connection.in_atomic_block or _messages_waiting(request):
        return None
    csrf = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    if not csrf:
        return None
    raw = f"{name}|{tag}|{csrf}|{current_club_id()}|{request.get_full_path()}"
    return f"body:{hashlib.sha256(raw.encode()).hexdigest()[:40]}"


def _keepable(request: HttpRequest, response: HttpResponse) -> bool:
    """A plain 200 rendered with the browser's own CSRF secret, setting no cookie and showing no message."""
    csrf = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and request.META.get("CSRF_COOKIE", csrf) == csrf
        and not _messages_waiting(request)
        and not connection.in_atomic_block
    )


def with_moving_part(response: HttpResponse, part: str) -> HttpResponse:
    """Mark `part` (as rendered into `response`) as the part that moves with time (see kept_body)."""
    response.moving_part = part  # type: ignore[attr-defined]
    return response


def kept_body(
    request: HttpRequest,
    name: str,
    tag: str,
    build: Callable[[], HttpResponse],
    fresh: Callable[[], str] | None = None,
) -> HttpResponse:
    """`build()`'s response, or the one kept for this ETag and browser (see above). With `fresh` (the part that
    moves with time, rendered now), the built response marks the part as it rendered it (with_moving_part); it
    must appear in the body exactly once, else the body is not kept; a kept body gets `fresh()` in its place."""
    key = body_key(request, name, tag)
    kept = cache.get(key) if key is not None else None
    if kept is not None:
        head, tail, headers = kept
        response = HttpResponse(head + (fresh() if fresh is not None else "") + tail)
        for header, value in headers:
            response[header] = value
        return response
    response = build()
    moving = getattr(response, "moving_part", "") if fresh is not None else None
    if key is not None and _keepable(request, response) and moving != "":
        _keep(key, response, moving)
    return response


def _keep(key: str, response: HttpResponse, moving: str | None) -> None:
    body = response.content.decode(response.charset)
    parts = body.split(moving) if moving is not None else [body, ""]
    if len(parts) != 2:
        return  # the moving part is not there exactly once (or not marked): never kept
    cache.set(key, (parts[0], parts[1], list(response.items())), BODY_TTL_SECONDS)
