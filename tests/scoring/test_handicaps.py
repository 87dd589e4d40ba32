"""Handicaps and strata: the worked examples of docs/handicaps.md, and the two properties the issue asks for
(a handicap never changes the scratch ranking; a stratum's ranking is the overall ranking filtered)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import ScoringError
from scoring.handicaps import (
    Stratum,
    handicapped,
    handicapped_places,
    pair_handicap,
    parse_strata,
    stratum_of,
    stratum_places,
)
from scoring.matchpoints import rank_with_ties


def test_a_pair_rated_58_scoring_60_has_52_in_full_and_56_in_half():
    assert pair_handicap([60.0, 56.0]) == 8.0
    assert handicapped(60.0, 8.0, 1.0) == 52.0
    assert handicapped(60.0, 8.0, 0.5) == 56.0


def test_a_weak_pair_gains_and_the_handicap_is_rounded_to_one_decimal_halves_away_from_zero():
    assert pair_handicap([44.0, 41.5]) == -7.3  # mean 42.75 -> -7.25 -> -7.3 (halves away from zero)
    assert pair_handicap([44.0, 41.7]) == -7.1
    assert handicapped(45.0, -7.3, 1.0) == pytest.approx(52.3)
    assert pair_handicap([]) == 0.0


def test_the_worked_example_ranking():
    """Three pairs: Strong (58) 60%, Middle (50) 52%, Weak (42) 48%. Scratch: Strong, Middle, Weak. In full:
    Weak 56, Middle 52, Strong 52 (tied 2nd). In half: Strong 56, Weak 52, Middle 52 (2= again)."""
    pct, hcp = [60.0, 52.0, 48.0], [8.0, 0.0, -8.0]
    assert rank_with_ties(pct) == ["1", "2", "3"]
    assert handicapped_places(pct, hcp, 1.0) == ["2=", "2=", "1"]
    assert handicapped_places(pct, hcp, 0.5) == ["1", "2=", "2="]


def test_a_handicap_is_full_or_half_and_every_pair_has_one():
    with pytest.raises(ScoringError, match="full"):
        handicapped(50.0, 2.0, 0.7)
    with pytest.raises(ScoringError, match="Every pair"):
        handicapped_places([50.0], [], 1.0)


percentages = st.lists(st.floats(min_value=0, max_value=100, allow_nan=False), min_size=1, max_size=20)


@given(percentages, st.data(), st.sampled_from([1.0, 0.5]))
def test_a_handicap_never_changes_the_scratch_ranking(pct, data, share):
    handicaps = data.draw(st.lists(st.floats(-30, 30, allow_nan=False), min_size=len(pct), max_size=len(pct)))
    scratch = rank_with_ties(pct)
    handicapped_places(pct, handicaps, share)
    assert rank_with_ties(pct) == scratch
    assert handicapped_places(pct, [0.0] * len(pct), share) == scratch


def test_strata_are_read_from_the_top_with_falling_floors():
    assert parse_strata("A: 55, B: 48, C") == (Stratum("A", 55.0), Stratum("B", 48.0), Stratum("C", None))
    assert parse_strata("a: 500\nb: 100\nc: 0") == (Stratum("A", 500.0), Stratum("B", 100.0), Stratum("C", 0.0))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("A: 55", "at least two"),
        ("A: 55, B: 60, C", "below the one above"),
        ("A, B: 40", "only the last"),
        ("A: 55, A: 40", "named twice"),
        ("A: 55, B: lots", "'B: lots'"),
        ("A: 9, B: 8, C: 7, D: 6, E: 5, F: 4, G", "At most 6"),
    ],
)
def test_a_wrong_strata_line_is_refused_with_what_is_wrong(text, words):
    with pytest.raises(ScoringError, match=words):
        parse_strata(text)


def test_a_pair_goes_to_the_first_stratum_whose_floor_it_reaches():
    strata = parse_strata("A: 55, B: 48, C")
    assert [stratum_of(v, strata) for v in (60, 55, 54.9, 48, 47, 0)] == ["A", "A", "B", "B", "C", "C"]
    floored = parse_strata("A: 55, B: 48")
    assert stratum_of(20, floored) == "B"  # the last stratum takes everyone else, floor or not


def test_each_stratum_is_ranked_on_its_own():
    totals = [62.0, 58.0, 55.0, 55.0, 51.0, 40.0]
    strata = ["A", "B", "A", "B", "B", "A"]
    assert stratum_places(totals, strata) == ["1", "1", "2", "2", "3", "3"]
    assert stratum_places([50.0, 50.0, 45.0], ["C", "C", "C"]) == ["1=", "1=", "3"]


@given(percentages, st.data())
def test_a_stratum_ranking_is_the_overall_ranking_filtered(totals, data):
    strata = data.draw(st.lists(st.sampled_from("ABC"), min_size=len(totals), max_size=len(totals)))
    places = stratum_places(totals, strata)
    for i, total in enumerate(totals):
        better = sum(1 for j, t in enumerate(totals) if strata[j] == strata[i] and t > total + 1e-9)
        tied = sum(1 for j, t in enumerate(totals) if strata[j] == strata[i] and abs(t - total) <= 1e-9)
        assert places[i] == f"{better + 1}{'=' if tied > 1 else ''}"
