"""Total-point (aggregate) scoring of pairs and teams, as the references describe it (scoring.aggregate)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.aggregate import aggregate_match, board_nets, pair_total
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
