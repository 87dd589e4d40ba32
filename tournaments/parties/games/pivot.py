"""Pivot bridge on the party engine: one table of four or five, rotated by ``parties.pivot``."""

from __future__ import annotations

from collections.abc import Sequence

from .. import pivot
from .bridge import ProgressiveBridge

__all__ = ["GAME", "PivotBridge"]


class PivotBridge(ProgressiveBridge):
    """Progressive bridge scoring at a single table where everyone partners everyone (Laws 1-3)."""

    code = "pivot"
    label = "Pivot Bridge"
    table_sizes = (4, 5)
    single_table = True

    def single_table_seating(self, guests: Sequence[str], round_no: int) -> tuple[list[str], tuple[str, ...]]:
        """``guests`` in the order of the draw; the cycle repeats (the engine's draw stands for the redraw)."""
        n = pivot.cycle_length(len(guests))
        seating = pivot.pivot_round(guests, (round_no - 1) % n + 1)
        return [seating.seats[s] for s in "NESW"], seating.sitting_out


GAME = PivotBridge()
