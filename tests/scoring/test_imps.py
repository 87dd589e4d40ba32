"""IMP scale, team matches, Butler datum, cross-IMPs and the WBF victory-point scale."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    Artificial,
    InvalidScore,
    Weighted,
    butler_datum,
    cross_imps,
    imps,
    match_totals,
    score_board_imps,
    team_board_imps,
    victory_point_scale,
    victory_points,
)

# The laws' table: each range of point differences and its IMPs.
LAWS_IMP_TABLE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
    (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
    (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18),
    (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23), (4000, 7600, 24),
]  # fmt: skip


@pytest.mark.parametrize(("low", "high", "expected"), LAWS_IMP_TABLE)
def test_imp_scale_from_the_laws(low: int, high: int, expected: int) -> None:
    for difference in range(low, high + 1, 10):
        assert imps(difference) == expected
        assert imps(-difference) == -expected


@given(st.integers(-8000, 8000))
def test_imps_are_antisymmetric_and_bounded(difference: int) -> None:
    assert imps(-difference) == -imps(difference)
    assert -24 <= imps(difference) <= 24


@given(st.integers(0, 8000), st.integers(0, 500))
def test_imps_never_fall_as_the_difference_grows(difference: int, more: int) -> None:
    assert imps(difference + more) >= imps(difference)


def test_team_match() -> None:
    # Home team N-S at table 1 scored 620 and -100; at table 2 its E-W pair conceded 170 and scored -300.
    board_imps = team_board_imps([620, -100, 420], [170, -300, 420])
    assert board_imps == [10, 5, 0]
    assert match_totals([10, -5, 0, 3]) == (13, 5)
    with pytest.raises(InvalidScore):
        team_board_imps([1, 2], [1])


@pytest.mark.parametrize(
    ("scores", "rounding", "datum"),
    [
        ([1430, 420, 420, 450, -50], "half_away", 430),  # drops 1430 and -50: mean 430
        ([420, 420, 450, -50, 170], "half_away", 340),  # mean of 420, 420, 170 = 336.7
        ([420, 430], "half_away", 430),  # too few to drop; 425 rounds away from zero
        ([-420, -430], "half_away", -430),
        ([420, 430], "half_even", 420),
        ([-420, -430], "half_up", -420),
        ([-420, -430], "toward_zero", -420),
        ([100, 415, 420, 425, 2000], "half_away", 420),
        ([50], "half_away", 50),
    ],
)
def test_butler_datum(scores: list[int], rounding: str, datum: int) -> None:
    assert butler_datum(scores, rounding=rounding) == datum


def test_butler_datum_errors() -> None:
    with pytest.raises(InvalidScore):
        butler_datum([])
    with pytest.raises(InvalidScore, match="rounding"):
        butler_datum([1, 2, 3], rounding="banker")


def test_cross_imps() -> None:
    # 420 against 420 (0), 450 (-1), -50 (470: +10), divided by 3; -50 loses 10, 10 and 11 (500).
    assert cross_imps([420, 420, 450, -50]) == pytest.approx([3, 3, 13 / 3, -31 / 3])
    assert cross_imps([100]) == [0.0]
    assert cross_imps([]) == []


@given(st.lists(st.sampled_from([-500, -100, -50, 110, 140, 420, 450, 620, 1430]), min_size=2, max_size=20))
def test_cross_imps_sum_to_zero(scores: list[int]) -> None:
    assert sum(cross_imps(scores)) == pytest.approx(0, abs=1e-9)


def test_score_board_imps_butler_with_adjusted_and_weighted_scores() -> None:
    lines = [420, 420, 450, -50, 170, Artificial(60, 40), Weighted(((0.5, 420), (0.5, -50))), None]
    rated = score_board_imps(lines)
    assert {x.datum for x in rated} == {340}
    assert [x.ns for x in rated] == pytest.approx([2, 2, 3, -9, -5, 3, (2 - 9) / 2, None])
    assert [x.ew for x in rated[:5]] == pytest.approx([-2, -2, -3, 9, 5])
    assert (rated[5].ew, rated[7].ew) == (pytest.approx(-3), None)
    given_imps = score_board_imps([420, 450, Artificial(50, 50, ns_imps=2, ew_imps=-1)])
    assert (given_imps[2].ns, given_imps[2].ew) == (2, -1)


def test_score_board_imps_cross_matches_cross_imps() -> None:
    scores = [420, 420, 450, -50, 170]
    rated = score_board_imps(scores, method="cross")
    assert [x.ns for x in rated] == pytest.approx(cross_imps(scores))
    assert all(x.datum is None for x in rated)
    with pytest.raises(InvalidScore):
        score_board_imps(scores, method="swiss")  # type: ignore[arg-type]


def _raw_vp(margin: int, boards: int) -> float:
    tau = (math.sqrt(5) - 1) / 2
    blitz = 15 * math.sqrt(boards)
    if margin >= blitz:
        return 20.0
    return 10 + 10 * (1 - tau ** (3 * margin / blitz)) / (1 - tau**3)


@pytest.mark.parametrize("boards", range(1, 65))
def test_vp_scale_follows_the_formula_and_each_imp_is_worth_no_more_than_the_last(boards: int) -> None:
    scale = victory_point_scale(boards)
    assert scale[0] == 10.0 and scale[-1] == 20.0
    assert len(scale) == math.ceil(15 * math.sqrt(boards)) + 1
    # Rounding moves a value by at most 0.005; the corrections are small for matches of usual length and
    # grow for very long matches, where the increments are only a few hundredths each.
    limit = 0.01 if boards <= 16 else 0.03
    for margin, vp in enumerate(scale):
        assert abs(vp - _raw_vp(margin, boards)) <= limit
    steps = [round((b - a) * 100) for a, b in itertools.pairwise(scale)]
    assert all(s >= 0 for s in steps)
    assert all(later <= earlier for earlier, later in itertools.pairwise(steps))


@pytest.mark.parametrize(
    ("margin", "boards", "expected"),
    [
        (0, 16, (10.0, 10.0)),
        (1, 16, (10.31, 9.69)),
        (-1, 16, (9.69, 10.31)),
        (60, 16, (20.0, 0.0)),
        (200, 16, (20.0, 0.0)),
        (-200, 16, (0.0, 20.0)),
    ],
)
def test_victory_points(margin: float, boards: int, expected: tuple[float, float]) -> None:
    assert victory_points(margin, boards) == expected


@given(st.floats(-100, 100), st.integers(1, 64))
def test_victory_points_add_up_to_twenty_and_are_symmetric(margin: float, boards: int) -> None:
    ours, theirs = victory_points(margin, boards)
    assert ours + theirs == pytest.approx(20)
    assert victory_points(-margin, boards) == (theirs, ours)
    assert 0 <= ours <= 20


def test_fractional_margins_interpolate() -> None:
    low, _ = victory_points(2, 16)
    high, _ = victory_points(3, 16)
    assert low <= victory_points(2.5, 16)[0] <= high
