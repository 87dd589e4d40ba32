"""Review: inputs that are not numbers of IMPs get the package's own error, never a bare OverflowError."""

from __future__ import annotations

import math

import pytest

from scoring import InvalidScore, victory_points


@pytest.mark.parametrize("margin", [math.nan, math.inf, -math.inf])
def test_victory_points_refuse_a_margin_that_is_not_a_number(margin: float) -> None:
    with pytest.raises(InvalidScore, match="IMP margin"):
        victory_points(margin, 16)
