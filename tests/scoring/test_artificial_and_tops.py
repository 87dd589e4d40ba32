"""Two conventions other programs follow (issue #26), as pure rules: a board with an artificial score rated among
its real results only (BriAn, BBO), and a pair's percentage over the sum of the tops of the boards it played."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import Artificial, InvalidScore, percentage_over_tops, score_board


def test_worked_example_artificial_score_in_the_field_and_among_the_real_results() -> None:
    lines = [420, 420, -50, Artificial(60, 40)]
    field = score_board(lines)
    assert field[0].top == 6.0  # four results, the artificial one counted
    assert field[0].ns == pytest.approx(13 / 3)  # 3 of 4 among three real results, Neuberg to four: 4.33
    assert (field[3].ns, field[3].ew) == pytest.approx((3.6, 2.4))
    real = score_board(lines, artificial="among_real")
    assert [(x.ns, x.ew, x.top) for x in real] == [
        (3.0, 1.0, 4.0),
        (3.0, 1.0, 4.0),
        (0.0, 4.0, 4.0),
        pytest.approx((2.4, 1.6, 4.0)),
    ]


def test_without_an_artificial_score_both_give_the_same_figures() -> None:
    lines = [420, 400, -50, 100, None]
    assert score_board(lines) == score_board(lines, artificial="among_real")


def test_an_unknown_rating_of_artificial_scores_is_refused() -> None:
    with pytest.raises(InvalidScore):
        score_board([420, 400], artificial="nowhere")  # type: ignore[arg-type]


@given(st.lists(st.integers(-2000, 2000).map(lambda x: x // 10 * 10), min_size=1, max_size=8))
def test_among_real_the_real_results_share_their_own_top_and_no_neuberg(scores: list[int]) -> None:
    rated = score_board([*scores, Artificial(60, 40)], artificial="among_real")
    top = 2.0 * (len(scores) - 1)
    for line in rated[:-1]:
        assert line.top == top and line.ns is not None and line.ew is not None
        assert line.ns + line.ew == pytest.approx(top)
    assert rated[:-1] == score_board(scores)
    assert (rated[-1].ns, rated[-1].ew) == pytest.approx((0.6 * top, 0.4 * top))


def test_worked_example_percentage_over_the_sum_of_tops() -> None:
    # 3 of a top of 6 and 4 of a top of 4: 7 of 10 is 70%, where the average of 50% and 100% is 75%.
    assert percentage_over_tops([(3, 6), (4, 4)]) == pytest.approx(70.0)
    assert percentage_over_tops([(3, 6), (4, 4)], penalty=1) == pytest.approx(60.0)
    with pytest.raises(InvalidScore):
        percentage_over_tops([(0, 0)])
