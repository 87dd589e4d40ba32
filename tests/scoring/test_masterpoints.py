"""Master points: the formula's and the table's worked examples (docs/ratings.md), ties shared."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import ScoringError
from scoring.masterpoints import Formula, award_places, formula_awards, parse_table, table_awards


def test_the_default_formula_in_a_field_of_ten_pays_four_places():
    """6 per pair: the winner earns 60; the top third of 10 (rounded up) is 4 places, falling by 60/4."""
    assert formula_awards(Formula(), 10) == [60, 45, 30, 15]


@pytest.mark.parametrize(
    ("size", "awards"), [(1, [6]), (3, [18]), (4, [24, 12]), (17, [102, 85, 68, 51, 34, 17]), (0, [])]
)
def test_the_default_formula_by_field_size(size, awards):
    assert formula_awards(Formula(), size) == awards


def test_the_cap_limits_the_winner_and_the_steps_follow():
    assert formula_awards(Formula(per_entry=10, share=0.5, cap=50), 8) == [50, 38, 25, 12]


def test_the_directors_table_uses_the_line_of_the_largest_size_not_above_the_field():
    table = parse_table("1: 6 4 2\n10: 12 8 6 4\n\n")
    assert table == {1: (6, 4, 2), 10: (12, 8, 6, 4)}
    assert table_awards(table, 9) == [6, 4, 2]
    assert table_awards(table, 12) == [12, 8, 6, 4]
    assert table_awards(parse_table("4: 10 5"), 3) == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("10 12 8", "Line 1 should read"),
        ("1: 6\n1: 4", "Line 2: field size 1"),
        ("a: 1", "Line 1"),
        ("1: " + "1" * 3000 + "x", "Line 1"),  # refused at once, not after exponential backtracking
        ("1: 6\n" * 1000, "at most 4000"),
    ],
)
def test_a_bad_table_is_refused_naming_the_line(text, message):
    with pytest.raises(ScoringError, match=message):
        parse_table(text)


def test_tied_pairs_share_the_places_they_cover_rounded_up():
    # 2= and 2= share 2nd and 3rd: (45 + 30) / 2 = 37.5 -> 38 each
    assert award_places([60, 45, 30, 15], [1, 2, 2, 4, 5]) == [60, 38, 38, 15, 0]
    assert award_places([60, 45], [1, 1, 1]) == [35, 35, 35]


@given(st.integers(min_value=1, max_value=80), st.integers(min_value=0, max_value=20))
def test_awards_never_rise_with_a_worse_place(size, per_entry):
    awards = formula_awards(Formula(per_entry=per_entry), size)
    assert awards == sorted(awards, reverse=True)
    assert all(a >= 1 for a in awards)
