"""Board-a-match and Patton: the published examples and the properties every match must keep."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.bam import bam_match, board_points, patton_match
from scoring.errors import InvalidScore

scores = st.lists(st.tuples(st.integers(-7600, 7600), st.integers(-7600, 7600)), min_size=1, max_size=32)


def test_any_difference_wins_a_board_at_board_a_match() -> None:
    # 420 in one room against 400 the other way: the home team wins by 20 points, so the board.
    assert board_points(20) == 1.0
    assert board_points(-10) == 0.0
    assert board_points(0) == 0.5


def test_a_club_may_call_small_differences_a_draw() -> None:
    assert board_points(10, tie_within=10) == 0.5
    assert board_points(-10, tie_within=10) == 0.5
    assert board_points(20, tie_within=10) == 1.0
    with pytest.raises(InvalidScore):
        board_points(0, tie_within=-1)


def test_bam_match_counts_boards() -> None:
    # Home: +620 vs -620 (net 0, draw), 170 vs 140 (win), -100 vs 110 (net 10 the home team's way), -50 vs -50.
    assert bam_match([620, 170, -100, -50], [620, 140, -110, -50]) == (3.0, 1.0)
    assert bam_match([620, 170, -100, -50], [620, 140, -110, -50], tie_within=10) == (2.5, 1.5)


def test_patton_ebu_example() -> None:
    # EBU Tournament Focus: three boards won of four (6 of 8) and a level aggregate (4 of 8) give 10 of 16.
    s = patton_match([100, 100, 100, -300], [90, 90, 90, -270])
    assert (s.boards_home, s.boards_away) == (6.0, 2.0)
    assert s.aggregate_net == 0
    assert (s.aggregate_home, s.aggregate_away) == (4.0, 4.0)
    assert (s.home, s.away) == (10.0, 6.0)


def test_unequal_rooms_are_refused() -> None:
    with pytest.raises(InvalidScore):
        bam_match([1], [1, 2])


@given(scores, st.sampled_from([0, 10, 20]))
def test_points_add_up_and_swap(rows: list[tuple[int, int]], tie: int) -> None:
    r1, r2 = [a for a, _ in rows], [b for _, b in rows]
    home, away = bam_match(r1, r2, tie_within=tie)
    assert home + away == len(rows)
    # the same boards seen from the other team: the rooms swapped (its N-S room first)
    assert bam_match(r2, r1, tie_within=tie) == (away, home)
    p = patton_match(r1, r2, tie_within=tie)
    assert p.home + p.away == 4 * len(rows)
    assert p.boards_home == 2 * home
    q = patton_match(r2, r1, tie_within=tie)
    assert (q.home, q.away) == (p.away, p.home)


@given(scores)
def test_a_wider_draw_margin_only_moves_each_board_towards_half(rows: list[tuple[int, int]]) -> None:
    """Board by board, a draw margin can only turn a win or a loss into a draw (the match total need not move
    towards half: one board won by 11 and one lost by 1 go from 1 to 1.5 of 2)."""
    for a, b in rows:
        strict, loose = bam_match([a], [b])[0], bam_match([a], [b], tie_within=10)[0]
        assert loose == strict or loose == 0.5
