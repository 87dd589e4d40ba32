"""A teams file's published IMPs and VPs against Bridgedesk's, each difference explained by a named convention
when one does, "the file disagrees with itself" when its own figures do not add up, and only then "unexplained".

The VP conventions tried (docs/interchange.md): ``vp_scale=wbf_continuous`` (the WBF continuous 20-VP scale to
0.01, Bridgedesk's default) and ``vp_scale=wbf_continuous_whole`` (the same scale rounded half up to whole VPs,
as programs that print whole VPs do) and ``vp_scale=wbf_discrete`` (the WBF's whole-number 20-0 scale of 2013,
:mod:`scoring.vpscales`, EBUScore's "WBF-D") and ``vp_scale=acbl_20`` (the ACBL's whole-number 20-VP scale, for
matches of 6 to 11 boards only, as its source prints it). The scale that explains every published VP is the one the
import keeps.
Plain values only: the counts use the same tolerance (the two decimals the files print) as compare_published.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from scoring.aggregate import aggregate_match
from scoring.errors import InvalidScore
from scoring.imps import match_totals, team_board_imps, victory_point_scale, victory_points
from scoring.vpscales import acbl_20_victory_points, discrete_victory_points

from .usebio_teams import MatchRecord, TeamsRecord

TOLERANCE = 0.005  # the files print two decimals
CONTINUOUS, WHOLE, DISCRETE = "vp_scale=wbf_continuous", "vp_scale=wbf_continuous_whole", "vp_scale=wbf_discrete"
ACBL = "vp_scale=acbl_20"
FOLLOWS_FROM_IMPS = "follows_from_imps"  # the file's VPs follow from its own IMP totals, which differ from ours


def _whole(value: float) -> float:
    return float(Decimal(repr(value)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def _vps_whole(margin: float, boards: int) -> tuple[float, float]:
    winner = _whole(max(victory_points(abs(margin), boards)))
    return (winner, 20.0 - winner) if margin >= 0 else (20.0 - winner, winner)


def _vps_acbl(margin: float, boards: int) -> tuple[float, float]:
    """The ACBL scale where its source gives the match length; elsewhere no figure (it explains nothing)."""
    try:
        return acbl_20_victory_points(margin, boards)
    except InvalidScore:
        return (math.nan, math.nan)


VP_SCALES: dict[str, Callable[[float, int], tuple[float, float]]] = {
    CONTINUOUS: victory_points,
    WHOLE: _vps_whole,
    DISCRETE: discrete_victory_points,
    ACBL: _vps_acbl,
}  # tried in this order: the first that gives every published VP is the file's


def whole_vp_table(boards: int) -> list[float]:
    """The WBF continuous scale rounded to whole VPs, as a club scale (winner's VPs for 0, 1, 2 ... IMPs)."""
    return [_whole(v) for v in victory_point_scale(boards)]


@dataclass(slots=True)
class Counts:
    same: int = 0
    explained: dict[str, int] = field(default_factory=dict)
    file_inconsistent: int = 0
    unexplained: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "same": self.same,
            "explained": dict(self.explained),
            "file_inconsistent": self.file_inconsistent,
            "unexplained": self.unexplained,
        }


@dataclass(slots=True)
class TeamsComparison:
    """Counts for board IMPs, match figures (IMP totals and VPs or points) and teams' totals (an aggregate event),
    every difference in words, the VP scale."""

    boards: Counts = field(default_factory=Counts)
    matches: Counts = field(default_factory=Counts)
    teams: Counts = field(default_factory=Counts)
    differences: list[str] = field(default_factory=list)
    vp_scale: str = CONTINUOUS

    def as_dict(self) -> dict[str, Any]:
        return {
            "boards": self.boards.as_dict(),
            "matches": self.matches.as_dict(),
            "teams": self.teams.as_dict(),
            "vp_scale": self.vp_scale,
        }


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def _vp_scale(record: TeamsRecord) -> str:
    """The scale that gives every published VP from the published (else our) margin; continuous when none does."""
    for name, scale in VP_SCALES.items():
        if all(_vps_agree(m, scale) for m in record.matches if m.home_vps is not None):
            return name
    return CONTINUOUS


def _margins(match: MatchRecord) -> list[float]:
    """Our IMP margin, then the file's when it publishes totals that give another (its VPs may follow from them)."""
    home, away = match_totals(team_board_imps([b.room1_ns for b in match.boards], [b.room2_ns for b in match.boards]))
    margins = [home - away]
    if match.home_imps is not None and match.away_imps is not None and match.home_imps - match.away_imps != margins[0]:
        margins.append(match.home_imps - match.away_imps)
    return margins


def _vps_agree(match: MatchRecord, scale: Callable[[float, int], tuple[float, float]]) -> bool:
    for margin in _margins(match):
        home, away = scale(margin, len(match.boards))
        if _close(home, match.home_vps or 0.0) and (match.away_vps is None or _close(away, match.away_vps)):
            return True
    return False


