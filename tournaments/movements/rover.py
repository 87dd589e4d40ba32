"""The rover Mitchell: one pair more than the tables hold, without a half table.

The full Mitchell (plain, or relay and bye stand on an even number of tables) seats 2n pairs; the extra pair,
the rover (numbered n + 1, no direction), takes a different pair's seat each round while that pair sits out.
So the sit-out goes round NS and EW pairs alike (in a half table only EW pairs sit out), and no pair sits
out twice. The rover holds NS and EW cards in turn, so the field has one winner (ranked together, as after an
arrow switch), not a rover ranked on its own. A small deterministic search picks whose seat the rover takes:
never a pair that has sat out, never an opponent the rover has met, never a set it has played, NS and EW seats
in turn. (Taking NS seats only, as some published rover movements do, has no such schedule for most sizes.)
"""

from __future__ import annotations

from scoring.messages import gettext as _

from .mitchell import mitchell
from .types import Movement, MovementError, Row, check_pairs

__all__ = ["rover_mitchell"]

_BUDGET = 50_000
MAX_ROVER_PAIRS = 101  # the schedule search is proved (tests) up to here; a rover in 50 tables is no help


def rover_mitchell(pairs: int, *, boards_per_round: int | None = None, rounds: int | None = None) -> Movement:
    """A Mitchell for an odd number of pairs with a rover (see the module docstring)."""
    if pairs % 2 == 0 or pairs < 9:
        raise MovementError(
            _("A rover Mitchell is for an odd number of pairs, 9 or more, not %(pairs)s.") % {"pairs": pairs}
        )
    check_pairs(pairs, MAX_ROVER_PAIRS, "rover Mitchell")
    base = mitchell(pairs - 1, boards_per_round=boards_per_round, rounds=rounds)
    tables = base.tables
    rover = str(tables + 1)
    taken = _schedule(base)
    if taken is None:
        raise MovementError(
            _("No rover schedule found for %(pairs)s pairs; play a half-table Mitchell.") % {"pairs": pairs}
        )
    rows: list[Row] = []
    for row in base.rows:
        table, side = taken[row.round - 1]
        if row.table == table:
            row = Row(row.round, row.table, rover if side == 0 else row.ns, rover if side == 1 else row.ew, row.boards)
        rows.append(row)
    return Movement(
        kind="mitchell",
        variant="rover",
        pairs=pairs,
        tables=tables,
        rounds=base.rounds,
        boards_per_round=base.boards_per_round,
        rows=tuple(rows),
        winners=1,  # the rover plays both directions: one field ranks it with everyone (not a field of its own)
        shares=base.shares,
        bye_stands=base.bye_stands,
        relay_tables=base.relay_tables,
        meet_once=True,
        all_meet=False,
        description=f"{base.description} with a rover: pair {rover} takes a different pair's seat each round and "
        "that pair sits out",
    )


def _schedule(base: Movement) -> list[tuple[int, int]] | None:
    """For each round, the (table, side) whose pair the rover replaces (side 0: NS, 1: EW), or None."""
    chosen: list[tuple[int, int]] = []
    out: set[str] = set()
    met: set[str] = set()
    boards: set[tuple[int, ...]] = set()
    steps = 0

    def solve(r: int) -> bool:
        nonlocal steps
        steps += 1
        if r > base.rounds:
            return True
        if steps > _BUDGET:
            return False
        rows = base.rows_for_round(r)
        # NS in odd rounds, EW in even ones first; start the table search where the rover was, for variety.
        sides = (0, 1) if r % 2 else (1, 0)
        for side in sides:
            for row in rows[(r - 1) % len(rows) :] + rows[: (r - 1) % len(rows)]:
                seats = (row.ns, row.ew)
                leaving, opponent = seats[side], seats[1 - side]
                if leaving is None or opponent is None or leaving in out or opponent in met or row.boards in boards:
                    continue
                chosen.append((row.table, side))
                out.add(leaving)
                met.add(opponent)
                boards.add(row.boards)
                if solve(r + 1):
                    return True
                chosen.pop()
                out.discard(leaving)
                met.discard(opponent)
                boards.discard(row.boards)
        return False

    return chosen if solve(1) else None
