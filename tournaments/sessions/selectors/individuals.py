"""Standings of an individual: each player's partnerships added up.

A partnership plays one round; its match points and percentage come from the section's scores like any pair's.
A player's total is the sum of their partnerships' totals, and their percentage the mean of the partnerships'
percentages weighted by boards played (so a round with a board not played weighs less).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from tournaments.movements.types import participants
from tournaments.sessions.models import Section
from tournaments.sessions.selectors.scores import score_section


@dataclass
class PlayerStanding:
    number: int
    name: str
    total: float
    percentage: float | None
    boards: int
    place: str = ""


def individual_standings(section: Section) -> list[PlayerStanding]:
    """Every player of an individual section, best first, places shared on equal percentages ("2=")."""
    scores = score_section(section)
    totals: dict[int, float] = defaultdict(float)
    weighted: dict[int, float] = defaultdict(float)
    boards: dict[int, int] = defaultdict(int)
    names: dict[int, str] = {}
    for field_standings in scores.standings.values():
        for standing in field_standings:
            seats = list(standing.entry.players.all())
            for seat, number in enumerate(participants(standing.entry.label), start=1):
                player = int(number)
                names.setdefault(player, "")
                name = next((p.name for p in seats if p.seat == seat), "")
                names[player] = names[player] or name
                if not standing.boards_played:
                    continue
                totals[player] += standing.total
                boards[player] += standing.boards_played
                if standing.percentage is not None:
                    weighted[player] += standing.percentage * standing.boards_played
    out = [
        PlayerStanding(
            number=n,
            name=names[n],
            total=totals[n],
            percentage=weighted[n] / boards[n] if boards[n] else None,
            boards=boards[n],
        )
        for n in names
    ]
    out.sort(key=lambda s: (s.percentage is None, -(s.percentage or 0.0), -s.total, s.number))
    for i, s in enumerate(out):
        if s.percentage is None:
            continue
        same = [
            j
            for j, o in enumerate(out)
            if o.percentage is not None and round(o.percentage, 6) == round(s.percentage, 6)
        ]
        s.place = f"{same[0] + 1}=" if len(same) > 1 else str(i + 1)
    return out
