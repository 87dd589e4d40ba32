"""One small scorer per scoring method (match points with Neuberg, IMPs, total points, duplicate whist): each rates
one board's lines; selectors/scores.py adds the boards up and ranks (split from it at 500 lines)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol

import scoring
from scoring.aggregate import line_points
from tournaments.sessions.models import Result, Session
from tournaments.sessions.selectors.whist import rate_whist

ImpMethod = Literal["butler", "cross"]  # as scoring.score_board_imps names them
IMP_METHODS: dict[str, ImpMethod] = {Session.ScoringMethod.BUTLER: "butler", Session.ScoringMethod.CROSS_IMPS: "cross"}

Points = tuple[float | None, float | None, float | None, float | None]  # ns, ew, and as counted in the totals


@dataclass
class Rated:
    """One board rated by a method: its top (match points) or datum (IMPs), and each line's points."""

    top: float | None
    datum: int | None
    points: list[Points]
    unrounded: list[tuple[float | None, float | None]] = field(default_factory=list)  # before the rounding
    marks: list[str] = field(default_factory=list)  # duplicate whist: each line's R ("+R2"), "" for none


class BoardScorer(Protocol):
    """One small scorer per scoring method (as tabbycat's standings annotators): the arithmetic is the core's."""

    def rate(self, rows: list[Result], inputs: list[scoring.Line], actual: int) -> Rated: ...


@dataclass
class MatchpointScorer:
    """Match points on the session's scale; with Neuberg, a board played fewer times is factored to the full
    top in the totals (an artificial score is its percentage of the full top), rounded as the session says."""

    scale: str
    neuberg: bool
    most: int
    full_top: float
    rounding: str = "none"
    among_real: bool = False  # a board with an artificial score rated among its real results only (BriAn, BBO)

    def rate(self, rows: list[Result], inputs: list[scoring.Line], actual: int) -> Rated:
        """``actual``: the board's results (without its artificial scores when they are rated among the real)."""
        artificial: Literal["in_field", "among_real"] = "among_real" if self.among_real else "in_field"
        rated = scoring.score_board(inputs, scale=self.scale, artificial=artificial)
        points: list[Points] = []
        unrounded: list[tuple[float | None, float | None]] = []
        for result, line in zip(rows, rated, strict=True):
            ns_total, ew_total = line.ns, line.ew
            exact: tuple[float | None, float | None] = (None, None)
            if self.neuberg and line.ns is not None and line.ew is not None and actual < self.most:
                if result.kind == Result.Kind.ARTIFICIAL:
                    ns_total = self.full_top * float(result.ns_percent or 0) / 100
                    ew_total = self.full_top * float(result.ew_percent or 0) / 100
                else:
                    ns_total = self._factored(line.ns, actual)
                    ew_total = self._factored(line.ew, actual)
                    if self.rounding != "none":
                        exact = (
                            scoring.neuberg(line.ns, actual=actual, expected=self.most, scale=self.scale),
                            scoring.neuberg(line.ew, actual=actual, expected=self.most, scale=self.scale),
                        )
            points.append((line.ns, line.ew, ns_total, ew_total))
            unrounded.append(exact)
        return Rated(rated[0].top if rated else None, None, points, unrounded)

    def _factored(self, points: float, actual: int) -> float:
        exact = scoring.neuberg(points, actual=actual, expected=self.most, scale=self.scale)
        return scoring.round_factored(exact, top=self.full_top, rounding=self.rounding)


@dataclass
class ImpScorer:
    """IMPs against a datum (Butler) or against every other line (cross-IMPs)."""

    method: ImpMethod
    most: int = 0  # the most results any board has: a board's lines in the full field
    unplayed_zero: bool = False  # an unplayed line counts 0 IMPs, the board factored by lines/results (RealBridge)

    def rate(self, rows: list[Result], inputs: list[scoring.Line], actual: int) -> Rated:
        if self.unplayed_zero:
            rated = scoring.unplayed_zero_imps(inputs, expected=self.most, method=self.method)
        else:
            rated = scoring.score_board_imps(inputs, method=self.method)
        return Rated(None, rated[0].datum if rated else None, [(r.ns, r.ew, r.ns, r.ew) for r in rated])


class TotalPointsScorer:
    """Total points: each side's own score (scoring.aggregate.line_points), added up in the totals."""

    def rate(self, rows: list[Result], inputs: list[scoring.Line], actual: int) -> Rated:
        points: list[Points] = []
        for result in rows:
            ns, ew = (None if x is None else float(x) for x in line_points(result.ns_score))
            points.append((ns, ew, ns, ew))
        return Rated(None, None, points)


@dataclass
class WhistScorer:
    """Duplicate whist: match points on N-S's tricks, or tricks over the average (selectors/whist.py)."""

    scale: str
    method: str  # "matchpoints" or "tricks"

    def rate(self, rows: list[Result], inputs: list[scoring.Line], actual: int) -> Rated:
        top, points, marks = rate_whist(rows, scale=self.scale, method=self.method)
        return Rated(top, None, [(ns, ew, ns, ew) for ns, ew in points], [], marks)


def scorer_for(session: Session, *, most: int, full_top: float | None) -> BoardScorer:
    method = session.scoring_method
    if session.is_whist:  # the one branch: duplicate whist is scored by scoring.whist
        return WhistScorer(session.mp_scale, "matchpoints" if method == Session.ScoringMethod.MATCHPOINTS else "tricks")
    if method == Session.ScoringMethod.MATCHPOINTS:
        return MatchpointScorer(
            session.mp_scale,
            session.use_neuberg,
            most,
            full_top or 0.0,
            session.neuberg_rounding or "none",
            session.artificial_among_real,
        )
    if method in IMP_METHODS:
        return ImpScorer(IMP_METHODS[method], most, session.imps_unplayed_zero)
    return TotalPointsScorer()
