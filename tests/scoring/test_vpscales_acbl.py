"""The ACBL whole-number 20-VP scale, checked against the table BridgeHands' encyclopedia prints ("Victory Points":
6-8 boards 0 10-10, 1-2 11-9, 3-4 12-8, 5-7 13-7, 8-10 14-6, 11-13 15-5, 14-16 16-4, 17-19 17-3, 20-23 18-2, 24-27
19-1, 28+ 20-0; 9-11 boards 0, 1-2, 3-5, 6-9, 10-13, 14-17, 18-21, 22-25, 26-30, 31-35, 36+)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import InvalidScore
from scoring.vpscales import acbl_20_table, acbl_20_victory_points

SIX_TO_EIGHT = [(0, 0), (1, 2), (3, 4), (5, 7), (8, 10), (11, 13), (14, 16), (17, 19), (20, 23), (24, 27), (28, 60)]
NINE_TO_ELEVEN = [(0, 0), (1, 2), (3, 5), (6, 9), (10, 13), (14, 17), (18, 21), (22, 25), (26, 30), (31, 35), (36, 80)]


@pytest.mark.parametrize(("boards", "ranges"), [(6, SIX_TO_EIGHT), (8, SIX_TO_EIGHT), (9, NINE_TO_ELEVEN)])
def test_every_printed_range_gives_its_vps(boards: int, ranges: list[tuple[int, int]]) -> None:
    for winner, (low, high) in enumerate(ranges, 10):
        for margin in (low, high):
            assert acbl_20_victory_points(margin, boards) == (winner, 20 - winner)
            assert acbl_20_victory_points(-margin, boards) == (20 - winner, winner)


def test_the_club_table_form() -> None:
    table = acbl_20_table(7)
    assert table[:6] == [10, 11, 11, 12, 12, 13] and table[-1] == 20 and len(table) == 29
    assert len(acbl_20_table(11)) == 37


def test_a_fractional_margin_is_rounded_first() -> None:
    assert acbl_20_victory_points(2.5, 8) == (12.0, 8.0) and acbl_20_victory_points(0.4, 8) == (10.0, 10.0)


@pytest.mark.parametrize("boards", [5, 12, 16])
def test_a_match_length_the_source_does_not_give_is_refused(boards: int) -> None:
    with pytest.raises(InvalidScore, match="6 to 11 boards"):
        acbl_20_victory_points(3, boards)


@given(margin=st.integers(min_value=-200, max_value=200), boards=st.integers(min_value=6, max_value=11))
def test_whole_vps_adding_to_20_never_fewer_for_a_bigger_win(margin: int, boards: int) -> None:
    home, away = acbl_20_victory_points(margin, boards)
    assert home + away == 20 and home == int(home)
    assert acbl_20_victory_points(margin + 1, boards)[0] >= home
