"""IMPs: the international match-point scale, team matches, Butler and cross-IMP pairs, victory points.

The IMP scale is the one printed in the laws (0-10: 0, 20-40: 1, ..., 4000 and up: 24). Victory points follow
the WBF continuous 20-VP scale: VP = 10 + 10 (1 - tau^(3M/X)) / (1 - tau^3) with tau = (sqrt 5 - 1) / 2 and
the blitz margin X = 15 sqrt(boards), rounded to 0.01 and then corrected so that each extra IMP is worth no more
than the one before (rounding alone can break that).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from functools import lru_cache
from typing import Literal, TypeAlias

from scoring.errors import InvalidScore
from scoring.matchpoints import Artificial, Line, NotPlayed, Weighted, as_line
from scoring.messages import gettext as _

__all__ = [
    "IMP_THRESHOLDS",
    "DatumRounding",
    "LineImps",
    "artificial_imps",
    "butler_datum",
    "cross_imps",
    "imps",
    "match_totals",
    "score_board_imps",
    "team_board_imps",
    "victory_point_scale",
    "victory_points",
]

# Lower bound of the point difference for 1, 2, ..., 24 IMPs.
IMP_THRESHOLDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip

DatumRounding: TypeAlias = Literal["half_away", "half_even", "half_up", "toward_zero"]


def imps(difference: float) -> int:
    """IMPs for a difference in total points, signed: ``imps(420 - 170)`` is 6, ``imps(-1430)`` is -16."""
    if not math.isfinite(difference):
        raise InvalidScore(
            _("A point difference is a number of points, not %(difference)s.") % {"difference": repr(difference)}
        )
    magnitude = bisect_right(IMP_THRESHOLDS, abs(difference))
    return magnitude if difference >= 0 else -magnitude


def team_board_imps(home_ns_scores: Sequence[int], away_ns_scores: Sequence[int]) -> list[int]:
    """IMPs per board to the home team in a team match.

    ``home_ns_scores`` are the N-S scores at the table where the home team sits N-S; ``away_ns_scores`` those
    at the other table, where the home team sits E-W. The home team gains ``imps(home - away)`` on each board.
    """
    if len(home_ns_scores) != len(away_ns_scores):
        raise InvalidScore(_("Both tables of a team match must have a score for every board."))
    return [imps(h - a) for h, a in zip(home_ns_scores, away_ns_scores, strict=True)]


def match_totals(board_imps: Sequence[float]) -> tuple[float, float]:
    """Total IMPs won by each team: the home team's gains and the away team's gains."""
    return (sum(x for x in board_imps if x > 0), -sum(x for x in board_imps if x < 0))


def _round_to_ten(value: float, rounding: str) -> int:
    tens = Decimal(repr(value)) / 10
    if rounding == "half_away":
        rounded = tens.quantize(Decimal(1), rounding=ROUND_HALF_UP)  # Decimal's HALF_UP is away from zero
    elif rounding == "half_even":
        rounded = tens.quantize(Decimal(1), rounding=ROUND_HALF_EVEN)
    elif rounding == "half_up":
        rounded = Decimal(math.floor(tens + Decimal("0.5")))
    elif rounding == "toward_zero":
        rounded = Decimal(int(tens))
    else:
        raise InvalidScore(
            _("Unknown datum rounding %(rounding)s: use 'half_away', 'half_even', 'half_up' or 'toward_zero'.")
            % {"rounding": repr(rounding)}
        )
    return int(rounded) * 10


def butler_datum(ns_scores: Sequence[int], *, rounding: str = "half_away", trim: int = 1) -> int:
    """The Butler datum: mean N-S score after dropping the ``trim`` highest and lowest, rounded to 10.

    Halves round away from zero by default (425 -> 430, -425 -> -430). With too few scores to drop both ends
    and keep one, nothing is dropped.
    """
    if not ns_scores:
        raise InvalidScore(_("A datum needs at least one score."))
    ordered = sorted(ns_scores)
    if trim > 0 and len(ordered) > 2 * trim:
        ordered = ordered[trim:-trim]
    return _round_to_ten(sum(ordered) / len(ordered), rounding)


def cross_imps(ns_scores: Sequence[int]) -> list[float]:
    """Cross-IMPs: each score IMPed against every other score on the board, divided by their number."""
    n = len(ns_scores)
    if n < 2:
        return [0.0] * n
    return [sum(imps(s - t) for j, t in enumerate(ns_scores) if j != i) / (n - 1) for i, s in enumerate(ns_scores)]


def artificial_imps(percent: float) -> float:
    """IMPs for an artificial adjusted score in IMP pairs: average plus (60%) +3, average 0, average minus -3."""
    return (percent - 50.0) * 0.3


@dataclass(frozen=True, slots=True)
class LineImps:
    """IMPs of one traveller line to each side (``None`` for a line not played), and the datum used."""

    ns: float | None
    ew: float | None
    datum: int | None = None


def score_board_imps(
    lines: Sequence[Line], *, method: Literal["butler", "cross"] = "butler", rounding: str = "half_away"
) -> list[LineImps]:
    """Rate a traveller for Butler or cross-IMP pairs, with the same kinds of lines as ``score_board``.

    Real scores set the Butler datum; weighted scores are IMPed part by part and weighted; artificial scores
    get +3/0/-3 IMPs (60/50/40%) unless the :class:`Artificial` carries its own ``ns_imps``/``ew_imps``.
    """
    norm = [as_line(x) for x in lines]
    real = [x for x in norm if isinstance(x, int)]
    dists: dict[int, tuple[tuple[float, int], ...]] = {}
    for i, x in enumerate(norm):
        if isinstance(x, int):
            dists[i] = ((1.0, x),)
        elif isinstance(x, Weighted):
            dists[i] = x.normalised()
    datum: int | None = None
    if method == "butler":
        if real:
            datum = butler_datum(real, rounding=rounding)
        elif dists:
            raise InvalidScore(_("A Butler datum needs at least one real score on the board."))
    elif method != "cross":
        raise InvalidScore(_("Unknown IMP method %(method)s: use 'butler' or 'cross'.") % {"method": repr(method)})
    out: list[LineImps] = []
    for i, x in enumerate(norm):
        if isinstance(x, NotPlayed):
            out.append(LineImps(None, None, datum))
        elif isinstance(x, Artificial):
            ns = x.ns_imps if x.ns_imps is not None else artificial_imps(x.ns_percent)
            ew = x.ew_imps if x.ew_imps is not None else artificial_imps(x.ew_percent)
            out.append(LineImps(ns, ew, datum))
        elif datum is not None:
            value = float(sum(w * imps(s - datum) for w, s in dists[i]))
            out.append(LineImps(value, -value, datum))
        else:
            others = [j for j in dists if j != i]
            total = sum(wa * wb * imps(a - b) for j in others for wa, a in dists[i] for wb, b in dists[j])
            value = total / len(others) if others else 0.0
            out.append(LineImps(value, -value, None))
    return out


# --- Victory points ---------------------------------------------------------------------------------------

_TAU = (math.sqrt(5) - 1) / 2
MAX_VP_BOARDS = 1000  # far beyond any match; refusing more keeps a typing slip from building a huge table


@lru_cache(maxsize=256)
def victory_point_scale(boards: int) -> tuple[float, ...]:
    """The WBF continuous 20-VP scale for a match of ``boards`` boards: the winner's VPs for 0, 1, 2, ... IMPs.

    The last entry is 20.00 at the blitz margin. Values are rounded to 0.01, then corrected: wherever an extra
    IMP would be worth more than the previous one, the lower value is raised by 0.01, until every increment is
    no larger than the one before.
    """
    if not 1 <= boards <= MAX_VP_BOARDS:
        raise InvalidScore(
            _("A match has at least one board and at most %(most)s, not %(boards)s.")
            % {"most": MAX_VP_BOARDS, "boards": boards}
        )
    blitz = 15 * math.sqrt(boards)
    hundredths = []
    margin = 0
    while margin < blitz:
        raw = 10 + 10 * (1 - _TAU ** (3 * margin / blitz)) / (1 - _TAU**3)
        hundredths.append(min(2000, int(Decimal(repr(raw * 100)).quantize(Decimal(1), rounding=ROUND_HALF_UP))))
        margin += 1
    hundredths.append(2000)
    changed = True
    while changed:
        changed = False
        for i in range(1, len(hundredths) - 1):
            if hundredths[i + 1] - hundredths[i] > hundredths[i] - hundredths[i - 1]:
                hundredths[i] += 1
                changed = True
    return tuple(h / 100 for h in hundredths)


def victory_points(imp_margin: float, boards: int) -> tuple[float, float]:
    """Victory points (winner-side first as given: this team, its opponents) on the WBF continuous 20-VP scale.

    ``imp_margin`` is this team's IMPs minus its opponents'; a fractional margin (from cross-IMPs or Butler)
    is interpolated between the whole-IMP values. The two always add up to 20.
    """
    if not math.isfinite(imp_margin):
        raise InvalidScore(
            _("An IMP margin is a number of IMPs, not %(imp_margin)s.") % {"imp_margin": repr(imp_margin)}
        )
    scale = victory_point_scale(boards)
    margin = abs(imp_margin)
    whole = int(margin)
    if whole >= len(scale) - 1:
        winner = 20.0
    else:
        low, high = scale[whole], scale[whole + 1]
        winner = round(low + (high - low) * (margin - whole), 2)
    loser = round(20.0 - winner, 2)
    return (winner, loser) if imp_margin >= 0 else (loser, winner)
