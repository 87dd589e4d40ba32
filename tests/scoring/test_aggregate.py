"""Total-point (aggregate) scoring of pairs and teams, as the references describe it (scoring.aggregate)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.aggregate import aggregate_match, board_nets, line_points, pair_total, pair_totals
from scoring.errors import InvalidScore


def test_pair_total_adds_its_own_scores_and_skips_unplayed_boards() -> None:
    assert pair_total([420, -50, None, 110]) == 480
    assert pair_total([]) == 0


def test_team_net_is_the_two_tables_added() -> None:
    # Home N-S makes 4S (420) in room 1; in room 2 home sits E-W and the away N-S stop in 2S (170): net +250.
    assert board_nets([420, -100], [170, 200]) == [250, -300]


def test_match_aggregate_credits_each_side_its_own_net() -> None:
    match = aggregate_match([420, -100, 50], [170, 200, 50])
    assert match.nets == (250, -300, 0)
    assert (match.home, match.away) == (-50, 50)


def test_unequal_tables_are_refused() -> None:
    with pytest.raises(InvalidScore):
        aggregate_match([420], [])


@given(st.lists(st.tuples(st.integers(-7600, 7600), st.integers(-7600, 7600)), max_size=32))
def test_a_match_always_balances(rows: list[tuple[int, int]]) -> None:
    match = aggregate_match([a for a, _ in rows], [b for _, b in rows])
    assert match.home + match.away == 0
    assert match.home == sum(a for a, _ in rows) - sum(b for _, b in rows)


def test_a_lines_points_are_north_souths_score_and_its_negative() -> None:
    assert line_points(420) == (420, -420)
    assert line_points(-50) == (-50, 50)
    assert line_points(0) == (0, 0)
    assert line_points(None) == (None, None)


def test_pair_totals_add_each_pairs_own_scores() -> None:
    # The worked example of docs/interchange.md: board 1, 1 v 3 +420 and 2 v 4 -50; board 2, 1 v 4 and 3 v 2 +400.
    lines = [(1, 3, 420), (2, 4, -50), (1, 4, 400), (3, 2, 400), (5, 6, None)]
    assert pair_totals(lines) == {1: 820, 2: -450, 3: -20, 4: -350}


LINES = st.tuples(st.integers(1, 8), st.integers(1, 8), st.integers(-7600, 7600) | st.none()).filter(
    lambda line: line[0] != line[1]  # a pair does not play itself
)


@given(st.lists(LINES, max_size=40))
def test_pair_totals_balance_and_agree_with_each_pairs_own_total(lines: list[tuple[int, int, int | None]]) -> None:
    totals = pair_totals(lines)
    assert sum(totals.values()) == 0  # every point N-S scores, E-W loses
    for pair, total in totals.items():
        own = [s if ns == pair else -s for ns, ew, s in lines if s is not None and pair in (ns, ew)]
        assert total == pair_total(own)
    assert set(totals) == {p for ns, ew, s in lines if s is not None for p in (ns, ew)}
