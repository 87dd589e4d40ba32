"""Assigning board sets to a seating plan so no entry plays a set twice and no set is at two tables at once.

Used for Howells whose cyclic construction has no board rotation (small fields) and for partial
(three-quarter) Howells where every pair should play the same boards. A plain depth-first search with the
most-constrained cell first, on bit masks; it gives up after a node budget so a generator never hangs.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["assign_sets"]


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
    cells = [(r, t, pair) for r, tables in enumerate(tables_by_round) for t, pair in enumerate(tables)]
    entries = {e for _, _, pair in cells for e in pair if e >= 0}
    used_entry = {e: 0 for e in entries}
    used_round = [0] * len(tables_by_round)
    full = (1 << sets) - 1
    result: dict[tuple[int, int], int] = {}
    steps = 0

    def free(cell: tuple[int, int, tuple[int, int]]) -> int:
        r, _t, (a, b) = cell
        mask = used_round[r]
        if a >= 0:
            mask |= used_entry[a]
        if b >= 0:
            mask |= used_entry[b]
        return full & ~mask

    remaining = list(cells)

    def solve() -> bool:
        nonlocal steps
        if not remaining:
            return True
        steps += 1
        if steps > budget:
            return False
        best_i, best_mask, best_count = -1, 0, sets + 1
        for i, cell in enumerate(remaining):
            mask = free(cell)
            count = mask.bit_count()
            if count < best_count:
                best_i, best_mask, best_count = i, mask, count
                if count <= 1:
                    break
        if best_count == 0:
            return False
        cell = remaining.pop(best_i)
        r, t, (a, b) = cell
        mask = best_mask
        while mask:
            bit = mask & -mask
            mask ^= bit
            used_round[r] |= bit
            if a >= 0:
                used_entry[a] |= bit
            if b >= 0:
                used_entry[b] |= bit
            result[(r, t)] = bit.bit_length() - 1
            if solve():
                return True
            used_round[r] ^= bit
            if a >= 0:
                used_entry[a] ^= bit
            if b >= 0:
                used_entry[b] ^= bit
        remaining.insert(best_i, cell)
        return False

    if not solve():
        return None
    return [[result[(r, t)] for t in range(len(tables))] for r, tables in enumerate(tables_by_round)]
