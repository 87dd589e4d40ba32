"""The shapes every movement shares: rows of (round, table, NS, EW, boards) plus what a guide card needs.

Pure data, no Django: the models store these rows and the printing code reads them, so everything a
director or a player asks ("where do I go next?", "where do these boards go?") is answered here.

Entry labels
- Mitchell: "1NS".."nNS" and "1EW".."nEW" (the pair number is the table it starts at).
- Howell and teams: "1".."P" (teams: "1A", "1B" are team 1's two pairs, "2A", "2B" team 2's).
- Individual: a seat holds a partnership of two players written "a-b" (players a and b, North first /
  East first), so `ns="8-3"` means player 8 sits North and player 3 South.
- `ns`/`ew` name who holds the North-South / East-West cards: in an arrow-switched round a Mitchell
  EW pair appears under `ns`.
- A row with a null seat is a sit-out: the entry in the other seat does not play that round, and the
  boards listed are the set lying idle on that table (so board movement stays easy to print).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from scoring.messages import gettext as _

__all__ = [
    "MAX_BOARDS_PER_ROUND",
    "MAX_HOWELL_PAIRS",
    "MAX_MITCHELL_PAIRS",
    "MAX_ROUNDS",
    "ByeStand",
    "Movement",
    "MovementError",
    "Row",
    "Seat",
    "Share",
    "participants",
]


class MovementError(ValueError):
    """A movement that cannot be made (wrong number of pairs, too many rounds, ...); the message is for a director."""


# Sizes beyond any club or congress section: refusing them at once keeps a typing slip (1600 pairs for 16) from
# tying up a page or `manage.py movement` for minutes. The session form allows 120 pairs a section.
MAX_MITCHELL_PAIRS = 200  # 100 tables
MAX_HOWELL_PAIRS = 120  # 119 rounds: already far more than a session holds
MAX_BOARDS_PER_ROUND = 64
MAX_ROUNDS = 64  # team matches and replay duplicate, whose number of rounds is free


def check_boards_per_round(boards_per_round: int) -> int:
    """The boards a round, refused with a director's message outside 1..MAX_BOARDS_PER_ROUND."""
    if not 1 <= boards_per_round <= MAX_BOARDS_PER_ROUND:
        raise MovementError(
            _("Boards per round must be at least 1 and at most %(most)s, not %(boards_per_round)s.")
            % {"most": MAX_BOARDS_PER_ROUND, "boards_per_round": boards_per_round}
        )
    return boards_per_round


def check_rounds(rounds: int | None, *, tables: int, top: int, refusal: str) -> int:
    """The rounds asked for (all `top` when None), refused outside 1..top: `refusal` is the movement's own whole
    sentence, already translated, with %(tables)s, %(top)s and %(n_rounds)s (never assembled from fragments)."""
    n_rounds = top if rounds is None else rounds
    if not 1 <= n_rounds <= top:
        raise MovementError(refusal % {"tables": tables, "top": top, "n_rounds": n_rounds})
    return n_rounds


def check_pairs(pairs: int, most: int, what: str) -> int:
    """Refuse a field larger than any section plays `what` with (the smallest sizes are each generator's own)."""
    if pairs > most:
        raise MovementError(
            _("A %(what)s is generated for at most %(most)s pairs, not %(pairs)s: split the field into sections.")
            % {"what": what, "most": most, "pairs": pairs}
        )
    return pairs


def participants(label: str) -> tuple[str, ...]:
    """The entries behind a seat label: a pair is itself; an individual partnership "8-3" is two players."""
    return tuple(label.split("-")) if "-" in label else (label,)


@dataclass(frozen=True)
class Row:
    """One table in one round: who holds the NS and EW cards and which boards they play."""

    round: int
    table: int
    ns: str | None
    ew: str | None
    boards: tuple[int, ...]

    @property
    def played(self) -> bool:
        """True when both seats are filled, i.e. the boards are actually played here."""
        return self.ns is not None and self.ew is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "table": self.table,
            "ns": self.ns,
            "ew": self.ew,
            "boards": list(self.boards),
        }


@dataclass(frozen=True)
class Share:
    """Boards played at several tables in the same round by design (a relay: table 1 and the last table)."""

    round: int
    tables: tuple[int, ...]
    boards: tuple[int, ...]


@dataclass(frozen=True)
class ByeStand:
    """A board set resting on a stand between two tables for one round (not played that round)."""

    round: int
    between: tuple[int, int]
    boards: tuple[int, ...]


@dataclass(frozen=True)
class Seat:
    """Where an entry plays in a round: the answer a pair guide card prints."""

    round: int
    table: int
    direction: str  # "NS" or "EW": the cards it holds this round
    opponents: str | None  # None: the entry sits out this round
    boards: tuple[int, ...]

    @property
    def sits_out(self) -> bool:
        return self.opponents is None


_LABEL_KEY = re.compile(r"(\d+)|(\D+)")


def label_key(label: str) -> tuple[Any, ...]:
    """Natural sort key so "10NS" follows "9NS" and "1EW" follows all NS pairs' numbers."""
    parts: list[tuple[int, Any]] = []
    for number, text in _LABEL_KEY.findall(label):
        parts.append((0, int(number)) if number else (1, text))
    # Always led by the EW flag, so plain numbers (a Mitchell's rover) sort among labels with a direction.
    return (label.endswith("EW"), *parts)


