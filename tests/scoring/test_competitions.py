"""Season competitions (scoring/competitions.py): hand-computed examples of each rule, and its properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.competitions import Rules, Score, carried, session_points, standings
from scoring.errors import ScoringError


def s(player: str, pct: float, rank: int = 1, field: int = 10) -> Score:
    return Score(player, pct, rank, field)


# Four sessions; Ann plays all four, Bob three, Cat two.
SEASON = [
    [s("ann", 55.0, 2, 8), s("bob", 60.0, 1, 8), s("cat", 40.0, 8, 8)],
    [s("ann", 45.0, 5, 6), s("bob", 50.0, 3, 6)],
    [s("ann", 62.5, 1, 10), s("cat", 58.0, 2, 10)],
    [s("ann", 50.0, 4, 8), s("bob", 52.0, 3, 8)],
]


def by_player(rows):
    return {r.player: r for r in rows}


def test_best_three_of_four_by_hand():
    rows = standings(SEASON, Rules("best", counting=3))
    got = by_player(rows)
    # ann: best three of 55, 45, 62.5, 50 -> 62.5 + 55 + 50 = 167.5, the 45 dropped
    assert got["ann"].total == 167.5
    assert got["ann"].counted == (True, False, True, True)
    # bob: 60 + 50 + 52 = 162 (three played, all count); cat: 40 + 58 = 98
    assert got["bob"].total == 162.0
    assert got["cat"].total == 98.0
    assert [(r.player, r.place) for r in rows] == [("ann", "1"), ("bob", "2"), ("cat", "3")]
    assert got["ann"].average == pytest.approx(167.5 / 3)
    assert got["cat"].scores == (40.0, None, 58.0, None) and got["cat"].played == 2


def test_every_session_counts_with_zero():
    got = by_player(standings(SEASON, Rules("best", counting=0)))
    assert got["ann"].total == 212.5  # 55 + 45 + 62.5 + 50


def test_ladder_by_hand():
    rows = standings(SEASON, Rules("ladder"))
    got = by_player(rows)
    # ann: 8-2+1=7, 6-5+1=2, 10-1+1=10, 8-4+1=5 -> 24; bob: 8 + 4 + 6 = 18; cat: 1 + 9 = 10
    assert (got["ann"].total, got["bob"].total, got["cat"].total) == (24.0, 18.0, 10.0)
    best_two = by_player(standings(SEASON, Rules("ladder", counting=2)))
    assert best_two["ann"].total == 17.0 and best_two["bob"].total == 14.0  # 10 + 7; 8 + 6


def test_championship_with_carry_over_by_hand():
    qualifying = standings(SEASON, Rules("best", counting=3))
    carry = carried(qualifying, 20)  # ann 33.5, bob 32.4, cat 19.6
    assert carry == {"ann": 33.5, "bob": 32.4, "cat": 19.6}
    final = [[s("ann", 48.0), s("bob", 52.0)], [s("ann", 51.0), s("bob", 49.5), s("dan", 70.0)]]
    rows = standings(final, Rules("championship", carry=carry))
    got = by_player(rows)
    assert got["ann"].total == 132.5  # 33.5 + 48 + 51
    assert got["bob"].total == 133.9  # 32.4 + 52 + 49.5
    assert got["cat"].total == 19.6 and got["cat"].played == 0  # carried, did not play the final
    assert got["dan"].total == 70.0 and got["dan"].carry == 0.0
    assert [r.player for r in rows] == ["bob", "ann", "dan", "cat"]


def test_carry_over_only_in_a_championship():
    got = by_player(standings(SEASON[:1], Rules("best", carry={"zed": 99.0})))
    assert "zed" not in got


def test_ties_share_the_place():
    rows = standings([[s("a", 55.0), s("b", 55.0), s("c", 40.0)]], Rules())
    assert [r.place for r in rows] == ["1=", "1=", "3"]


def test_ladder_tied_ranks_share_points():
    assert session_points("ladder", s("a", 50.0, 2, 9)) == 8.0


@pytest.mark.parametrize(
    "sessions, rules",
    [
        ([[s("a", 101.0)]], Rules()),
        ([[s("a", 50.0, 11, 10)]], Rules()),
        ([[s("a", 50.0), s("a", 52.0)]], Rules()),
        ([[s("a", 50.0)]], Rules(counting=-1)),
        ([[s("a", 50.0)]], Rules(kind="swiss")),  # type: ignore[arg-type]
    ],
)
def test_bad_input_is_a_clear_error(sessions, rules):
    with pytest.raises(ScoringError):
        standings(sessions, rules)


def test_carry_percent_checked():
    with pytest.raises(ScoringError):
        carried([], 120)


pct = st.floats(min_value=0, max_value=100, allow_nan=False).map(lambda x: round(x, 2))
season = st.lists(st.dictionaries(st.sampled_from(["a", "b", "c", "d", "e"]), pct, min_size=1), min_size=1, max_size=8)


@given(season, st.integers(min_value=0, max_value=8))
def test_best_of_total_is_the_sum_of_the_best_n(raw, counting):
    sessions = [[s(p, v) for p, v in day.items()] for day in raw]
    for row in standings(sessions, Rules("best", counting=counting)):
        mine = sorted((day[row.player] for day in raw if row.player in day), reverse=True)
        kept = mine if counting == 0 else mine[:counting]
        assert row.total == pytest.approx(round(sum(kept), 2))
        assert sum(row.counted) == len(kept)


@given(season)
def test_counting_fewer_never_raises_a_total_and_order_is_by_total(raw):
    sessions = [[s(p, v) for p, v in day.items()] for day in raw]
    every = by_player(standings(sessions, Rules("best")))
    rows = standings(sessions, Rules("best", counting=2))
    for row in rows:
        assert row.total <= every[row.player].total + 1e-9
    assert [r.total for r in rows] == sorted((r.total for r in rows), reverse=True)
