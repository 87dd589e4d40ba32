"""Rubber bridge and Chicago scorepads, starting from the laws' illustration of a rubber."""

from __future__ import annotations

import pytest

from scoring import (
    ChicagoScorepad,
    InvalidBoard,
    InvalidResult,
    RubberScorepad,
    back_score,
    chicago_vulnerability,
)


def _laws_rubber(edition: str = "current") -> RubberScorepad:
    # "Illustration of contract bridge scoring", deals (a) to (h); We = N-S, They = E-W.
    pad = RubberScorepad(edition=edition)
    pad.record("2H", "S", 9)  # (a) 60 below, 30 above
    deal_b = pad.record("2C", "N", 10, honors="NS", honor_points=100)  # (b) game, 40 overtricks, 100 honors
    assert deal_b.game_won and pad.vulnerable("NS") and not pad.vulnerable("EW")
    pad.record("4HX", "S", 9)  # (c) doubled, down one vulnerable: they 200
    pad.record("4S", "E", 9, honors="EW", honor_points=100)  # (d) we 50; they 100 honors
    pad.record("1NT", "N", 7)  # (e) 40 below
    deal_f = pad.record("3NT", "W", 9)  # (f) their game; our 40 part-score no longer counts
    assert deal_f.game_won and pad.part_score == {"NS": 0, "EW": 0}
    pad.record("2SX", "N", 5, honors="EW", honor_points=100)  # (g) down 3 doubled vulnerable: 800, 100 honors
    pad.record("6D", "S", 12)  # (h) 120 below, 750 slam, 500 rubber
    return pad


@pytest.mark.parametrize("edition", ["current", "1963"])
def test_the_laws_worked_rubber(edition: str) -> None:
    pad = _laws_rubber(edition)
    assert pad.finished
    assert pad.games == {"NS": 2, "EW": 1}
    assert pad.below == {"NS": 60 + 40 + 40 + 120, "EW": 100}
    assert pad.above == {"NS": 30 + 40 + 100 + 50 + 750 + 500, "EW": 200 + 100 + 800 + 100}
    assert pad.totals() == {"NS": 1730, "EW": 1300}
    assert pad.margin() == 430
    assert pad.net_points() == {"NS": 4, "EW": -4}  # "a 4-point rubber"


def test_no_deals_after_the_rubber() -> None:
    pad = _laws_rubber()
    with pytest.raises(InvalidResult, match="finished"):
        pad.record("1C", "N", 7)


def test_two_game_rubber_is_700() -> None:
    pad = RubberScorepad()
    pad.record("4S", "N", 10)
    record = pad.record("3NT", "S", 9)
    assert pad.finished and record.above["NS"] == 700
    assert pad.totals() == {"NS": 120 + 100 + 700, "EW": 0}


def test_part_scores_add_up_to_game_and_vulnerability_raises_penalties() -> None:
    pad = RubberScorepad()
    pad.record("2S", "E", 8)
    assert pad.part_score["EW"] == 60
    pad.record("1NT", "W", 7)
    assert pad.games["EW"] == 1 and pad.vulnerable("EW")
    record = pad.record("3NTX", "E", 7)  # vulnerable, doubled, down 2
    assert record.above == {"NS": 500, "EW": 0}


@pytest.mark.parametrize(
    ("deals", "premium"),
    [
        ([("4S", "N", 10)], {"NS": 300, "EW": 0}),
        ([("2S", "N", 8)], {"NS": 50, "EW": 0}),
        ([("2S", "N", 8), ("2H", "E", 8)], {"NS": 0, "EW": 0}),
        ([("4S", "N", 10), ("2H", "E", 8)], {"NS": 300, "EW": 50}),
        ([("4S", "N", 10), ("4H", "E", 10)], {"NS": 300, "EW": 300}),
        ([], {"NS": 0, "EW": 0}),
    ],
)
def test_unfinished_rubber(deals: list[tuple[str, str, int]], premium: dict[str, int]) -> None:
    pad = RubberScorepad()
    for contract, declarer, tricks in deals:
        pad.record(contract, declarer, tricks)
    before = pad.totals()
    assert pad.end_unfinished() == premium
    assert pad.finished
    assert pad.totals() == {s: before[s] + premium[s] for s in ("NS", "EW")}  # type: ignore[index]
    with pytest.raises(InvalidResult):
        pad.end_unfinished()


