"""The club rating's worked examples (docs/ratings.md) and the properties the method promises."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import ScoringError
from scoring.ratings import DECAY, PRIOR_BOARDS, PairResult, Rating, performance, rate_session, updated


def test_a_newcomer_pair_scoring_60_percent_over_24_boards_rates_55_30():
    """Worked example 1: the 50% prior weighs 24 boards, faded by 0.995 per board: 24 x 0.995^24 = 21.280."""
    after = updated(Rating(), 60.0, 24)
    assert after.weight == pytest.approx(24 * DECAY**24 + 24) == pytest.approx(45.2797, abs=1e-4)
    assert after.rating == pytest.approx((50 * 24 * DECAY**24 + 60 * 24) / after.weight)
    assert round(after.rating, 2) == 55.30


def test_the_first_evening_of_a_new_club_moves_winners_up_and_losers_down_alike():
    rated = {r.player: r for r in rate_session({}, [PairResult(("a", "b"), 60, 24), PairResult(("c", "d"), 40, 24)])}
    assert [round(rated[p].after.rating, 2) for p in "abcd"] == [55.30, 55.30, 44.70, 44.70]
    assert rated["a"].performance == 60 and rated["c"].performance == 40


def test_worked_example_2_partner_and_field_corrections():
    """Ann (56) and Bob (44) score 50% against Cat (54) and a guest (50).

    Ann and Bob's opponents average (54 + 50) / 2 = 52: their 50% is worth 52 against an average field; as a pair
    they were expected to score (56 + 44) / 2 = 50, so each is credited the excess 2: Ann 58, Bob 46. Cat's pair
    was expected 52, met a field of 50 and scored 50: Cat's performance is 54 - 2 = 52. The guest is not rated."""
    before = {"ann": Rating(56, 100), "bob": Rating(44, 100), "cat": Rating(54, 100)}
    field = [PairResult(("ann", "bob"), 50, 24), PairResult(("cat", None), 50, 24)]
    rated = {r.player: r for r in rate_session(before, field)}
    assert set(rated) == {"ann", "bob", "cat"}
    assert (rated["ann"].performance, rated["bob"].performance, rated["cat"].performance) == (58, 46, 52)
    assert round(rated["ann"].after.rating, 2) == 56.43
    assert before["ann"] == Rating(56, 100)  # the caller's ratings are not changed


def test_recent_sessions_weigh_more_than_old_ones():
    early_high = updated(updated(Rating(), 65, 24), 45, 24)
    early_low = updated(updated(Rating(), 45, 24), 65, 24)
    assert early_low.rating > early_high.rating


@given(
    st.floats(min_value=20, max_value=80),
    st.floats(min_value=20, max_value=80),
    st.floats(min_value=20, max_value=80),
    st.integers(min_value=1, max_value=60),
)
def test_a_pair_scoring_what_it_was_expected_to_keeps_its_ratings(own, partner, opponents, boards):
    expected = (own + partner) / 2 - (opponents - 50)
    if not 0 <= expected <= 100:
        return
    perf = performance(expected, own, partner, opponents)
    assert perf == pytest.approx(own)
    assert updated(Rating(own, PRIOR_BOARDS), perf, boards).rating == pytest.approx(own)


@given(st.lists(st.floats(min_value=0, max_value=100), min_size=1, max_size=12))
def test_a_rating_is_a_weighted_mean_so_it_stays_within_the_performances_and_50(performances):
    state = Rating()
    for perf in performances:
        state = updated(state, perf, 24)
    assert min(50, *performances) - 1e-9 <= state.rating <= max(50, *performances) + 1e-9


@pytest.mark.parametrize(("pct", "boards"), [(101, 24), (-1, 24), (float("nan"), 24), (50, 0)])
def test_impossible_inputs_are_refused_with_a_message(pct, boards):
    with pytest.raises(ScoringError, match=r"percentage|board"):
        rate_session({}, [PairResult(("a", "b"), pct, boards), PairResult(("c", "d"), 50, 24)])
