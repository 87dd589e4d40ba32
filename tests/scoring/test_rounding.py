"""One rounding rule for every figure shown: `scoring.shown` rounds exactly as the pages' `floatformat` does
(halves up on the decimal a person writes), so a page, a PDF and an e-mail never differ by a hundredth where
Python's own formatting (binary, half to even) would: 52.125 is 52.13 everywhere, never 52.12 in a PDF."""

from decimal import Decimal

import pytest
from django.template.defaultfilters import floatformat
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from tournaments.printing.pdf import points


@pytest.mark.parametrize(
    ("value", "two", "trimmed"),
    [
        (52.125, "52.13", "52.13"),
        (1.005, "1.01", "1.01"),
        (2.675, "2.68", "2.68"),
        (7.0, "7.00", "7"),
        (-0.004, "0.00", "0.00"),
        (49.995, "50.00", "50.00"),
    ],
)
def test_halves_go_up_on_the_written_decimal(value, two, trimmed):
    assert scoring.shown(value) == two and scoring.shown(value, trim=True) == trimmed
    assert f"{value:.2f}" != two or value in (7.0, -0.004)  # what Python alone would have printed differs


@settings(deadline=None, max_examples=300)
@given(st.floats(min_value=-10_000, max_value=10_000, allow_nan=False).map(lambda v: round(v, 3)))
def test_every_figure_rounds_as_the_pages_do(value):
    assert scoring.shown(value) == floatformat(value, 2)
    assert scoring.shown(value, trim=True) == floatformat(value, "-2")
    assert Decimal(points(value)) == scoring.half_up(value, 2)  # the PDFs' points: same rounding, no zeros


def test_signed_imps():
    assert [scoring.signed(v) for v in (3.45, -1, 0, -0.04)] == ["+3.5", "-1.0", "0.0", "0.0"]
