"""Match points: both scales, Neuberg, adjusted scores, percentages and rankings.

Scales: ``"ebu"`` (EBU/WBF) gives 2 per score beaten and 1 per tie, so a board with n results has a top of
2(n - 1); ``"acbl"`` (the laws' own description) gives 1 per score beaten and 1/2 per tie, top n - 1.

:func:`score_board` rates a whole traveller the way a director rules it: real scores, artificial adjusted
scores (average plus, average, average minus and split ones like 60/40), weighted assigned scores, lines that
were not played, and the interchanged-cards rule.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

from scoring.errors import InvalidScore
from scoring.messages import gettext

__all__ = [
    "AVERAGE",
    "AVERAGE_MINUS",
    "AVERAGE_PLUS",
    "AVERAGE_PLUS_MINUS",
    "NOT_PLAYED",
    "Artificial",
    "Line",
    "LineScore",
    "NotPlayed",
    "Scale",
    "Weighted",
    "average_minus",
    "average_plus",
    "board_top",
    "matchpoints",
    "neuberg",
    "percentage",
    "percentage_over_tops",
    "procedural_penalty",
    "rank_with_ties",
    "scale_total",
    "score_board",
    "total_point_equivalent",
    "total_points",
]

Scale: TypeAlias = Literal["ebu", "acbl"]


def _unit(scale: str) -> int:
    """Match points for beating one score, in half-points: 2 on the EBU scale, 1 on the ACBL scale."""
    if scale == "ebu":
        return 2
    if scale == "acbl":
        return 1
    raise InvalidScore(
        gettext("Unknown match-point scale %(scale)s: use 'ebu' (2 per beat) or 'acbl' (1 per beat).")
        % {"scale": repr(scale)}
    )


def board_top(results: int, *, scale: str = "ebu") -> float:
    """The top on a board with ``results`` comparable results: 2(n-1) on the EBU scale, n-1 on the ACBL."""
    if results < 1:
        return 0.0
    return float((results - 1) * _unit(scale))


def matchpoints(ns_scores: Sequence[int], *, scale: str = "ebu") -> list[float]:
    """North-South match points of each score on a board (East-West get the top minus these).

    ``matchpoints([420, 420, 450, -50])`` is ``[3.0, 3.0, 6.0, 0.0]`` on the EBU scale.
    """
    unit = _unit(scale)
    ordered = sorted(ns_scores)
    out: list[float] = []
    for score in ns_scores:
        below = bisect_left(ordered, score)
        ties = bisect_right(ordered, score) - below - 1
        twice = 2 * below + ties  # in EBU points; the ACBL scale is half of it
        out.append(float(twice) if unit == 2 else twice / 2)
    return out


def neuberg(mp: float, *, actual: int, expected: int, scale: str = "ebu") -> float:
    """Neuberg's formula: match points on a board with ``actual`` results raised to ``expected`` results.

    EBU: MP' = (MP + 1) * E / A - 1. ACBL: MP' = (MP + 1/2) * E / A - 1/2. Both counts include this result.
    """
    if actual < 1 or expected < 1:
        raise InvalidScore(gettext("Neuberg's formula needs at least one result actually and expected on the board."))
    half = _unit(scale) / 2
    return (mp + half) * expected / actual - half


def scale_total(total: float, *, played: int, expected: int) -> float:
    """A pair's total scaled up when it played fewer boards than expected (total * expected / played)."""
    if played < 1:
        raise InvalidScore(gettext("A pair that played no boards has no total to scale."))
    return total * expected / played


def percentage(total: float, top_total: float) -> float:
    """Percentage of the maximum: 100 * total / top_total."""
    if top_total <= 0:
        raise InvalidScore(gettext("The maximum for a percentage must be more than zero."))
    return 100.0 * total / top_total


