"""Standings of an individual: each player's partnerships added up.

A partnership plays one round; its match points and percentage come from the section's scores like any pair's.
A player's total is the sum of their partnerships' totals, and their percentage the mean of the partnerships'
percentages weighted by boards played (so a round with a board not played weighs less). In IMP scoring
(no percentages) players are placed by total.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from tournaments.movements.types import participants
from tournaments.sessions.models import Section
from tournaments.sessions.selectors.events import places_best_first
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
    by_total = all(s.percentage is None for s in out)  # IMP scoring: no percentages, places by total

    def figure(s: PlayerStanding) -> float | None:
        return s.total if by_total and s.boards else s.percentage

    out.sort(key=lambda s: (figure(s) is None, -(figure(s) or 0.0), -s.total, s.number))
    for s, place in zip(out, places_best_first([figure(s) for s in out]), strict=True):
        if place:
            s.place = place
    return out
