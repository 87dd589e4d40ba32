"""Where everyone sits: a section's movement rows and entries loaded once, for validating and pre-filling lines.

Result entry asks the same questions many times per traveller ("does 3NS play board 5 against 4EW, and in
which round?"), so the rows are read in two queries and answered from memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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


def section_map(section: Section) -> SectionMap:
    """Load a section's entries (with players) and movement rows: three queries."""
    entries = {e.pk: e for e in Entry.objects.filter(section=section).prefetch_related("players")}
    rows = list(TableRound.objects.filter(section=section).order_by("round", "table"))
    for row in rows:
        row.ns_entry = entries.get(row.ns_entry_id) if row.ns_entry_id else None
        row.ew_entry = entries.get(row.ew_entry_id) if row.ew_entry_id else None
    return SectionMap(section=section, entries=entries, rows=rows)


def boards_by_number(session_id: int) -> dict[int, Board]:
    return {b.number: b for b in Board.objects.filter(session_id=session_id)}
