"""Published standard movements: the ones a director already knows, with boards that travel round a circuit.

A classic Howell has two circuits. The rotating pairs follow a cycle of m seats (m = rounds), one seat a round,
while one pair stays put; the board sets follow a cycle of m slots, one slot a round, some slots being tables
and the rest bye stands. A starter (which seats share a table) makes everyone meet everyone; the slots make
every pair play every set once. When the tables are consecutive slots, every table plays the sets in order
(1, 2, 3, ...), the boards move down one table a round, and the sets not in play rest on stands between
table 1 and the last table, in the order they come back into play: no set ever leaves the circuit.

That layout exists for 5 tables (9 rounds; it is the movement in KoPS's HOWELL.DAT "5-9", the usual 10-pair
Howell) and, as a search shows, not for 3, 4 or 6 tables. So `standard_howell` knows the 5-table one; our
generator's Howell stays the alternative, and the only choice for other fields.
"""

from __future__ import annotations

from scoring.messages import gettext as _

from .types import ByeStand, Movement, MovementError, Row, board_set, check_boards_per_round

__all__ = ["STANDARD_HOWELLS", "standard_howell", "standard_name"]


# tables -> (the stationary pair's table's seat, the other tables' seat pairs, each table's slot). Seats are
# positions on the rotating pairs' cycle (pair p sits at seat p - 1 in round 1 and moves one seat a round);
# slot o is table o + 1, so table t plays set t + r - 1 in round r (mod the rounds).
STANDARD_HOWELLS: dict[int, tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]]] = {
    # Found by an exhaustive search over starters and consecutive slots; see the module docstring.
    5: (0, ((1, 2), (3, 7), (4, 6), (5, 8)), (2, 3, 0, 4, 1)),
}


def standard_name(tables: int) -> str:
    return f"Standard {tables}-table Howell"


def standard_howell(pairs: int, *, boards_per_round: int | None = None, rounds: int | None = None) -> Movement:
    """The published Howell for `pairs` pairs (an odd field: the stationary pair's seat is the sit-out).

    Always complete: a standard movement cut short is no longer the one on the director's cards."""
    full_pairs = pairs + pairs % 2
    tables = full_pairs // 2
    if tables not in STANDARD_HOWELLS:
        raise MovementError(
            _("There is no standard Howell for %(pairs)s pairs; choose the generated Howell.") % {"pairs": pairs}
        )
    m = full_pairs - 1
    if rounds not in (None, m):
        raise MovementError(
            _("The standard %(tables)s-table Howell plays all %(most)s rounds, not %(rounds)s.")
            % {"tables": tables, "most": m, "rounds": rounds}
        )
    bpr = check_boards_per_round(2 if boards_per_round is None else boards_per_round)
    stay, starter, slots = STANDARD_HOWELLS[tables]
    seats: list[tuple[int | None, int | None]] = [(None, stay), *starter]  # None: the stationary pair
    phantom = str(full_pairs) if pairs % 2 else None

    def pair(seat: int | None, r: int) -> str | None:
        label = str(full_pairs) if seat is None else str((seat - r) % m + 1)
        return None if label == phantom else label

    rows: list[Row] = []
    stands: list[ByeStand] = []
    for r in range(m):
        for (a, b), slot in zip(seats, slots, strict=True):
            ns, ew = (b, a) if a is None and r % 2 else (a, b)  # the stationary pair alternates NS and EW
            rows.append(Row(r + 1, slot + 1, pair(ns, r), pair(ew, r), board_set((slot + r) % m + 1, bpr)))
        for slot in range(tables, m):  # the stands, in the order the sets on them come back to the last table
            stands.append(ByeStand(r + 1, (1, tables), board_set((slot + r) % m + 1, bpr)))
    description = (
        f"{standard_name(tables)}, {pairs} pairs, {m} rounds: every table plays the sets in "
        f"order, boards move down one table a round, and table 1 passes them to the {m - tables} bye stands "
        f"between tables 1 and {tables}, from which table {tables} takes its next set"
    )
    if phantom:
        description += f"; pair {phantom} is missing, so its opponents sit out"
    return Movement(
        kind="howell",
        variant="standard",
        pairs=pairs,
        tables=tables,
        rounds=m,
        boards_per_round=bpr,
        rows=tuple(sorted(rows, key=lambda row: (row.round, row.table))),
        winners=1,
        bye_stands=tuple(stands),
        meet_once=True,
        all_meet=True,
        phantom=phantom,
        description=description,
    )
