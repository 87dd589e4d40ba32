"""Rounding of Neuberg-factored boards, as other programs do it before adding up."""

from __future__ import annotations

import pytest

import scoring
from scoring.errors import InvalidScore


def test_no_rounding_keeps_the_exact_figure():
    exact = scoring.neuberg(34, actual=18, expected=19)
    assert scoring.round_factored(exact, top=36, rounding="none") == exact


@pytest.mark.parametrize(
    ("rounding", "expected"),
    [("0.01", 35.94), ("0.1", 35.9), ("0.01%", 99.85 * 36 / 100)],
)
def test_a_top_factored_from_18_results_to_19(rounding, expected):
    exact = scoring.neuberg(34, actual=18, expected=19)  # 35.9444...
    assert scoring.round_factored(exact, top=36, rounding=rounding) == pytest.approx(expected, abs=1e-9)


def test_rounding_is_half_up_on_the_decimal_figure():
    assert scoring.round_factored(0.125, top=10, rounding="0.01") == 0.13
    assert scoring.round_factored(2.25, top=10, rounding="0.1") == 2.3
    assert scoring.round_factored(0.05555, top=36, rounding="0.01%") == pytest.approx(0.15 * 36 / 100)


def test_unknown_rounding_and_a_zero_top_are_refused():
    with pytest.raises(InvalidScore, match="Unknown rounding"):
        scoring.round_factored(1.0, top=10, rounding="0.001")
    with pytest.raises(InvalidScore, match="top"):
        scoring.round_factored(1.0, top=0, rounding="0.01%")
