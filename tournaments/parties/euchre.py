"""Progressive euchre with stars (progressive-euchre-and-500.txt).

Play stops at every table when a pair at the head table reaches five points. Winners at the head table get
a gold star and keep their seats; the losers go to the booby table. Winners at the other tables get a red
star and move up; the losers at the booby table get a green star. Losers everywhere but the head table stay
and exchange partners with the newcomers (Law 6's mixed-party change; see :mod:`.progression`).
A tie at a table goes to the pair holding the most tricks towards the next hand: the host says which.
The lady and the gentleman with the most gold stars win (ties: more red, then fewer green).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .progression import other_side
from .tallies import TableResult
from .types import Guest

__all__ = ["Stars", "euchre_ranking", "stars_from"]


@dataclass
class Stars:
    """A guest's stars: gold (won at the head table), red (won elsewhere), green (lost at the booby table)."""

    gold: int = 0
    red: int = 0
    green: int = 0

    def key(self) -> tuple[int, int, int]:
        return (-self.gold, -self.red, self.green)


def stars_from(guests: Iterable[Guest], results: Iterable[TableResult], tables: int) -> dict[str, Stars]:
    """Stars earned from each table's winners; ``tables`` is the number of tables (the last is the booby)."""
    stars = {g.id: Stars() for g in guests}
    for res in results:
        if res.winner is None:
            continue
        for who in res.seating.pair(res.winner):
            if res.table == 1:
                stars[who].gold += 1
            else:
                stars[who].red += 1
        if res.table == tables:
            for who in res.seating.pair(other_side(res.winner)):
                stars[who].green += 1
    return stars


def euchre_ranking(guests: Sequence[Guest], stars: dict[str, Stars]) -> list[str]:
    """Most gold stars first; a tie goes to more red stars, then to fewer green stars, then by name."""
    names = {g.id: g.name for g in guests}
    return sorted(stars, key=lambda g: (*stars[g].key(), names.get(g, ""), g))
