"""Assigning board sets to a seating plan so no entry plays a set twice and no set is at two tables at once.

Used for Howells whose cyclic construction has no board rotation (small fields) and for partial
(three-quarter) Howells where every pair should play the same boards. A plain depth-first search with the
most-constrained cell first, on bit masks; it gives up after a node budget so a generator never hangs.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["assign_sets"]


Cell = tuple[int, int, tuple[int, int]]  # round, table, the two entries


class _Search:
    """The search's state: the sets each entry and each round has used so far (bit masks), and the answer."""

    def __init__(self, tables_by_round: Sequence[Sequence[tuple[int, int]]], sets: int, budget: int) -> None:
        self.remaining: list[Cell] = [
            (r, t, pair) for r, tables in enumerate(tables_by_round) for t, pair in enumerate(tables)
        ]
        self.used_entry = {e: 0 for _, _, pair in self.remaining for e in pair if e >= 0}
        self.used_round = [0] * len(tables_by_round)
        self.sets, self.budget, self.steps = sets, budget, 0
        self.full = (1 << sets) - 1
        self.result: dict[tuple[int, int], int] = {}

    def free(self, cell: Cell) -> int:
        r, _t, (a, b) = cell
        mask = self.used_round[r]
        if a >= 0:
            mask |= self.used_entry[a]
        if b >= 0:
            mask |= self.used_entry[b]
        return self.full & ~mask

    def toggle(self, cell: Cell, bit: int) -> None:
        """Mark set `bit` used by the cell's round and entries, or free it again (xor)."""
        r, _t, (a, b) = cell
        self.used_round[r] ^= bit
        if a >= 0:
            self.used_entry[a] ^= bit
        if b >= 0:
            self.used_entry[b] ^= bit

    def most_constrained(self) -> tuple[int, int, int]:
        """(index, free sets mask, count) of the remaining cell with the fewest free sets."""
        best_i, best_mask, best_count = -1, 0, self.sets + 1
        for i, cell in enumerate(self.remaining):
            mask = self.free(cell)
            count = mask.bit_count()
            if count < best_count:
                best_i, best_mask, best_count = i, mask, count
                if count <= 1:
                    break
        return best_i, best_mask, best_count

    def solve(self) -> bool:
        if not self.remaining:
            return True
        self.steps += 1
        if self.steps > self.budget:
            return False
        best_i, mask, count = self.most_constrained()
        if count == 0:
            return False
        cell = self.remaining.pop(best_i)
        while mask:
            bit = mask & -mask
            mask ^= bit
            self.toggle(cell, bit)
            self.result[cell[:2]] = bit.bit_length() - 1
            if self.solve():
                return True
            self.toggle(cell, bit)
        self.remaining.insert(best_i, cell)
        return False


def assign_sets(
    tables_by_round: Sequence[Sequence[tuple[int, int]]],
    sets: int,
    *,
    budget: int = 200_000,
) -> list[list[int]] | None:
    """Set numbers (0-based) for each round's tables, or None if none found within `budget` steps.

    `tables_by_round[r][t]` is the two entries (integers, -1 for nobody) at table t in round r.
    Rules: a set appears at most once per round; an entry never gets the same set twice.
    """
    search = _Search(tables_by_round, sets, budget)
    if not search.solve():
        return None
    return [[search.result[(r, t)] for t in range(len(tables))] for r, tables in enumerate(tables_by_round)]
