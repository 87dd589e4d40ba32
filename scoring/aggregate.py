"""Total-point (aggregate, cumulative) scoring of pairs and teams: the net scores added up, nothing converted.

The references (``party-and-duplicate-bridge.txt``: "Cumulative (or 'total point') scoring may be used in pair and
team-of-four games"; the replay game: "the pair having the net plus score is credited with that amount. The net
scores for all deals, so determined, are totaled, and the pair having the larger total wins the difference"):

* a pair's score is the sum of its own scores on the boards it played (N-S's score as written; E-W's is its
  negative);
* a team's net on a board is its N-S score at one table less the N-S score at the other (where it sits E-W), the
  two tables' net added; the match's aggregate is the sum of the board nets, and each team is credited with its
  own side of it (the home team ``+net``, the away team ``-net``), so a team's standing is the sum of its nets.

In total-point play 100 points are worth one match point (``scoring.matchpoints.total_point_equivalent``), so an
adjustment or penalty given in match points is converted with that. Nothing here rounds: scores are integers.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from scoring.errors import InvalidScore
from scoring.messages import gettext as _

K = TypeVar("K", bound=Hashable)  # a pair's key: its label, its number, a database id

__all__ = ["AggregateMatch", "aggregate_match", "board_nets", "line_points", "pair_total", "pair_totals"]


def line_points(ns_score: int | None) -> tuple[int | None, int | None]:
    """A pairs traveller line's total points to each side: N-S's score as written, E-W's its negative (``None``
    to both for a line without a score)."""
    if ns_score is None:
        return None, None
    return ns_score, -ns_score


def pair_totals(lines: Iterable[tuple[K, K, int | None]]) -> dict[K, int]:
    """Each pair's total points over traveller lines ``(ns_pair, ew_pair, ns_score)``: its own scores added up
    (:func:`line_points` gives each side's own score); a pair with no scored line is not in the result."""
    own: dict[K, list[int | None]] = {}
    for ns, ew, score in lines:
        if score is None:
            continue
        for pair, points in zip((ns, ew), line_points(score), strict=True):
            own.setdefault(pair, []).append(points)
    return {pair: pair_total(scores) for pair, scores in own.items()}


def pair_total(own_scores: Sequence[int | None]) -> int:
    """A pair's total points: its own scores added up (a board it did not play, ``None``, counts nothing)."""
    return sum(s for s in own_scores if s is not None)


def board_nets(room1_ns: Sequence[int], room2_ns: Sequence[int]) -> list[int]:
    """The home team's net score on each board: its N-S score in room 1 plus its E-W score in room 2."""
    if len(room1_ns) != len(room2_ns):
        raise InvalidScore(_("Both tables of a team match must have a score for every board."))
    return [a - b for a, b in zip(room1_ns, room2_ns, strict=True)]


@dataclass(frozen=True, slots=True)
class AggregateMatch:
    """A match scored by total points: the home team's net on each board and each side's aggregate."""

    nets: tuple[int, ...]

    @property
    def home(self) -> int:
        return sum(self.nets)

    @property
    def away(self) -> int:
        return -self.home


def aggregate_match(room1_ns: Sequence[int], room2_ns: Sequence[int]) -> AggregateMatch:
    """A teams match by aggregate: each side is credited with its own net total (they always add up to 0)."""
    return AggregateMatch(tuple(board_nets(room1_ns, room2_ns)))
