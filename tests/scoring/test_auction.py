"""Auction bridge scoring from the table in the laws."""

from __future__ import annotations

import pytest

from scoring import AuctionScore, AuctionScorepad, InvalidResult, auction_honors, auction_score


@pytest.mark.parametrize(
    ("contract", "tricks", "expected"),
    [
        ("1NT", 7, AuctionScore(True, 10, 0, 0)),
        ("2H", 9, AuctionScore(True, 24, 0, 0)),  # every odd trick counts toward game: 3 x 8
        ("1S", 10, AuctionScore(True, 36, 0, 0)),  # 4 x 9: a game (30) from a one-bid
        ("3C", 9, AuctionScore(True, 18, 0, 0)),
        ("2D", 8, AuctionScore(True, 14, 0, 0)),
        ("2DX", 9, AuctionScore(True, 42, 100, 0)),  # doubled: 3 x 14, 50 + 50 for the overtrick
        ("2DXX", 8, AuctionScore(True, 56, 100, 0)),  # redoubled: 2 x 28, 100 bonus
        ("2DXX", 9, AuctionScore(True, 84, 200, 0)),
        ("4S", 8, AuctionScore(False, 0, 0, 100)),  # two down: 50 each
        ("4SX", 8, AuctionScore(False, 0, 0, 200)),
        ("4SXX", 8, AuctionScore(False, 0, 0, 400)),
        ("3NT", 12, AuctionScore(True, 60, 50, 0)),  # small slam whatever the contract
        ("1C", 13, AuctionScore(True, 42, 100, 0)),  # grand slam
        ("7S", 1, AuctionScore(False, 0, 0, 12 * 50 + 50)),  # defenders take twelve tricks
        ("PASS", 0, AuctionScore(False, 0, 0, 0)),
    ],
)
def test_auction_score(contract: str, tricks: int, expected: AuctionScore) -> None:
    assert auction_score(contract, tricks) == expected


@pytest.mark.parametrize(
    ("honors", "in_one_hand", "notrump", "points"),
    [
        (3, 0, False, 30),
        (4, 2, False, 40),
        (5, 3, False, 50),
        (4, 4, False, 80),
        (5, 4, False, 90),
        (5, 5, False, 100),
        (4, 4, True, 100),
        (3, 2, True, 30),
        (4, 2, True, 40),
    ],
)
def test_auction_honors(honors: int, in_one_hand: int, notrump: bool, points: int) -> None:
    assert auction_honors(honors, in_one_hand=in_one_hand, notrump=notrump) == points


def test_auction_honors_errors() -> None:
    with pytest.raises(InvalidResult):
        auction_honors(2)
    with pytest.raises(InvalidResult):
        auction_honors(5, notrump=True)


def test_auction_rubber() -> None:
    pad = AuctionScorepad()
    pad.record("1S", "N", 10)  # 4 odd tricks at 9: 36, a game
    assert pad.games == {"NS": 1, "EW": 0}
    pad.record("2H", "E", 8, honors_side="NS", honor_points=40)  # 16 toward game; N-S held 4 honors
    pad.record("PASS", None, None)
    pad.record("3NT", "S", 6)  # 3 down: 150 to E-W
    pad.record("2NT", "N", 9)  # 30: game and rubber
    assert pad.finished
    assert pad.below == {"NS": 36 + 30, "EW": 16}
    assert pad.above == {"NS": 40 + 250, "EW": 150}
    assert pad.totals() == {"NS": 356, "EW": 166}
    with pytest.raises(InvalidResult):
        pad.record("1C", "N", 7)


def test_auction_rubber_input_errors() -> None:
    pad = AuctionScorepad()
    with pytest.raises(InvalidResult):
        pad.record("1C", "N", 7, honor_points=30)
    with pytest.raises(InvalidResult):
        pad.record("1C", "N", 7, honors_side="NS", honor_points=35)
    with pytest.raises(InvalidResult):
        pad.record("1C", None, 7)
