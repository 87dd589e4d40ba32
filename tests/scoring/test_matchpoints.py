"""Match points, Neuberg, adjusted scores, the interchanged-cards rule, percentages and ranking."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    AVERAGE_PLUS_MINUS,
    NOT_PLAYED,
    Artificial,
    InvalidScore,
    Weighted,
    average_minus,
    average_plus,
    board_top,
    matchpoints,
    neuberg,
    percentage,
    procedural_penalty,
    rank_with_ties,
    scale_total,
    score_board,
    total_point_equivalent,
    total_points,
)

SCORES = st.sampled_from([-800, -200, -100, -50, 0, 50, 100, 110, 140, 400, 420, 430, 450, 620, 650, 990, 1430])
BOARD = st.lists(SCORES, min_size=1, max_size=30)


def test_laws_example_nine_tables() -> None:
    # The laws: in a section of 9 tables the highest score beats 8 and gets 8, the next 7, and so on.
    scores = [50, 100, 110, 140, 400, 420, 430, 450, 620]
    assert matchpoints(scores, scale="acbl") == [0, 1, 2, 3, 4, 5, 6, 7, 8]
    assert matchpoints(scores) == [0, 2, 4, 6, 8, 10, 12, 14, 16]


@pytest.mark.parametrize(
    ("scores", "ebu", "acbl"),
    [
        ([420, 420, 450, -50], [3, 3, 6, 0], [1.5, 1.5, 3, 0]),
        ([100], [0], [0]),
        ([], [], []),
        ([-50, -50, -50], [2, 2, 2], [1, 1, 1]),
        ([620, -100, 170, 620, 140], [7, 0, 4, 7, 2], [3.5, 0, 2, 3.5, 1]),
    ],
)
def test_matchpoints_table(scores: list[int], ebu: list[float], acbl: list[float]) -> None:
    assert matchpoints(scores) == ebu
    assert matchpoints(scores, scale="ebu") == ebu
    assert matchpoints(scores, scale="acbl") == acbl


def test_unknown_scale() -> None:
    with pytest.raises(InvalidScore, match="scale"):
        matchpoints([1, 2], scale="wbf")


@given(BOARD)
def test_ebu_match_points_sum_to_n_times_n_minus_one(scores: list[int]) -> None:
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)
    assert sum(matchpoints(scores, scale="acbl")) == n * (n - 1) / 2


@given(BOARD)
def test_north_south_plus_east_west_is_the_top(scores: list[int]) -> None:
    top = board_top(len(scores))
    ns = matchpoints(scores)
    ew = matchpoints([-s for s in scores])
    assert all(a + b == top for a, b in zip(ns, ew, strict=True))
    for line in score_board(scores):
        assert line.ns is not None and line.ew is not None
        assert line.ns + line.ew == line.top == top


@given(BOARD)
def test_score_board_of_plain_scores_equals_matchpoints(scores: list[int]) -> None:
    for scale in ("ebu", "acbl"):
        assert [x.ns for x in score_board(scores, scale=scale)] == matchpoints(scores, scale=scale)


@given(BOARD, st.integers(0, 29))
def test_a_weighted_score_of_one_part_is_that_score(scores: list[int], k: int) -> None:
    k %= len(scores)
    lines: list[object] = list(scores)
    lines[k] = Weighted(((100.0, scores[k]),))
    got = [x.ns for x in score_board(lines)]  # type: ignore[arg-type]
    assert got == pytest.approx(matchpoints(scores))


def test_neuberg_formula() -> None:
    # EBU: (MP + 1) * E / A - 1; a top on a board played 5 times of 6 expected becomes 9.8 of 10.
    assert neuberg(8, actual=5, expected=6) == pytest.approx(9.8)
    assert neuberg(0, actual=5, expected=6) == pytest.approx(0.2)
    assert neuberg(4, actual=5, expected=6, scale="acbl") == pytest.approx((4 + 0.5) * 6 / 5 - 0.5)
    assert neuberg(3.0, actual=4, expected=4) == 3.0
    with pytest.raises(InvalidScore):
        neuberg(1, actual=0, expected=3)


@given(BOARD, st.integers(0, 10))
def test_neuberg_keeps_ns_plus_ew_on_the_bigger_top(scores: list[int], missing: int) -> None:
    expected = len(scores) + missing
    for line in score_board(scores, expected=expected):
        assert line.top == board_top(expected)
        assert line.ns is not None and line.ew is not None
        assert line.ns + line.ew == pytest.approx(line.top)


def test_artificial_scores_take_their_percentage_of_the_top_and_neuberg_the_rest() -> None:
    # Real data (Howell board 26): five results and an average; the five are raised from a top of 8 to 10.
    rated = score_board([200, 230, (50, 50), 650, 170, 300])
    assert [x.ns for x in rated] == pytest.approx([2.6, 5.0, 5.0, 9.8, 0.2, 7.4])
    assert [x.ew for x in rated] == pytest.approx([7.4, 5.0, 5.0, 0.2, 9.8, 2.6])
    assert {x.top for x in rated} == {10.0}


@pytest.mark.parametrize(
    ("adjusted", "ns", "ew"),
    [
        (AVERAGE_PLUS, 6.0, 6.0),
        (AVERAGE, 5.0, 5.0),
        (AVERAGE_MINUS, 4.0, 4.0),
        (AVERAGE_PLUS_MINUS, 6.0, 4.0),
        (Artificial(40, 60), 4.0, 6.0),
        (Artificial(average_plus(63.5), average_minus()), 6.35, 4.0),
        (Artificial(average_plus(52.0), average_minus(35.0)), 6.0, 3.5),
    ],
)
def test_artificial_adjusted_scores(adjusted: Artificial, ns: float, ew: float) -> None:
    rated = score_board([420, 450, 400, adjusted, -50, 170])
    assert rated[3].ns == pytest.approx(ns)
    assert rated[3].ew == pytest.approx(ew)


def test_artificial_percentages_must_be_percentages() -> None:
    with pytest.raises(InvalidScore):
        Artificial(120, 40)


def test_weighted_score_is_converted_before_weighting() -> None:
    # 50% of 4S= (420) and 50% of 4S-1 (-50) against 420, -50 and 450 (EBU top 6).
    # 420 rates 3 (tie 420, beats -50), -50 rates 1 (ties -50): weighted 2.
    rated = score_board([420, Weighted(((50, 420), (50, -50))), -50, 450])
    assert [x.ns for x in rated] == pytest.approx([3.5, 2.0, 0.5, 6.0])
    assert all(x.ns + x.ew == pytest.approx(6.0) for x in rated if x.ns is not None and x.ew is not None)
    assert sum(x.ns for x in rated if x.ns is not None) == pytest.approx(4 * 3)
    # A tuple of (weight, score) pairs is accepted too.
    assert score_board([420, ((0.5, 420), (0.5, -50)), -50, 450]) == rated


def test_weights_must_add_up() -> None:
    with pytest.raises(InvalidScore, match="add up"):
        Weighted(((0.5, 420), (0.4, -50)))
    with pytest.raises(InvalidScore):
        Weighted(())


def test_not_played_lines_are_left_out_and_lower_the_top() -> None:
    rated = score_board([420, NOT_PLAYED, 450, None, -50])
    assert rated[1].ns is None and rated[3].ew is None
    assert [rated[i].ns for i in (0, 2, 4)] == [2.0, 4.0, 0.0]
    assert rated[0].top == 4.0


def test_interchanged_cards_laws_rule() -> None:
    # Two groups played different cards. Within a group: 1 per lower score, 1/2 per tie; 1/2 per pair in the
    # other group (ACBL scale as in the laws).
    scores = [420, 450, 420, -100, -50]
    groups = ["a", "a", "a", "b", "b"]
    rated = score_board(scores, scale="acbl", groups=groups)
    assert [x.ns for x in rated] == [0.5 + 1, 2 + 1, 0.5 + 1, 0 + 1.5, 1 + 1.5]
    assert all(x.ns + x.ew == 4 for x in rated if x.ns is not None and x.ew is not None)
    ebu = score_board(scores, scale="ebu", groups=groups)
    assert [x.ns for x in ebu] == [2 * x.ns for x in rated if x.ns is not None]


def test_interchanged_cards_neuberg_option() -> None:
    rated = score_board([420, 450, -100, -50], groups=[1, 1, 2, 2], interchanged="neuberg")
    # Each group of two is rated on a top of 2 and raised to a top of 6: (MP + 1) * 4 / 2 - 1.
    assert [x.ns for x in rated] == [1.0, 5.0, 1.0, 5.0]


def test_percentages_penalties_and_totals() -> None:
    assert percentage(128.77, 270) == pytest.approx(47.69, abs=0.005)
    with pytest.raises(InvalidScore):
        percentage(10, 0)
    assert procedural_penalty(10) == pytest.approx(1.0)
    assert procedural_penalty(36, fraction=0.25) == 9.0
    assert scale_total(100, played=20, expected=22) == pytest.approx(110)
    assert total_points([420, -50, 100]) == 470
    assert total_point_equivalent(procedural_penalty(12)) == 120


@pytest.mark.parametrize(
    ("totals", "places", "higher"),
    [
        ([60, 55, 55, 40], ["1", "2=", "2=", "4"], True),
        ([1.0, 1.0, 1.0], ["1=", "1=", "1="], True),
        ([3, 1, 2], ["3", "1", "2"], False),
        ([], [], True),
        ([10.1 + 0.2, 10.3, 9], ["1=", "1=", "3"], True),
    ],
)
def test_rank_with_ties(totals: list[float], places: list[str], higher: bool) -> None:
    assert rank_with_ties(totals, higher_is_better=higher) == places