@dataclass(frozen=True)
class Movement:
    """A complete movement: the rows, and the facts about it a director, the validator and the printer need.

    `meet_once`: the movement promises no two entries meet twice (Mitchell, Howell).
    `all_meet`: it also promises every pair meets every pair it should (every other pair in a full Howell,
    every pair of the other direction in a full Mitchell); the validator checks both promises.
    `winners`: 2 for a two-winner Mitchell (NS and EW fields), 1 otherwise.
    """

    kind: str
    variant: str | None
    pairs: int
    tables: int
    rounds: int
    boards_per_round: int
    rows: tuple[Row, ...]
    winners: int = 1
    shares: tuple[Share, ...] = ()
    bye_stands: tuple[ByeStand, ...] = ()
    relay_tables: tuple[int, ...] = ()
    arrow_switch_rounds: tuple[int, ...] = ()
    meet_once: bool = True
    all_meet: bool = False
    phantom: str | None = None  # the entry that is missing (half table / odd pair), if any
    description: str = ""
    _index: dict[tuple[int, int], Row] = field(default_factory=dict, compare=False, repr=False)
    _by_round: dict[int, list[Row]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        index = {(row.round, row.table): row for row in self.rows}
        by_round: dict[int, list[Row]] = {}
        for row in sorted(self.rows, key=lambda r: (r.round, r.table)):
            by_round.setdefault(row.round, []).append(row)
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_by_round", by_round)

    # --- plain facts -------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The interchange shape: kind, pairs, tables, rounds, boards_per_round and one row per table per round."""
        return {
            "kind": self.kind,
            "pairs": self.pairs,
            "tables": self.tables,
            "rounds": self.rounds,
            "boards_per_round": self.boards_per_round,
            "rows": [row.to_json() for row in sorted(self.rows, key=lambda r: (r.round, r.table))],
        }

    def entries(self) -> list[str]:
        """Every entry (pair, team pair or player) that appears, in natural order."""
        seen: set[str] = set()
        for row in self.rows:
            for label in (row.ns, row.ew):
                if label is not None:
                    seen.update(participants(label))
        return sorted(seen, key=label_key)

    def rows_for_round(self, round_number: int) -> list[Row]:
        """The round's rows in table order (a copy: the movement is immutable)."""
        return list(self._by_round.get(round_number, ()))

    def row(self, round_number: int, table: int) -> Row | None:
        """The row at a table in a round, or None if the movement has none there."""
        return self._index.get((round_number, table))

    def row_at(self, round_number: int, table: int) -> Row:
        """The row at a table in a round; KeyError if there is none (for code that knows it exists)."""
        return self._index[(round_number, table)]

    def boards(self) -> list[int]:
        """All board numbers used by the movement, ascending."""
        return sorted({b for row in self.rows for b in row.boards})

    @property
    def board_count(self) -> int:
        return len(self.boards())

    @property
    def board_sets(self) -> list[tuple[int, ...]]:
        """The distinct board sets, in the order of their first board."""
        return sorted({row.boards for row in self.rows if row.boards})

    # --- guide-card questions ----------------------------------------------------------------

    def seat(self, entry: str, round_number: int) -> Seat | None:
        """Where `entry` plays in `round_number` (table, direction, opponents, boards); None if it is absent."""
        for row in self.rows_for_round(round_number):
            for direction, mine, theirs in (("NS", row.ns, row.ew), ("EW", row.ew, row.ns)):
                if mine is not None and entry in participants(mine):
                    return Seat(round_number, row.table, direction, theirs, row.boards)
        return None

    def card(self, entry: str) -> list[Seat | None]:
        """The entry's whole guide card, one item per round."""
        return [self.seat(entry, r) for r in range(1, self.rounds + 1)]

    def next_seat(self, entry: str, round_number: int) -> Seat | None:
        """Where `entry` goes after `round_number` (None after the last round)."""
        if round_number >= self.rounds:
            return None
        return self.seat(entry, round_number + 1)

    def boards_next(self, round_number: int, table: int) -> str:
        """Where the boards at `table` go after `round_number`, in the words of a table guide card."""
        here = self.row(round_number, table)
        if here is None or not here.boards or round_number >= self.rounds:
            return ""
        boards = here.boards
        nxt = [r.table for r in self.rows_for_round(round_number + 1) if r.boards == boards]
        if nxt:
            return "table " + " and ".join(str(t) for t in nxt)
        for stand in self.bye_stands:
            if stand.round == round_number + 1 and stand.boards == boards:
                return f"bye stand between tables {stand.between[0]} and {stand.between[1]}"
        # Out of play for a while: say when they come back, so the director keeps them in order aside.
        back = next((r for r in range(round_number + 2, self.rounds + 1) if self._plays(r, boards)), None)
        return f"aside till round {back}" if back else "out of play (finished)"

    def _plays(self, round_number: int, boards: tuple[int, ...]) -> bool:
        return any(row.boards == boards and row.played for row in self.rows_for_round(round_number))

    def sit_outs(self, round_number: int) -> list[str]:
        """Entries sitting out in a round (seated at a table whose other seat is empty)."""
        out: list[str] = []
        for row in self.rows_for_round(round_number):
            if row.ns is None and row.ew is not None:
                out.extend(participants(row.ew))
            elif row.ew is None and row.ns is not None:
                out.extend(participants(row.ns))
        return out

    def shared_tables(self, round_number: int, table: int) -> tuple[int, ...]:
        """Other tables sharing this table's boards in the round (a relay), for the guide card's remark."""
        for share in self.shares:
            if share.round == round_number and table in share.tables:
                return tuple(t for t in share.tables if t != table)
        return ()

    @property
    def total_boards(self) -> int:
        return self.board_count


def board_set(number: int, boards_per_round: int) -> tuple[int, ...]:
    """Board set `number` (1-based) as board numbers: set 2 of 3 boards is (4, 5, 6)."""
    first = (number - 1) * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))
