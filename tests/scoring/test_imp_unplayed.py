"""IMP pairs with an unplayed line's IMPs counted as 0 and the board factored by lines over results (issue #26's
rule for RealBridge, scoring/imp_unplayed.py): the worked example of docs/interchange.md, and properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scoring
from scoring.errors import InvalidScore
from scoring.imp_unplayed import unplayed_zero_factor, unplayed_zero_imps

SCORES = st.sampled_from([-1430, -800, -200, -100, -50, 0, 50, 110, 140, 170, 400, 420, 450, 620, 1430])


def test_the_worked_example_cross_imps() -> None:
    rated = unplayed_zero_imps([420, 170, -50, None], expected=4, method="cross")
    assert [x.ns for x in rated] == pytest.approx([16 / 3 * 4 / 3, 0, -16 / 3 * 4 / 3, 0])
    assert round(rated[0].ns or 0, 2) == 7.11
    assert [x.ew for x in rated] == pytest.approx([-64 / 9, 0, 64 / 9, 0])
    plain = scoring.score_board_imps([420, 170, -50], method="cross")
    assert [x.ns for x in plain] == pytest.approx([8, 0, -8])


def test_butler_is_factored_by_lines_over_results() -> None:
    rated = unplayed_zero_imps([420, 170, -50], expected=4, method="butler")
    assert rated[0].datum == 170
    assert [x.ns for x in rated] == pytest.approx([8, 0, -8])  # 6, 0, -6 IMPs x 4/3


def test_a_line_not_played_counts_zero_and_an_artificial_score_keeps_its_imps() -> None:
    rated = unplayed_zero_imps([420, -50, scoring.NOT_PLAYED, (60, 40)], expected=4, method="cross")
    assert (rated[2].ns, rated[2].ew) == (0.0, 0.0)
    assert (rated[3].ns, rated[3].ew) == pytest.approx((3.0, -3.0))
    # two results of four lines: 10 IMPs over 3 comparisons, x 4/2
    assert rated[0].ns == pytest.approx(10 / 3 * 2)


@pytest.mark.parametrize(
    ("lines", "results", "method", "factor"),
    [(4, 4, "cross", 1.0), (4, 3, "cross", 8 / 9), (4, 3, "butler", 4 / 3), (4, 1, "cross", 0.0), (4, 0, "butler", 1.0),
     (3, 5, "cross", 1.0)],
)  # fmt: skip
def test_the_factor(lines: int, results: int, method: str, factor: float) -> None:
    assert unplayed_zero_factor(lines=lines, results=results, method=method) == pytest.approx(factor)


def test_bad_arguments_are_its_own_error() -> None:
    with pytest.raises(InvalidScore):
        unplayed_zero_factor(lines=4, results=2, method="bam")
    with pytest.raises(InvalidScore):
        unplayed_zero_factor(lines=-1, results=2, method="cross")


@given(st.lists(SCORES, min_size=1, max_size=9), st.sampled_from(["butler", "cross"]))
def test_with_every_line_played_it_is_plain_imps(scores: list[int], method: str) -> None:
    ours = unplayed_zero_imps(scores, expected=len(scores), method=method)  # type: ignore[arg-type]
    plain = scoring.score_board_imps(scores, method=method)  # type: ignore[arg-type]
    assert [x.ns for x in ours] == pytest.approx([x.ns for x in plain])


@given(st.lists(SCORES, min_size=1, max_size=9), st.integers(0, 6), st.sampled_from(["butler", "cross"]))
def test_each_result_is_its_plain_imps_times_one_factor(scores: list[int], missing: int, method: str) -> None:
    lines = [*scores, *([None] * missing)]
    ours = unplayed_zero_imps(lines, expected=len(lines), method=method)  # type: ignore[arg-type]
    plain = scoring.score_board_imps(scores, method=method)  # type: ignore[arg-type]
    factor = unplayed_zero_factor(lines=len(lines), results=len(scores), method=method)
    assert [x.ns for x in ours[: len(scores)]] == pytest.approx([(x.ns or 0) * factor for x in plain])
    assert all((x.ns, x.ew) == (0.0, 0.0) for x in ours[len(scores) :])
    if method == "cross":  # cross-IMPs still cancel out over the board
        assert sum(x.ns or 0 for x in ours) == pytest.approx(0, abs=1e-9)
