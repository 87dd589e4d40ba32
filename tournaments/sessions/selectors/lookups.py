"""Where everyone sits: a section's movement rows and entries loaded once, for validating and pre-filling lines.

Result entry asks the same questions many times per traveller ("does 3NS play board 5 against 4EW, and in
which round?"), so the rows are read in two queries and answered from memory.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from django.db import connection

from tournaments.core.text import is_digits
from tournaments.sessions.models import Board, Entry, Section, TableRound


@dataclass
class SectionMap:
    """A section's entries and movement rows, indexed for the questions result entry asks."""

    section: Section
    entries: dict[int, Entry]
    rows: list[TableRound]
    by_label: dict[str, Entry] = field(default_factory=dict)
    by_board: dict[int, list[TableRound]] = field(default_factory=dict)
    version: int | None = None  # the section's version it was read at (None: read inside a transaction)

    def __post_init__(self) -> None:
        self.by_label = {e.label.upper(): e for e in self.entries.values()}
        for row in self.rows:
            for number in row.boards:
                self.by_board.setdefault(int(number), []).append(row)

    @property
    def is_mitchell(self) -> bool:
        return any(e.direction for e in self.entries.values())

    def board_numbers(self) -> list[int]:
        return sorted(self.by_board)

    def played_rows(self, board_number: int) -> list[TableRound]:
        """The rows at which `board_number` is played (both seats filled), in round then table order."""
        rows = [r for r in self.by_board.get(board_number, []) if r.ns_entry_id and r.ew_entry_id]
        return sorted(rows, key=lambda r: (r.round, r.table))

    def row(self, round_number: int, table: int) -> TableRound | None:
        for r in self.rows:
            if r.round == round_number and r.table == table:
                return r
        return None

    def rounds(self) -> list[int]:
        return sorted({r.round for r in self.rows})

    def tables(self) -> list[int]:
        return sorted({r.table for r in self.rows})

    def candidates(self, text: str, seat: str) -> list[Entry]:
        """Entries a typed pair number may mean: an exact label ("3NS", "7") first, else the number in `seat`'s
        direction, then the other direction (an arrow-switched round puts an EW pair in the NS seat)."""
        key = text.strip().upper().replace(" ", "")
        if not key:
            return []
        if key in self.by_label:
            return [self.by_label[key]]
        if not is_digits(key):
            return []
        number = int(key)
        found = [e for e in self.entries.values() if e.number == number]
        other = "EW" if seat == "NS" else "NS"
        return sorted(found, key=lambda e: {seat: 0, "": 0, other: 1}[e.direction])


def _read(section: Section, version: int | None = None) -> SectionMap:
    entries = {e.pk: e for e in Entry.objects.filter(section=section).prefetch_related("players")}
    rows = list(TableRound.objects.filter(section=section).order_by("round", "table"))
    for row in rows:
        row.ns_entry = entries.get(row.ns_entry_id) if row.ns_entry_id else None
        row.ew_entry = entries.get(row.ew_entry_id) if row.ew_entry_id else None
    return SectionMap(section=section, entries=entries, rows=rows, version=version)


# Kept per process and keyed on the section's version, like the scores (selectors/scores.py): at 60 tables the
# map is a thousand model objects, the largest part of saving a traveller. Every write bumps the version, so a
# change to the movement or the pairs is never answered from here; a result save, which changes neither,
# carries its map forward to the version it wrote (`carry_forward`), so typing travellers one after another
# reads the movement once. The kept objects are shared between requests: callers only read them.
_MAPS: OrderedDict[tuple[int, int], SectionMap] = OrderedDict()
_MAPS_SIZE = 16
_MAPS_LOCK = threading.Lock()


def _keep(key: tuple[int, int], smap: SectionMap) -> None:
    with _MAPS_LOCK:
        _MAPS[key] = smap
        _MAPS.move_to_end(key)
        while len(_MAPS) > _MAPS_SIZE:
            _MAPS.popitem(last=False)


def section_map(section: Section) -> SectionMap:
    """A section's entries (with players) and movement rows: three queries, or none when this process read them
    at the section's current version. Inside a transaction always read afresh (as the scores are), since what
    the transaction has not committed may still be rolled back."""
    if connection.in_atomic_block:
        return _read(section)
    version = Section.objects.filter(pk=section.pk).values_list("version", flat=True).first()
    if version is None:
        return _read(section)
    key = (section.pk, version)
    with _MAPS_LOCK:
        kept = _MAPS.get(key)
    if kept is None:
        kept = _read(section, version)  # read after the version: the rows are at least as new as the key
        _keep(key, kept)
    mine = copy.copy(kept)  # the caller's section object (its session, status), the shared rows and entries
    mine.section = section
    return mine


def carry_forward(smap: SectionMap, locked_version: int) -> None:
    """After a write that changed results only and bumped the section from `locked_version` (read under the
    section's lock) to the next: the map read at `locked_version` is the map at the next one too. Call on
    commit; a map read at another version (someone wrote in between) is not carried."""
    if smap.version is None or smap.version != locked_version:
        return
    forward = copy.copy(smap)
    forward.version = locked_version + 1
    _keep((smap.section.pk, locked_version + 1), forward)


def clear_section_maps() -> None:
    """Forget every kept map (tests whose database is new each time; a change made behind the services)."""
    with _MAPS_LOCK:
        _MAPS.clear()


def boards_by_number(session_id: int) -> dict[int, Board]:
    return {b.number: b for b in Board.objects.filter(session_id=session_id)}
