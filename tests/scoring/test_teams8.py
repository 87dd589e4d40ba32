"""Teams of eight (scoring/teams8.py): two matches' IMPs added, then VPs, checked against hand-computed figures."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import InvalidScore
from scoring.teams8 import eight_match, in_first_match, knockout_open, split_boards
from scoring.vpscales import scale_victory_points

# Match 1: board 1 home N-S +420 in room 1, home E-W -420 in room 2 (N-S scored -420): net 840 = 13 IMPs;
#          board 2 110 v 140: net -30 = -1 IMP.  Home 13, away 1.
# Match 2: board 1 -100 v -50: net -50 = -2 IMPs; board 2 620 v 600: net 20 = 1 IMP.  Home 1, away 2.
FIRST = ([420, 110], [-420, 140])
SECOND = ([-100, 620], [-50, 600])


def test_hand_computed_aggregate() -> None:
    score = eight_match(FIRST, SECOND, boards=2)
    assert score.first.board_imps == (13, -1)
    assert (score.first.imps_home, score.first.imps_away) == (13, 1)
    assert score.second.board_imps == (-2, 1)
    assert (score.second.imps_home, score.second.imps_away) == (1, 2)
    assert (score.imps_home, score.imps_away, score.net) == (14, 3, 11)
    assert score.complete


def test_vps_on_the_scale_for_both_matches_boards() -> None:
    # WBF continuous, 4 deals compared: X = 15 * sqrt(4) = 30; VP = 10 + 10 * (1 - t ** (3 * 11 / X)) / (1 - t ** 3),
    # t = (sqrt 5 - 1) / 2: t ** 1.1 = 0.5890, (1 - 0.5890) / 0.7639 = 0.538, so 15.38 (and 4.62: 20 in all).
    score = eight_match(FIRST, SECOND, boards=2)
    t = (math.sqrt(5) - 1) / 2
    by_hand = 10 + 10 * (1 - t ** (33 / 30)) / (1 - t**3)
    assert score.vp_home is not None and score.vp_away is not None
    assert abs(score.vp_home - by_hand) < 0.01 and score.vp_home == 15.38
    assert round(score.vp_home + score.vp_away, 2) == 20
    assert (score.vp_home, score.vp_away) == scale_victory_points("wbf_continuous", 11, 4)


def test_discrete_scale_and_club_table_left_to_caller() -> None:
    # whole VPs: 15.38 on the curve is in the 15-VP band (9-11 IMPs for 4 deals)
    assert eight_match(FIRST, SECOND, boards=2, vp_scale="wbf_discrete").vp_home == 15
    none = eight_match(FIRST, SECOND, boards=2, vp_scale=None)
    assert none.complete and none.vp_home is None and none.net == 11


def test_a_win_in_one_match_can_be_undone_by_the_other() -> None:
    # Net 500 is 11 IMPs (500-590): match 1 home +11, match 2 home -11, the pairing drawn.
    score = eight_match(([500], [0]), ([0], [500]), boards=1)
    assert (score.first.net, score.second.net, score.net) == (11, -11, 0)
    assert score.vp_home == score.vp_away == 10


def test_incomplete_until_both_matches_are_in() -> None:
    score = eight_match(FIRST, ([-100], [-50]), boards=2)
    assert not score.complete and score.vp_home is None
    assert score.net == 12 - 2


def test_split_boards_numbers_match_two_after_match_one() -> None:
    stored = {1: (420, -420), 2: (110, 140), 3: (-100, -50), 4: (620, 600)}
    assert split_boards(stored, 2) == (FIRST, SECOND)
    assert split_boards({4: (1, 2)}, 2) == (([], []), ([1], [2]))
    with pytest.raises(InvalidScore):
        split_boards({5: (0, 0)}, 2)
    with pytest.raises(InvalidScore):
        eight_match(FIRST, SECOND, boards=0)


scores = st.lists(st.integers(-7600, 7600).map(lambda v: v // 10 * 10), min_size=3, max_size=3)


@given(scores, scores, scores, scores)
def test_aggregate_is_the_sum_and_vps_share_twenty(a: list[int], b: list[int], c: list[int], d: list[int]) -> None:
    score = eight_match((a, b), (c, d), boards=3)
    assert score.net == score.first.net + score.second.net
    assert score.vp_home is not None and score.vp_away is not None
    assert round(score.vp_home + score.vp_away, 2) == 20
    swapped = eight_match((c, d), (a, b), boards=3)
    assert swapped.vp_home == score.vp_home  # the order of the two matches does not matter


def test_a_knockout_tie_takes_extra_boards_in_both_matches() -> None:
    """Two 2-board matches tied 1-1 on aggregate (IMPs by board: 0, -1 | +1, 0): extra board 1 is numbers 5 (match
    1) and 6 (match 2); it counts once both have played it, and a further one opens only while still level."""
    imps = {1: 0, 2: -1, 3: 1, 4: 0}
    assert knockout_open(imps, 2) == 6
    assert knockout_open(imps | {5: 1}, 2) == 6  # match 2 has not played it yet
    assert knockout_open(imps | {5: 1, 6: -1}, 2) == 8  # level again: extra board 2 (numbers 7 and 8)
    assert knockout_open(imps | {5: 1, 6: -2}, 2) == 6  # decided
    assert knockout_open({1: 3, 2: 0, 3: -1}, 2) == 4  # match 2 still playing
    assert [in_first_match(n, 2) for n in range(1, 9)] == [True, True, False, False, True, False, True, False]
    stored = {1: (420, 420), 2: (110, 140), 3: (140, 110), 4: (-50, -50), 5: (620, 600), 6: (600, 650)}
    first, second = split_boards(stored, 2, extra=1)
    assert first == ([420, 110, 620], [420, 140, 600]) and second == ([140, -50, 600], [110, -50, 650])
    score = eight_match(first, second, boards=2)
    assert (score.first.imps_home, score.first.imps_away, score.second.imps_home, score.second.imps_away) == (
        1, 1, 1, 2
    )  # fmt: skip
    assert score.complete and (score.imps_home, score.imps_away) == (2, 3)
    assert not eight_match(*split_boards({k: stored[k] for k in range(1, 6)}, 2, extra=1), boards=2).complete
    with pytest.raises(InvalidScore, match="boards 1 to 4, not 5"):
        split_boards(stored, 2)  # no extra boards outside a knockout
