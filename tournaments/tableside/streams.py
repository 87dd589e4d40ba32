"""Server-sent event streams: the table page, the live panel and the big screen hear of a change as it commits.

`/t/<token>/events/`, `/live/<pk>/events/` and `/screen/<token>/events/` check their key as the page does (a
refused link or a missing permission is the page's answer, not a stream), then hold a stream that sends
`change` with the owner's version after each committed write (the session's, or a teams room's event's), a
comment every PUSH_HEARTBEAT_SECONDS, and ends after PUSH_STREAM_SECONDS so a worker's threads recycle (the
browser reconnects after a second). The page then fetches its state as its poll would (static/js/push.js);
while no stream is open it polls as before.

A stream holds a thread of the web server (README: gunicorn `gthread` with many threads) and no database
connection: it is given back before the first byte.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from django.conf import settings
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_safe

from tournaments.core.access import Perm, public, requires
from tournaments.core.errors import LinkRefused, status_of
from tournaments.core.limits import client_address
from tournaments.parties.selectors import party_key
from tournaments.sessions.models import Session
from tournaments.tableside import hub, screenlinks, services
from tournaments.tableside.events import HEARTBEAT, Change, opening, session_key, version_of
from tournaments.teams import selectors


def _events(key: str, version: int) -> Iterator[bytes]:
    """The stream's body: subscribed while it is read, and given up however it ends (closed, dropped, recycled)."""
    heartbeat = max(float(settings.PUSH_HEARTBEAT_SECONDS), 0.5)
    ends_at = time.monotonic() + settings.PUSH_STREAM_SECONDS
    held = hub.current()  # given back to the same hub, whatever the settings are by then
    sub = held.subscribe(key, version)
    try:
        yield opening(version)
        last = version
        while (left := ends_at - time.monotonic()) > 0:
            latest = sub.wait(last, min(heartbeat, left))
            if latest > last:
                last = latest
                yield Change(key, latest).as_sse()
            else:
                yield HEARTBEAT
    finally:
        held.unsubscribe(sub)


def stream(key: str) -> HttpResponse | StreamingHttpResponse:
    """The event stream of an owner whose link was checked; 204 (the browser stops asking) when push is off."""
    if not hub.enabled():
        return HttpResponse(status=204)
    version = version_of(key)
    if not connection.in_atomic_block:
        connection.close()  # held for minutes, a stream must not hold one of the database's connections too
    response = StreamingHttpResponse(_events(key, version), content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx in front: pass each event on at once
    return response


def _refused(error: LinkRefused) -> HttpResponse:
    return HttpResponse(error.message, status=status_of(error), content_type="text/plain; charset=utf-8")


@public
@require_safe
def table_events(request: HttpRequest, token: str) -> HttpResponse | StreamingHttpResponse:
    """Public with the table's link, as the table page."""
    try:
        link = services.open_link(token, address=client_address(request))
    except LinkRefused as exc:
        return _refused(exc)
    if link.is_room:  # a teams room's page is keyed on its event's version, as its ETag (api._version)
        return stream(selectors.event_key(link.room_match.round.event_id))
    if link.is_party:  # a party table's page, on its party's version
        return stream(party_key(link.table_party.pk))
    return stream(session_key(link.table_section.session_id))


@requires(Perm.DIRECT)
@require_safe
def panel_events(request: HttpRequest, pk: int) -> HttpResponse | StreamingHttpResponse:
    """For directors, as the live panel and the session's big screen."""
    return stream(session_key(get_object_or_404(Session, pk=pk).pk))


@public
@require_safe
def screen_events(request: HttpRequest, token: str) -> HttpResponse | StreamingHttpResponse:
    """Public with the screen link, as the TV's big screen."""
    try:
        link = screenlinks.open_screen(token)
    except LinkRefused as exc:
        return _refused(exc)
    if link.session_id is None:
        raise Http404("This link is a party's screen.")
    return stream(session_key(link.session_id))