def percentage_over_tops(boards: Sequence[tuple[float, float]], *, penalty: float = 0.0) -> float:
    """A pair's percentage as its match points over the sum of the tops of the boards it played.

    ``boards`` holds ``(points, top)`` per board, each on that board's own top. The other convention, the
    average of the per-board percentages, weighs every board alike; this one weighs a board by its top:
    ``percentage_over_tops([(3, 6), (4, 4)])`` is 70.0 where the average of 50% and 100% is 75.0.
    """
    tops = sum(top for _, top in boards)
    if tops <= 0:
        raise InvalidScore(gettext("The maximum for a percentage must be more than zero."))
    return 100.0 * (sum(points for points, _ in boards) - penalty) / tops


def average_plus(session_percentage: float | None = None, *, minimum: float = 60.0) -> float:
    """Average plus as a percentage: 60%, or (the option) the pair's session percentage if better."""
    if session_percentage is None:
        return minimum
    return max(minimum, session_percentage)


def average_minus(session_percentage: float | None = None, *, maximum: float = 40.0) -> float:
    """Average minus as a percentage: 40%, or the offending pair's session percentage when that is worse."""
    if session_percentage is None:
        return maximum
    return min(maximum, session_percentage)


def procedural_penalty(top: float, *, fraction: float = 0.10) -> float:
    """A disciplinary or procedural penalty in match points: by default 10% of the top on one board."""
    if fraction < 0:
        raise InvalidScore(gettext("A penalty fraction cannot be negative."))
    return top * fraction


def total_point_equivalent(match_points: float) -> int:
    """A match-point penalty or indemnity in total-point play: the laws make 100 total points worth 1 MP."""
    return round(100 * match_points)


def total_points(ns_scores: Sequence[int]) -> int:
    """Total-point (cumulative) scoring: the sum of the scores. 100 total points count as 1 match point."""
    return sum(ns_scores)


def rank_with_ties(totals: Sequence[float], *, higher_is_better: bool = True, tolerance: float = 1e-9) -> list[str]:
    """Places in input order, ties shown with ``=``: ``[60, 55, 55, 40]`` gives ``["1", "2=", "2=", "4"]``.

    Totals within ``tolerance`` of each other are tied (they are usually sums of floats).
    """
    order = sorted(range(len(totals)), key=lambda i: totals[i], reverse=higher_is_better)
    places = [""] * len(totals)
    start = 0
    while start < len(order):
        end = start + 1
        while end < len(order) and abs(totals[order[end]] - totals[order[start]]) <= tolerance:
            end += 1
        label = f"{start + 1}=" if end - start > 1 else str(start + 1)
        for k in range(start, end):
            places[order[k]] = label
        start = end
    return places


# --- Adjusted scores and board-level rating -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Artificial:
    """An artificial adjusted score: a percentage of the top to each side, given independently.

    ``Artificial(60, 40)`` is average plus to N-S and average minus to E-W; ``Artificial(40, 40)`` is average
    minus to both; ``Artificial(average_plus(63.2), 40)`` uses the pair's own better session percentage.
    For IMP scoring, ``ns_imps``/``ew_imps`` override the IMPs the percentages stand for.
    """

    ns_percent: float
    ew_percent: float
    ns_imps: float | None = None
    ew_imps: float | None = None

    def __post_init__(self) -> None:
        for value in (self.ns_percent, self.ew_percent):
            if not 0 <= value <= 100 or math.isnan(value):
                raise InvalidScore(
                    gettext("An adjusted score is a percentage from 0 to 100, not %(value)s.") % {"value": value}
                )


@dataclass(frozen=True, slots=True)
class Weighted:
    """A weighted assigned score, e.g. 50% of 4S= and 50% of 4S-1: ``Weighted(((0.5, 420), (0.5, -50)))``.

    Each score is rated on its own against the other results and the ratings are then weighted. Weights must
    be positive and add up to 1 (percentages adding up to 100 are accepted too).
    """

    parts: tuple[tuple[float, int], ...]

    def __post_init__(self) -> None:
        if not self.parts:
            raise InvalidScore(gettext("A weighted score needs at least one score."))
        total = sum(w for w, _ in self.parts)
        if any(w <= 0 for w, _ in self.parts):
            raise InvalidScore(gettext("Each weight of a weighted score must be more than zero."))
        if abs(total - 1) > 1e-9 and abs(total - 100) > 1e-6:
            raise InvalidScore(
                gettext("The weights of a weighted score must add up to 100%%, not %(total)s.")
                % {"total": format(total, "g")}
            )

    def normalised(self) -> tuple[tuple[float, int], ...]:
        """The parts with weights as fractions of 1."""
        total = sum(w for w, _ in self.parts)
        return tuple((w / total, int(s)) for w, s in self.parts)


