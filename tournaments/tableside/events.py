"""What a pushed event is: "session N is now at version V", and how it is written on a server-sent event stream.

An event carries no state: the page that hears it fetches its state as its poll does (with its ETag, so a
change it already shows costs a 304). So an event lost, doubled or out of order never shows anything wrong:
the stream sends only versions above the last it sent, and the browser reconnecting fetches once anyway.

A session's version is the sum of its sections' versions: every write a phone, the panel or the screen shows
bumps one of them (sessions/services/versions.py), and they only grow, so the sum only grows too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest

from tournaments.sessions.models import Section

RETRY_MILLISECONDS = 1000  # how soon the browser reconnects after a stream ends (recycled or dropped)


@dataclass(frozen=True)
class Change:
    """Session `session_id` has reached `version` (the sum of its sections' versions)."""

    session_id: int
    version: int

    def encode(self) -> str:
        """The text sent between processes (Redis pub/sub): `"12:340"`."""
        return f"{self.session_id}:{self.version}"

    @classmethod
    def decode(cls, text: str | bytes) -> Change | None:
        """The Change in `text`, or None for anything else on the channel (never an exception in the listener)."""
        raw = text.decode("ascii", "replace") if isinstance(text, bytes) else text
        session, _, version = raw.partition(":")
        if not (session.isascii() and session.isdigit() and version.isascii() and version.isdigit()):
            return None
        return cls(int(session), int(version))

    def as_sse(self) -> bytes:
        """One server-sent event `change` whose id is the version (the browser sends it back on reconnecting)."""
        data = json.dumps({"session": self.session_id, "version": self.version})
        return f"id: {self.version}\nevent: change\ndata: {data}\n\n".encode()


def version_of(session_id: int) -> int:
    """The session's version now: one small query."""
    total = Section.objects.filter(session_id=session_id).aggregate(v=Sum("version"))["v"]
    return int(total or 0)


def versions_of(session_ids: list[int]) -> dict[int, int]:
    """The versions of several sessions in one query (the watcher's look every 0.4 s)."""
    rows = Section.objects.filter(session_id__in=session_ids).values("session_id").annotate(v=Sum("version"))
    return {int(row["session_id"]): int(row["v"] or 0) for row in rows}


def opening(version: int) -> bytes:
    """The start of every stream: how soon to reconnect, and the version the page was at when it connected."""
    return f"retry: {RETRY_MILLISECONDS}\nid: {version}\nevent: ready\ndata: {version}\n\n".encode()


HEARTBEAT = b": still here\n\n"  # a comment: the browser ignores it; a dead connection fails on writing it


def context(request: HttpRequest) -> dict[str, bool]:
    """Template context: `push_on`, whether pages hold an event stream (PUSH_URL set) or only poll."""
    return {"push_on": bool(settings.PUSH_URL)}