@pytest.mark.parametrize(
    ("margin", "points"), [(950, 10), (940, 9), (430, 4), (450, 5), (49, 0), (50, 1), (-950, -10), (0, 0)]
)
def test_back_score_odd_fifty(margin: int, points: int) -> None:
    assert back_score(margin) == points


def test_honors_must_be_possible() -> None:
    pad = RubberScorepad()
    with pytest.raises(InvalidResult):
        pad.record("3NT", "N", 9, honors="NS", honor_points=100)
    with pytest.raises(InvalidResult):
        pad.record("4S", "N", 10, honors="NS", honor_points=120)
    with pytest.raises(InvalidResult):
        pad.record("4S", "N", 10, honor_points=100)
    record = pad.record("3NT", "N", 9, honors="EW", honor_points=150)
    assert record.above == {"NS": 0, "EW": 150}
    with pytest.raises(InvalidBoard):
        pad.record("1C", "N", 7, honors="XY", honor_points=100)


def test_passed_out_deal_scores_nothing() -> None:
    pad = RubberScorepad()
    pad.record("PASS", None, None)
    assert pad.totals() == {"NS": 0, "EW": 0} and len(pad.deals) == 1


@pytest.mark.parametrize(
    ("deal", "dealer", "expected", "variant"),
    [
        (1, "N", "None", "EW"),
        (2, "E", "EW", "NS"),
        (3, "S", "NS", "EW"),
        (3, "W", "EW", "NS"),
        (4, "W", "All", "All"),
    ],
)
def test_chicago_vulnerability(deal: int, dealer: str, expected: str, variant: str) -> None:
    assert chicago_vulnerability(deal, dealer) == expected
    if deal in (2, 3):
        assert chicago_vulnerability(deal, dealer, dealer_vulnerable=False) == variant
    with pytest.raises(InvalidBoard):
        chicago_vulnerability(5, "N")


def test_chicago_round() -> None:
    pad = ChicagoScorepad(first_dealer="N")
    assert (pad.deal_number, pad.dealer, pad.vulnerability()) == (1, "N", "None")
    first = pad.record("2S", "N", 8)  # part-score 60, carried
    assert first.above == {"NS": 0, "EW": 0} and first.below["NS"] == 60
    pad.record("PASS", None, None)  # redealt by the same dealer: still deal 2
    assert (pad.deal_number, pad.dealer, pad.vulnerability()) == (2, "E", "EW")
    second = pad.record("2H", "E", 8)  # E-W vulnerable, a part-score
    assert second.below["EW"] == 60 and pad.part_score == {"NS": 60, "EW": 60}
    assert (pad.deal_number, pad.dealer, pad.vulnerability()) == (3, "S", "NS")
    third = pad.record("1NT", "S", 7)  # completes N-S's game (60 + 40), vulnerable: 500
    assert third.game_won and third.above["NS"] == 500 and pad.part_score == {"NS": 0, "EW": 0}
    assert (pad.deal_number, pad.vulnerability()) == (4, "All")
    fourth = pad.record("2D", "W", 8)  # part-score on the fourth deal: 100
    assert fourth.above["EW"] == 100
    assert pad.finished
    assert pad.totals() == {"NS": 60 + 40 + 500, "EW": 60 + 40 + 100}
    assert pad.net_points() == {"NS": 4, "EW": -4}


def test_chicago_game_in_one_deal_and_penalties() -> None:
    pad = ChicagoScorepad(first_dealer="W")
    record = pad.record("4S", "N", 11)  # deal 1, not vulnerable: 120 + 30 + 300
    assert record.above["NS"] == 330 and record.below["NS"] == 120
    record = pad.record("3NTX", "E", 7)  # deal 2, dealer N: N-S vulnerable, E-W not: down 2 doubled = 300
    assert record.above["NS"] == 300
