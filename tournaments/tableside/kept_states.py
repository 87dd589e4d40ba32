"""A session table's state kept in Django's cache at its ETag: the next phone asking without it is served from here.

A table's state is a function of its link, its section's version and the reader's language (the ETag says so, and
the poll's 304 relies on it, tableside/poll_tags.py), but for its round clock, which counts down by itself: the
clock's row changes only with a write (every clock action bumps the version), so it is kept as stored and its
JSON (seconds left, "move now") computed at each answer. A phone asking without the ETag (a page opened or
reloaded, a second phone of the table, a poll after a change of its own table) rebuilt the whole state: ~10 ms at
60 tables, ten queries. Kept, it costs the narrow read of the link's version (poll_tags.live_version) and one read
of the cache. Nothing read inside a transaction is kept; the state is built after its version was read, so it is
at least as new as its key.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.db import connection
from django.utils import translation

from tournaments.tableside.models import RoundTimer
from tournaments.tableside.state import timer_json

STATE_TTL_SECONDS = 600
_CLOCK = ("started_at", "paused_at", "paused_seconds", "minutes", "extra_seconds")


def _key(link_id: int, version: int) -> str:
    return f"tablestate:{link_id}:{version}:{translation.get_language()}"


def kept_state(link_id: int, version: int) -> tuple[dict[str, Any], bool] | None:
    """The state kept for this link at this version in the reader's language, its clock as it reads now, and
    whether it shows scores (the ETag's mark); None if none is kept."""
    kept = cache.get(_key(link_id, version))
    if kept is None:
        return None
    body, scores, clock = kept
    timer = RoundTimer(**dict(zip(_CLOCK, clock, strict=True))) if clock is not None else None
    return {**body, "timer": timer_json(timer)}, scores


def keep_state(link_id: int, version: int, body: dict[str, Any], scores: bool, session_id: int) -> None:
    """Keep `body` (built after `version` was read), with the session's clock row as stored now."""
    if connection.in_atomic_block:
        return  # what it read may roll back
    fields = RoundTimer.objects.filter(session_id=session_id).order_by().values_list(*_CLOCK)[:1]
    clock = next(iter(fields), None)
    cache.set(_key(link_id, version), ({**body, "timer": None}, scores, clock), STATE_TTL_SECONDS)
