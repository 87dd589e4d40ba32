"""Teams arithmetic: match IMPs and VPs, a club's own VP scale, standings with the director's tie-breaks."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.errors import InvalidScore
from scoring.imps import victory_points
from tournaments.teams.calc import Standing, club_victory_points, match_score, rank


def test_match_score_is_imps_per_board_then_wbf_vps_when_complete() -> None:
    partial = match_score([420], [-50], boards=2)
    assert partial.board_imps == (10,) and partial.vp_home is None and not partial.complete
    full = match_score([420, -100], [-50, 140], boards=2)
    assert (full.imps_home, full.imps_away) == (10, 6)
    assert (full.vp_home, full.vp_away) == victory_points(4, 2)


def test_a_clubs_own_scale_is_read_by_margin_and_capped() -> None:
    table = [10, 11, 12, 13, 15, 20]
    assert club_victory_points(0, table) == (10, 10)
    assert club_victory_points(-3, table) == (7, 13)
    assert club_victory_points(40, table) == (20, 0)
    with pytest.raises(InvalidScore):
        club_victory_points(1, [])
    assert match_score([620], [-100], boards=1, vp_table=table).vp_home == 20


def row(team: int, vp: str, imps_for: int, imps_against: int, vs: dict[int, str] | None = None) -> Standing:
    return Standing(team, vp=Decimal(vp), imps_for=imps_for, imps_against=imps_against,
                    vs={k: Decimal(v) for k, v in (vs or {}).items()})  # fmt: skip


def test_tie_breaks_apply_in_the_directors_order_and_level_teams_share() -> None:
    rows = [row(1, "30", 40, 30), row(2, "30", 50, 40, {3: "5"}), row(3, "30", 20, 10, {2: "15"}), row(4, "31", 0, 0)]
    by_diff = rank(rows, ["imp_diff"])
    assert [(s.team, s.place) for s in by_diff] == [(4, 1), (1, 2), (2, 2), (3, 2)]
    by_quotient = rank(rows, ["imp_quotient"])
    assert [s.team for s in by_quotient] == [4, 3, 1, 2]
    by_h2h = rank(rows, ["head_to_head", "imp_diff"])
    assert [(s.team, s.place) for s in by_h2h] == [(4, 1), (3, 2), (2, 3), (1, 4)]
    assert [(s.team, s.place) for s in rank(rows, [])] == [(4, 1), (1, 2), (2, 2), (3, 2)]
