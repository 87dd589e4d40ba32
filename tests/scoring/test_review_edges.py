"""Review: inputs that are not numbers of IMPs get the package's own error, never a bare OverflowError."""

from __future__ import annotations

import math

import pytest

from scoring import InvalidScore, imps, victory_point_scale, victory_points
from scoring.imps import MAX_VP_BOARDS


@pytest.mark.parametrize("margin", [math.nan, math.inf, -math.inf])
def test_victory_points_refuse_a_margin_that_is_not_a_number(margin: float) -> None:
    with pytest.raises(InvalidScore, match="IMP margin"):
        victory_points(margin, 16)


@pytest.mark.parametrize("difference", [math.nan, math.inf, -math.inf])
def test_imps_refuse_a_difference_that_is_not_a_number(difference: float) -> None:
    # Before: imps(nan) was -24, a full IMP swing for garbage.
    with pytest.raises(InvalidScore, match="difference"):
        imps(difference)


def test_victory_point_scale_refuses_an_absurd_match_length_at_once() -> None:
    # Before: a slip such as 10**9 boards built a table of half a million margins and hung.
    with pytest.raises(InvalidScore, match="at most"):
        victory_points(3, 10**9)
    assert victory_point_scale(MAX_VP_BOARDS)[-1] == 20.0
