"""The WBF discrete 20-0 scale (2013 technical report) and the named-scale dispatcher."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import InvalidScore
from scoring.imps import victory_points
from scoring.vpscales import (
    discrete_bands,
    discrete_table,
    discrete_victory_points,
    scale_victory_points,
)


def test_ten_boards_as_ebuscore_shows_it() -> None:
    # EBUScore's "WBF-D" 10-board table: 1-3 IMPs are 11-9, 23-27 IMPs are 17-3.
    assert [discrete_victory_points(m, 10)[0] for m in (0, 1, 3, 4)] == [10, 11, 11, 12]
    assert [discrete_victory_points(m, 10)[0] for m in (22, 23, 27, 28)] == [16, 17, 17, 18]


def test_sixteen_boards() -> None:
    assert discrete_bands(16) == (1, 4, 8, 12, 17, 22, 28, 35, 43, 53)
    assert discrete_victory_points(54, 16) == (20.0, 0.0)
    assert discrete_victory_points(-54, 16) == (0.0, 20.0)
    assert discrete_victory_points(-2, 16) == (9.0, 11.0)


def test_fractional_margins_round_half_away_from_zero() -> None:
    assert discrete_victory_points(0.49, 16) == (10.0, 10.0)
    assert discrete_victory_points(1.5, 16) == (11.0, 9.0)  # 2 IMPs
    assert discrete_victory_points(-1.5, 16) == (9.0, 11.0)


@given(st.integers(1, 64))
def test_bands_never_narrow(boards: int) -> None:
    tops = discrete_bands(boards)
    widths = [2 * tops[0] + 1] + [b - a for a, b in itertools.pairwise(tops)]
    assert all(b >= a for a, b in itertools.pairwise(widths))
    assert tops[0] >= 0


@given(st.integers(1, 64), st.integers(-200, 200))
def test_whole_vps_add_to_twenty_and_follow_the_continuous_scale(boards: int, margin: int) -> None:
    home, away = discrete_victory_points(margin, boards)
    assert home + away == 20 and home == int(home)
    assert (home >= 10) == (margin >= 0) or margin == 0
    # within a VP of the continuous scale it is made from
    assert abs(home - victory_points(margin, boards)[0]) <= 1.0


def test_table_and_dispatcher() -> None:
    table = discrete_table(16)
    assert table[0] == 10 and table[2] == 11 and table[-1] == 20 and len(table) == 55
    assert scale_victory_points("wbf_discrete", 12, 16) == (13.0, 7.0)
    assert scale_victory_points("wbf_continuous", 12, 16) == victory_points(12, 16)
    with pytest.raises(InvalidScore):
        scale_victory_points("ebu_30", 1, 16)
    with pytest.raises(InvalidScore):
        discrete_bands(0)
    with pytest.raises(InvalidScore):
        discrete_victory_points(float("nan"), 8)
