"""The version every write to a section bumps: cached scores, ETags and stale pages are keyed on it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import F
from django.utils import timezone

from tournaments.core import lifecycle
from tournaments.core.errors import DomainError
from tournaments.sessions.models import Result, Section, Session
from tournaments.sessions.services import touches


def lock_section(section_id: int) -> int | None:
    """Take first in every write to a section: its writers queue on the section row before they lock results or
    the audit chain, so two of them never wait for each other in opposite orders (a deadlock PostgreSQL breaks
    by failing one of them; 200 concurrent saves of one traveller showed it). Returns the section's version as
    locked (None if the section is gone)."""
    # Unordered: `first()` would order by the model's ordering ("session", a join), and on PostgreSQL a FOR UPDATE
    # over that join locked the session's row too, so every section of a session queued on it.
    locked = Section.objects.select_for_update().filter(pk=section_id).order_by().values_list("version", flat=True)
    return next(iter(locked), None)


@dataclass(frozen=True)
class Locked:
    """What a writer that holds a section's lock (lock_section) read under it, handed to the save it calls so that
    the save neither locks nor reads again: the version as locked and the stored results of the lines' boards
    (read FOR UPDATE, as the save reads them)."""

    version: int | None
    results: list[Result]
    status: str = ""  # the session's, read with the lock (lock_section_status): the finished guard needs no query
    map_since: int | None = None  # the section's, read with the lock: whether the map read before it still holds


def lock_section_status(section_id: int) -> tuple[int | None, str, int | None]:
    """lock_section, and the session's status read in the same query (a status changes under lock_sections, so
    it holds until the commit), and the section's `map_since` (map_holds); the section's row alone is locked.
    (None, "", None) if the section is gone."""
    locked = Section.objects.select_for_update(of=("self",)).filter(pk=section_id).order_by()
    return next(iter(locked.values_list("version", "session__status", "map_since")), (None, "", None))


def map_holds(read_since: int | None, locked_since: int | None) -> bool:
    """Whether a section map read before the lock (its `map_since`) is the map at the locked version: no write
    since it changed the pairs, the players or the movement (every such bump moves `map_since`, see bump)."""
    return read_since is not None and read_since == locked_since


def lock_sections(session_id: int) -> None:
    """lock_section for every section of a session, in one order (session-wide writes: status, rulings)."""
    list(Section.objects.select_for_update().filter(session_id=session_id).order_by("pk").values_list("pk"))


# What is derived from a session and kept in rows (publishing's list of corrections) is brought up to date by the
# higher domains' hooks, registered at start-up (tournaments/apps.py), so no lower layer imports a higher one.
_AFTER_WRITE: list[Callable[[int], None]] = []


def after_write(hook: Callable[[int], None]) -> None:
    """Register `hook(session_id)`: called by every bump, inside the write's transaction, after its audit."""
    if hook not in _AFTER_WRITE:
        _AFTER_WRITE.append(hook)


def bump(section_id: int, *, session_id: int | None = None, keeps_map: bool = False) -> None:
    """The last step of a write, inside its transaction (after the audit entry): the new version commits (or rolls
    back) with the change, and what is derived from the session is brought up to date in the same transaction.
    A caller that knows the section's session passes `session_id` (one query fewer). The section's map is taken
    as changed (`map_since` moves to the new version) unless the caller says the write touched neither the pairs,
    their players nor the movement (`keeps_map`): a forgotten flag costs a map read, never a stale map."""
    tables = touches.scoped_tables(section_id)
    if tables is None:
        changed = {} if keeps_map else {"map_since": F("version") + 1}
        Section.objects.filter(pk=section_id).update(version=F("version") + 1, **changed)
    else:  # a write that says which tables it touched (touches.py): phones of the others keep their 304
        touches.bump_recorded(section_id, tables, keeps_map=keeps_map)
    if _AFTER_WRITE:
        if session_id is None:
            found = Section.objects.filter(pk=section_id).order_by().values_list("session_id", flat=True)
            session_id = next(iter(found), None)
        if session_id is not None:
            _derive(session_id)


def bump_session(session_id: int, *, keeps_map: bool = False) -> None:
    """bump for every section of a session (session-wide writes: status, conventions, imports; `keeps_map` as bump)."""
    changed = {} if keeps_map else {"map_since": F("version") + 1}
    Section.objects.filter(session_id=session_id).update(version=F("version") + 1, **changed)
    _derive(session_id)


def _derive(session_id: int) -> None:
    for hook in _AFTER_WRITE:
        hook(session_id)


def _status_and_note(session: Session) -> tuple[str, str]:
    """The session's status as stored now (not as the caller's copy says) and the words of its finished note."""
    status, by, at = Session.objects.filter(pk=session.pk).values_list("status", "finished_by", "finished_at").get()
    when = f" on {timezone.localtime(at):%d %b %Y at %H:%M}" if at else ""
    who = f" by {by}" if by else ""
    return (
        status,
        f"The session was marked finished{who}{when}: a director reopens it on the session page to change it.",
    )


def finished_note(session: Session) -> str | None:
    """Why nothing may change: "The session was marked finished by ann on 12 Mar 2026 at 22:41 ..."; or None."""
    status, note = _status_and_note(session)
    return note if status == Session.Status.FINISHED else None


def refuse_if_finished(session: Session, *, error: type[DomainError] = DomainError, field: str | None = None) -> None:
    """The session's finished guard, the one lifecycle guard (core/lifecycle.py) with who finished it and when:
    every write to a session calls it; `error` is the domain error the caller's edge already answers."""
    status, note = _status_and_note(session)
    lifecycle.refuse_if_finished(status, note, error=error, field=field)
