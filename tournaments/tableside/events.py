"""What a pushed event is: "owner K is now at version V", and how it is written on a server-sent event stream.

An owner is what a page's state is keyed on, named by a key "kind:id": a session ("session:12", its version the
sum of its sections' versions, each bumped by every write to it: sessions/services/versions.py) or a teams event
("teams:3", the event's version, bumped by every teams write). Versions only grow. An event carries no state: the
page that hears it fetches its state as its poll does (with its ETag, so a change it already shows costs a 304).
So an event lost, doubled or out of order never shows anything wrong: the stream sends only versions above the
last it sent, and the browser reconnecting fetches once anyway.

Each kind's versions are read by a reader registered at start-up (tournaments/apps.py), so this module knows no
domain above sessions: `register_owner("teams", event_versions)` in tournaments/apps.py.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest

from tournaments.sessions.models import Section

RETRY_MILLISECONDS = 1000  # how soon the browser reconnects after a stream ends (recycled or dropped)
SESSION = "session"
_KEY = re.compile(r"[a-z]+:[0-9]+")  # ASCII only: "٤١" is a digit to str.isdigit, not to this

Reader = Callable[[list[int]], dict[int, int]]  # ids -> their versions, one query


def key_of(kind: str, pk: int) -> str:
    """The owner key of `kind` `pk`: "session:12", "teams:3"."""
    return f"{kind}:{pk}"


def session_key(session_id: int) -> str:
    return key_of(SESSION, session_id)


@dataclass(frozen=True)
class Change:
    """Owner `key` has reached `version`."""

    key: str
    version: int

    def encode(self) -> str:
        """The text sent between processes (Redis pub/sub): `"session:12:340"`."""
        return f"{self.key}:{self.version}"

    @classmethod
    def decode(cls, text: str | bytes) -> Change | None:
        """The Change in `text`, or None for anything else on the channel (never an exception in the listener)."""
        raw = text.decode("ascii", "replace") if isinstance(text, bytes) else text
        key, _, version = raw.rpartition(":")
        if not (_KEY.fullmatch(key) and version.isascii() and version.isdigit()):
            return None
        return cls(key, int(version))

    def as_sse(self) -> bytes:
        """One server-sent event `change` whose id is the version (the browser sends it back on reconnecting)."""
        data = json.dumps({"key": self.key, "version": self.version})
        return f"id: {self.version}\nevent: change\ndata: {data}\n\n".encode()


def session_versions(session_ids: list[int]) -> dict[int, int]:
    """The versions of several sessions in one query."""
    rows = Section.objects.filter(session_id__in=session_ids).values("session_id").annotate(v=Sum("version"))
    return {int(row["session_id"]): int(row["v"] or 0) for row in rows}


_READERS: dict[str, Reader] = {SESSION: session_versions}


def register_owner(kind: str, reader: Reader) -> None:
    """Let pages stream owners of `kind`: `reader(ids)` gives their versions."""
    _READERS[kind] = reader


def _reader(kind: str) -> Reader | None:
    return _READERS.get(kind)


def versions_of(keys: Iterable[str]) -> dict[str, int]:
    """The versions of several owners, one query per kind (the watcher's look every PUSH_WATCH_SECONDS). An
    owner that is gone, or a kind nobody registered, is left out."""
    ids: dict[str, list[int]] = defaultdict(list)
    for key in keys:
        kind, _, pk = key.partition(":")
        ids[kind].append(int(pk))
    found: dict[str, int] = {}
    for kind, pks in ids.items():
        reader = _reader(kind)
        if reader is not None:
            found.update({key_of(kind, pk): version for pk, version in reader(pks).items()})
    return found


def version_of(key: str) -> int:
    """The owner's version now: one small query (0 for an owner that is gone)."""
    return versions_of([key]).get(key, 0)


def opening(version: int) -> bytes:
    """The start of every stream: how soon to reconnect, and the version the page was at when it connected."""
    return f"retry: {RETRY_MILLISECONDS}\nid: {version}\nevent: ready\ndata: {version}\n\n".encode()


HEARTBEAT = b": still here\n\n"  # a comment: the browser ignores it; a dead connection fails on writing it


def context(request: HttpRequest) -> dict[str, bool]:
    """Template context: `push_on`, whether pages hold an event stream (PUSH_URL set) or only poll."""
    return {"push_on": bool(settings.PUSH_URL)}
