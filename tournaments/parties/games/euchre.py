"""Progressive euchre with stars on the party engine (progressive-euchre-and-500.txt).

Play stops at every table when a pair at the head table makes five points. A winner earns a star (gold at
the head table, red elsewhere: ``parties.euchre`` keeps the colours for the web pages); the tally counts
them. A tie goes to the holders of the most tricks towards the next hand: the host is asked ("ask").
Deal points: the makers' three or four tricks score 1, all five 2, all five alone 4; makers held to fewer
than three are euchred and their opponents score 2.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .base import Entry, PartnershipGame, RoundEnd, check_int

__all__ = ["GAME", "ProgressiveEuchre", "euchre_points"]

MAX_DEALS = 30


def euchre_points(tricks: int, alone: bool) -> tuple[int, int]:
    """(makers' points, opponents' points) for the makers' tricks."""
    if tricks < 3:
        return 0, 2
    if tricks < 5:
        return 1, 0
    return (4 if alone else 2), 0


class ProgressiveEuchre(PartnershipGame):
    """Entry per deal: ``{"makers": 0 or 1 (the side, first dealer's is 0), "tricks": 0-5, "alone": bool}``."""

    code = "euchre"
    label = "Progressive Euchre"
    tie_rules = ("ask", "cut")
    head_table_keeps_partners = True

    def round_end(self, players: int) -> RoundEnd:
        return RoundEnd(deals=MAX_DEALS, bell=5, bell_at_head_table_only=True)

    def score_deals(self, entries: Sequence[Entry], players: Sequence[str]) -> list[dict[str, int]]:
        sides = self.sides(players)
        scores = []
        for number, entry in enumerate(entries, start=1):
            makers = check_int(entry.get("makers"), 0, 1, deal=number, field="makers", what="the makers' side")
            tricks = check_int(entry.get("tricks"), 0, 5, deal=number, field="tricks", what="the makers' tricks")
            ours, theirs = euchre_points(tricks, bool(entry.get("alone")))
            scores.append({**dict.fromkeys(sides[makers], ours), **dict.fromkeys(sides[1 - makers], theirs)})
        return scores

    def tally(
        self, players: Sequence[str], totals: Mapping[str, int], winners: Sequence[str], how: str
    ) -> dict[str, float]:
        """A star to each winner."""
        return {p: 1.0 if p in winners else 0.0 for p in players}

    def random_entry(self, rng: random.Random, players: Sequence[str], deal: int) -> dict[str, Any]:
        tricks = rng.choices([1, 2, 3, 4, 5], weights=[3, 8, 35, 30, 24])[0]
        return {"makers": rng.randint(0, 1), "tricks": tricks, "alone": tricks == 5 and rng.random() < 0.15}


GAME = ProgressiveEuchre()