@dataclass(frozen=True, slots=True)
class NotPlayed:
    """A line with no result (the board was not played at that table): it takes no part in the rating."""


NOT_PLAYED = NotPlayed()
AVERAGE_PLUS = Artificial(60, 60)
AVERAGE = Artificial(50, 50)
AVERAGE_MINUS = Artificial(40, 40)
AVERAGE_PLUS_MINUS = Artificial(60, 40)

Line: TypeAlias = int | Artificial | Weighted | NotPlayed | tuple[float, float] | Sequence[tuple[float, int]]


@dataclass(frozen=True, slots=True)
class LineScore:
    """The match points of one traveller line, from each side, and the top they are out of.

    For a real or weighted score ``ns + ew == top``; artificial scores need not add up (60/60, 40/40).
    A line that was not played scores ``None`` on both sides.
    """

    ns: float | None
    ew: float | None
    top: float

    @property
    def ns_percent(self) -> float | None:
        """North-South's percentage of the top on this board."""
        return None if self.ns is None or self.top <= 0 else 100.0 * self.ns / self.top

    @property
    def ew_percent(self) -> float | None:
        """East-West's percentage of the top on this board."""
        return None if self.ew is None or self.top <= 0 else 100.0 * self.ew / self.top


def as_line(line: object) -> int | Artificial | Weighted | NotPlayed:
    """Normalise the accepted spellings of a traveller line.

    An ``int`` is a real N-S score; ``(60, 40)`` is an artificial score in percent;
    ``((0.5, 420), (0.5, -50))`` is a weighted score; ``None`` or :data:`NOT_PLAYED` is a line not played.
    """
    if line is None or isinstance(line, NotPlayed):
        return NOT_PLAYED
    if isinstance(line, bool):
        raise InvalidScore(gettext("%(line)s is not a score.") % {"line": repr(line)})
    if isinstance(line, int | Artificial | Weighted):
        return line
    if isinstance(line, tuple | list) and line:
        if all(isinstance(x, tuple | list) and len(x) == 2 for x in line):
            return Weighted(tuple((float(w), int(s)) for w, s in line))
        if len(line) == 2 and all(isinstance(x, int | float) and not isinstance(x, bool) for x in line):
            return Artificial(float(line[0]), float(line[1]))
    raise InvalidScore(
        gettext("%(line)s is not a score, an adjusted score or a weighted score.") % {"line": repr(line)}
    )


def _compare(a: int, b: int) -> int:
    return 2 if a > b else (1 if a == b else 0)


def _rate(
    norm: Sequence[int | Artificial | Weighted | NotPlayed],
    compared: list[int],
    unit: int,
    groups: Sequence[Hashable] | None,
    interchanged: str,
) -> tuple[dict[int, float], dict[int, int]]:
    """Raw match points of each compared line, and how many lines it was compared with (itself included)."""
    dists: dict[int, tuple[tuple[float, int], ...]] = {}
    plain_scores: list[int] = []
    for i in compared:
        x = norm[i]
        if isinstance(x, int):
            dists[i] = ((1.0, x),)
            plain_scores.append(x)
        elif isinstance(x, Weighted):
            dists[i] = x.normalised()
    raw: dict[int, float] = {}
    actual: dict[int, int] = {}
    if groups is None and len(plain_scores) == len(compared):
        # Only real scores: the sorting scorer gives the same points as the pairwise loop below, faster.
        for i, mp in zip(compared, matchpoints(plain_scores, scale="ebu"), strict=True):
            raw[i] = mp * unit / 2
            actual[i] = len(compared)
        return raw, actual
    keys: Sequence[Hashable] = groups if groups is not None else [None] * len(norm)
    for i in compared:
        total = 0.0
        peers = 0
        for j in compared:
            if j == i:
                continue
            if keys[i] != keys[j]:
                if interchanged == "laws":
                    total += 1.0  # the laws: a tie (half a beat) for each pair in another group
                    peers += 1
                continue
            peers += 1
            for wa, a in dists[i]:
                for wb, b in dists[j]:
                    total += wa * wb * _compare(a, b)
        raw[i] = total * unit / 2
        actual[i] = peers + 1
    return raw, actual