def compare_teams(record: TeamsRecord) -> TeamsComparison:
    """Every published board IMP, match IMP total and VP figure of the file against Bridgedesk's."""
    aggregate = record.scoring_form == "total"
    out = TeamsComparison(vp_scale=CONTINUOUS if aggregate else _vp_scale(record))
    for match in record.matches:
        ours = team_board_imps([b.room1_ns for b in match.boards], [b.room2_ns for b in match.boards])
        name = f"Round {match.round}, team {match.home} v team {match.away}"
        for board, imps in zip(match.boards, ours, strict=True):
            if board.home_imps is None:
                continue
            if _close(board.home_imps, imps):
                out.boards.same += 1
            else:
                out.boards.unexplained += 1
                out.differences.append(
                    f"{board.where}: {name}, board {board.number}: the file gives the home team {board.home_imps:g} "
                    f"IMPs, Bridgedesk {imps} (N-S {board.room1_ns} and {board.room2_ns}): unexplained."
                )
        _compare_totals(match, ours, name, out)
        if aggregate:
            _compare_aggregate(match, name, out)
        else:
            _compare_vps(match, name, out)
    if aggregate:
        _compare_team_totals(record, out)
    return out


def _compare_totals(match: MatchRecord, ours: list[int], name: str, out: TeamsComparison) -> None:
    home, away = match_totals(ours)
    published = [b.home_imps for b in match.boards]
    file_home, file_away = (
        match_totals([x for x in published if x is not None]) if all(x is not None for x in published) else (None, None)
    )
    for given, mine, own, side in (
        (match.home_imps, home, file_home, "home"),
        (match.away_imps, away, file_away, "away"),
    ):
        if given is None:
            continue
        if _close(given, mine):
            out.matches.same += 1
        elif own is not None and not _close(given, own):
            out.matches.file_inconsistent += 1
            out.differences.append(
                f"{match.where}: {name}: the {side} team's {given:g} IMPs are not the {own:g} its boards in the file "
                "add up to: the file's own figures disagree with each other."
            )
        else:
            out.matches.unexplained += 1
            out.differences.append(f"{match.where}: {name}: {side} IMPs {given:g} in the file, {mine:g} here.")


def _compare_vps(match: MatchRecord, name: str, out: TeamsComparison) -> None:
    """Same on the WBF continuous scale from our margin; else explained by another scale, or by the file's own IMP
    totals (``follows_from_imps``: already counted where they differ); else unexplained."""
    if match.home_vps is None:
        return
    boards, margins = len(match.boards), _margins(match)
    for index, side, file_value in ((0, "home", match.home_vps), (1, "away", match.away_vps)):
        if file_value is None:
            continue
        found = [
            FOLLOWS_FROM_IMPS if margin != margins[0] and scale_name == out.vp_scale else scale_name
            for margin in margins
            for scale_name, scale in VP_SCALES.items()
            if _close(scale(margin, boards)[index], file_value)
        ]
        found.sort(key=lambda name: name != out.vp_scale)  # the file's own scale first, where several give it
        mine = victory_points(margins[0], boards)[index]
        if _close(file_value, mine):
            out.matches.same += 1
        elif found:
            out.matches.explained[found[0]] = out.matches.explained.get(found[0], 0) + 1
        else:
            out.matches.unexplained += 1
            out.differences.append(
                f"{match.where}: {name}: {side} VPs {file_value:g} in the file, {mine:g} on the WBF continuous "
                f"scale for {boards} boards, and no scale Bridgedesk knows gives them: unexplained."
            )


def _aggregates(match: MatchRecord) -> tuple[int, int]:
    score = aggregate_match([b.room1_ns for b in match.boards], [b.room2_ns for b in match.boards])
    return score.home, score.away


def _compare_aggregate(match: MatchRecord, name: str, out: TeamsComparison) -> None:
    """A total-points match: the file's match points against each side's aggregate of net scores."""
    for given, mine, side in zip((match.home_vps, match.away_vps), _aggregates(match), ("home", "away"), strict=True):
        if given is None:
            continue
        if _close(given, mine):
            out.matches.same += 1
        else:
            out.matches.unexplained += 1
            out.differences.append(
                f"{match.where}: {name}: the {side} team's total points are {given:g} in the file, {mine} here "
                "(the net scores of both rooms added up): unexplained."
            )


def _compare_team_totals(record: TeamsRecord, out: TeamsComparison) -> None:
    """Each team's published TOTAL_SCORE against the sum of its aggregates; "the file disagrees with itself" when
    the file's own match points (all published) add up to another figure."""
    ours: dict[int, int] = {}
    theirs: dict[int, float | None] = {}
    for match in record.matches:
        sides = zip((match.home, match.away), _aggregates(match), (match.home_vps, match.away_vps), strict=True)
        for number, mine, given in sides:
            ours[number] = ours.get(number, 0) + mine
            before = theirs.get(number, 0.0)
            theirs[number] = None if before is None or given is None else before + given
    for team in record.teams:
        if team.total is None:
            continue
        mine, own = ours.get(team.number, 0), theirs.get(team.number, 0.0)
        if _close(team.total, mine):
            out.teams.same += 1
        elif own is not None and not _close(team.total, own):
            out.teams.file_inconsistent += 1
            out.differences.append(
                f"{team.where}: team {team.number}'s total {team.total:g} is not the {own:g} its matches in the file "
                "add up to: the file's own figures disagree with each other."
            )
        else:
            out.teams.unexplained += 1
            out.differences.append(f"{team.where}: team {team.number}: total {team.total:g} in the file, {mine} here.")
