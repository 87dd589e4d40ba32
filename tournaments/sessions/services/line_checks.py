"""Checking a batch of lines again under the section's lock (sessions/services/results.py saves them): against the
map at the locked version (read again only when a write in between changed the pairs or the movement: versions.py,
`map_since`) and against the results written meanwhile."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.sessions.models import Board, Entry, Result, Section
from tournaments.sessions.selectors.lookups import SectionMap, map_at, section_map
from tournaments.sessions.services.checking import CheckedLine, LineInput, ResultEntryError, check_batch
from tournaments.sessions.services.versions import Locked, lock_section_status, map_holds


def _label(smap: SectionMap, entry_id: int | None) -> str:
    entry = smap.entries.get(entry_id or 0) or Entry.objects.filter(pk=entry_id or 0).first()  # the map's, else read
    return entry.label if entry is not None else ""


def validate(
    section: Section,
    lines: Sequence[LineInput],
    smap: SectionMap,
    boards: dict[int, Board],
    stored: Iterable[Result] | None = None,
) -> list[CheckedLine | None]:
    """Check every line against the movement and the laws; raise with every message at its field. `stored`: the
    section's results of (at least) the lines' boards, read by the caller since `smap`; else read here."""
    checked, errors = check_batch(lines, smap, boards, section.session)
    board_ids = {c.board.pk for c in checked if c is not None and c.board is not None}
    if stored is None:
        stored = Result.objects.filter(section=section, board_id__in=board_ids).order_by()  # labels: from the map
    else:
        stored = [r for r in stored if r.board_id in board_ids]
    for i, found in _taken_errors(lines, checked, smap, stored).items():
        errors.setdefault(i, {}).update(found)
    if errors:
        raise ResultEntryError(errors, [c for c in checked if c is not None])
    return checked


def _taken_errors(
    lines: Sequence[LineInput], checked: Sequence[CheckedLine | None], smap: SectionMap, stored: Iterable[Result]
) -> dict[int, dict[str, str]]:
    """Lines whose pair already has another result on the line's board (`stored`: the results of those boards)."""
    wanted_ids = {ln.result_id for ln in lines if ln.result_id}
    taken: dict[tuple[int, int], Result] = {}
    for r in stored:
        taken[(r.board_id, r.ns_entry_id)] = r
        taken[(r.board_id, r.ew_entry_id)] = r
    errors: dict[int, dict[str, str]] = {}
    for i, c in enumerate(checked):
        line = lines[i]
        if c is None or c.board is None or c.ns_entry is None or c.ew_entry is None:
            continue
        for entry, name in ((c.ns_entry, "ns"), (c.ew_entry, "ew")):
            other = taken.get((c.board.pk, entry.pk))
            if other is None or other.pk == line.result_id or other.pk in wanted_ids:
                continue
            if line.version == 0 and (other.ns_entry_id, other.ew_entry_id) == (c.ns_entry.pk, c.ew_entry.pk):
                continue  # the line was empty when the page opened and is filled now: a conflict, not an error
            errors.setdefault(i, {})[name] = _(
                "Board %(board)s for %(pair)s is already entered (%(ns)s v %(ew)s); change it on its own line."
            ) % {
                "board": c.board.number,
                "pair": entry.label,
                "ns": _label(smap, other.ns_entry_id),
                "ew": _label(smap, other.ew_entry_id),
            }
    return errors


def lock_and_recheck(
    section: Section,
    lines: Sequence[LineInput],
    smap: SectionMap,
    checked: Sequence[CheckedLine | None],
    boards: dict[int, Board],
    locked: Locked | None,
) -> tuple[SectionMap, Sequence[CheckedLine | None], list[Result], str]:
    """Under the section's lock (taken here unless `locked` says the caller holds it): the map and the lines as they
    hold at the locked version, the stored results of the lines' boards and ids, read FOR UPDATE (or the
    caller's, read under its lock), and the session's status read with the lock ("" if the section is gone).
    Raises ResultEntryError when a write in between made a line wrong."""
    if locked is None:
        version, status, since = lock_section_status(section.pk)
    else:
        version, status, since = locked.version, locked.status, locked.map_since
    moved = version is not None and smap.version is not None and smap.version != version
    held = not moved or map_holds(smap.since, since)
    if not held:
        # Someone changed the pairs or the movement between our read (before the transaction) and the lock: check
        # again against the map at the locked version, from the cache when kept, else read under the lock.
        smap = (map_at(section, version, since) if version is not None and since is not None else None) or (
            section_map(section)
        )
        checked = validate(section, lines, smap, boards)
        locked = None  # its results were read for the lines as checked before: read them again
    board_ids = {c.board.pk for c in checked if c is not None and c.board is not None}
    wanted_ids = {ln.result_id for ln in lines if ln.result_id}
    wanted = Q(section=section) & (Q(board_id__in=board_ids) | Q(pk__in=wanted_ids))
    # Ordered by id: the model's ordering joins board, entry and session, and FOR UPDATE would lock them too.
    if locked is None:
        current = list(Result.objects.select_for_update().filter(wanted).order_by("pk"))
    else:
        current = locked.results
    if moved and held:
        # Results only were written in between (the map holds): a pair of a line may have its board entered now.
        taken = _taken_errors(lines, checked, smap, [r for r in current if r.board_id in board_ids])
        if taken:
            raise ResultEntryError(taken, [c for c in checked if c is not None])
    return smap, checked, current, status