def score_board(
    lines: Sequence[Line],
    *,
    scale: str = "ebu",
    expected: int | None = None,
    groups: Sequence[Hashable] | None = None,
    interchanged: Literal["laws", "neuberg"] = "laws",
    artificial: Literal["in_field", "among_real"] = "in_field",
) -> list[LineScore]:
    """Rate every line of a traveller, returning N-S and E-W match points per line in input order.

    - Real and weighted scores are compared with each other (each part of a weighted score is rated against
      the others, then weighted). If fewer are compared than lines that scored (artificial scores take their
      places), the match points are raised with Neuberg's formula to the full top.
    - The top is that of every line that scored (real, weighted and artificial), so a board played fewer times
      has its own smaller top; give ``expected`` (results the board should have had) to Neuberg it up instead.
    - Artificial scores get their percentages of the top, each side independently.
    - ``groups`` (one key per line) applies the interchanged-cards rule: each group that played identical
      cards is rated apart. The laws' method (``"laws"``) gives each pair the usual points within its group
      and half a beat (a tie) for each pair in the other groups; ``"neuberg"`` instead rates each group alone
      and raises it to the full top with Neuberg's formula.
    - ``artificial``: ``"in_field"`` (the default) counts an artificial score as a result of the board, so the
      top is that of every line that scored and the real results are raised to it with Neuberg's formula;
      ``"among_real"`` (BriAn, BBO) rates the board among its real and weighted results only, on their own top
      and without Neuberg, the artificial scores taking their percentages of that top. Three results 420, 420,
      -50 and an average plus/minus: in the field the top is 6, 420 scores 4.33 (Neuberg from 3 to 4 results)
      and the 60% 3.6; among the real results the top is 4, 420 scores 3 and the 60% 2.4.
    """
    unit = _unit(scale)
    norm = [as_line(x) for x in lines]
    if groups is not None and len(groups) != len(norm):
        raise InvalidScore(gettext("Give one interchanged-cards group per traveller line."))
    compared = [i for i, x in enumerate(norm) if isinstance(x, int | Weighted)]
    scored = sum(1 for x in norm if not isinstance(x, NotPlayed))
    target = scored if expected is None else expected
    if artificial not in ("in_field", "among_real"):
        raise InvalidScore(
            gettext("Unknown rating of artificial scores %(artificial)s: use 'in_field' or 'among_real'.")
            % {"artificial": repr(artificial)}
        )
    if artificial == "among_real":
        target -= sum(1 for x in norm if isinstance(x, Artificial))
    if expected is not None and expected < scored:
        raise InvalidScore(
            gettext("The board has %(scored)s results but only %(expected)s were expected.")
            % {"scored": scored, "expected": expected}
        )
    top = float(max(target - 1, 0) * unit)

    if interchanged not in ("laws", "neuberg"):
        raise InvalidScore(
            gettext("Unknown interchanged-cards method %(interchanged)s: use 'laws' or 'neuberg'.")
            % {"interchanged": repr(interchanged)}
        )
    raw, actual = _rate(norm, compared, unit, groups, interchanged)

    out: list[LineScore] = []
    for i, x in enumerate(norm):
        if isinstance(x, NotPlayed):
            out.append(LineScore(None, None, top))
        elif isinstance(x, Artificial):
            out.append(LineScore(top * x.ns_percent / 100, top * x.ew_percent / 100, top))
        else:
            mp = raw[i]
            if actual[i] < target:
                mp = neuberg(mp, actual=actual[i], expected=target, scale=scale)
            out.append(LineScore(mp, top - mp, top))
    return out
