"""Independent review: values worked out by hand from the laws, not from running the code.

Current edition: the 2017 Laws of Duplicate Bridge (Law 77). 1963 edition: the scoring table printed in the
reference laws (contract-bridge-laws.txt, "Contract Bridge Scoring Table").
"""

from __future__ import annotations

import pytest

from scoring import (
    ChicagoScorepad,
    RubberScorepad,
    Weighted,
    back_score,
    butler_datum,
    chicago_vulnerability,
    contract_score,
    cross_imps,
    imps,
    matchpoints,
    neuberg,
    progressive_deal_score,
    progressive_vulnerability,
    score_board,
    victory_point_scale,
    victory_points,
)

# Doubled / redoubled undertricks, 1..7 down, from the defenders' side (declarer scores the negative).
CURRENT_DOWN = {
    # (doubled, vulnerable): points for 1..7 down
    (0, False): [50, 100, 150, 200, 250, 300, 350],
    (0, True): [100, 200, 300, 400, 500, 600, 700],
    (1, False): [100, 300, 500, 800, 1100, 1400, 1700],
    (1, True): [200, 500, 800, 1100, 1400, 1700, 2000],
    (2, False): [200, 600, 1000, 1600, 2200, 2800, 3400],
    (2, True): [400, 1000, 1600, 2200, 2800, 3400, 4000],
}
# 1963 table: not vulnerable doubled 100 then 200 each; vulnerable 200 then 300 each; redoubled twice that.
OLD_DOWN = {
    (0, False): [50, 100, 150, 200, 250, 300, 350],
    (0, True): [100, 200, 300, 400, 500, 600, 700],
    (1, False): [100, 300, 500, 700, 900, 1100, 1300],
    (1, True): [200, 500, 800, 1100, 1400, 1700, 2000],
    (2, False): [200, 600, 1000, 1400, 1800, 2200, 2600],
    (2, True): [400, 1000, 1600, 2200, 2800, 3400, 4000],
}


@pytest.mark.parametrize(("edition", "table"), [("current", CURRENT_DOWN), ("1963", OLD_DOWN)])
@pytest.mark.parametrize("doubled", [0, 1, 2])
@pytest.mark.parametrize("vulnerable", [False, True])
@pytest.mark.parametrize("down", range(1, 8))
def test_undertricks(
    edition: str, table: dict[tuple[int, bool], list[int]], doubled: int, vulnerable: bool, down: int
) -> None:
    penalty = table[(doubled, vulnerable)][down - 1]
    assert contract_score("7NT" + "X" * doubled, 13 - down, vulnerable, edition=edition) == -penalty
    # The same penalty whatever the level and strain.
    assert contract_score("4H" + "X" * doubled, 10 - down, vulnerable, edition=edition) == -penalty
    assert contract_score("1C" + "X" * doubled, 7 - down, vulnerable, edition=edition) == -penalty


# Made contracts: (contract, tricks, vulnerable, current, 1963). The editions differ only in the redoubled insult
# (current 100, 1963 50).
MADE = [
    ("4S", 10, False, 420, 420),  # 120 + 300
    ("4S", 10, True, 620, 620),  # 120 + 500
    ("3NT", 9, False, 400, 400),  # 100 + 300
    ("3NT", 10, True, 630, 630),  # 100 + 30 + 500
    ("1NT", 7, False, 90, 90),  # 40 + 50 part-score
    ("1NT", 9, False, 150, 150),  # 40 + 60 + 50
    ("2C", 9, False, 110, 110),  # 40 + 20 + 50
    ("5D", 11, True, 600, 600),  # 100 + 500
    ("6H", 12, False, 980, 980),  # 180 + 300 + 500
    ("6H", 12, True, 1430, 1430),  # 180 + 500 + 750
    ("7NT", 13, False, 1520, 1520),  # 220 + 300 + 1000
    ("7NT", 13, True, 2220, 2220),  # 220 + 500 + 1500
    ("1CX", 7, False, 140, 140),  # 40 + 50 part + 50 insult
    ("1CX", 7, True, 140, 140),
    ("1CX", 8, True, 340, 340),  # + 200 doubled overtrick vulnerable
    ("2SX", 8, False, 470, 470),  # 120 is game: 120 + 300 + 50
    ("2SX", 8, True, 670, 670),  # 120 + 500 + 50
    ("3NTX", 10, True, 950, 950),  # 200 + 500 + 50 + 200
    ("5CX", 12, True, 950, 950),  # 200 + 500 + 50 + 200
    ("1NTXX", 7, False, 560, 510),  # 160 + 300 + 100 (1963: 50)
    ("1NTXX", 7, True, 760, 710),  # 160 + 500 + 100
    ("1NTXX", 8, False, 760, 710),  # + 200 redoubled overtrick not vulnerable
    ("1NTXX", 8, True, 1160, 1110),  # + 400 vulnerable
    ("2DXX", 8, False, 560, 510),  # 160 is game
    ("1CXX", 7, False, 230, 180),  # 80 part-score + 50 + 100 (1963: 50)
    ("4HXX", 10, False, 880, 830),  # 480 + 300 + 100
    ("4HXX", 10, True, 1080, 1030),  # 480 + 500 + 100
    ("6SXX", 13, True, 2470, 2420),  # 720 + 500 + 750 + 100 + 400
    ("7NTXX", 13, True, 2980, 2930),  # 880 + 500 + 1500 + 100
    ("7NTX", 13, False, 1790, 1790),  # 440 + 300 + 1000 + 50
]


@pytest.mark.parametrize(("contract", "tricks", "vulnerable", "current", "old"), MADE)
def test_made_contracts(contract: str, tricks: int, vulnerable: bool, current: int, old: int) -> None:
    assert contract_score(contract, tricks, vulnerable) == current
    assert contract_score(contract, tricks, vulnerable, edition="current") == current
    assert contract_score(contract, tricks, vulnerable, edition="1963") == old


# --- Rubber bridge: the laws' illustration, back score, unfinished rubber, honors ----------------------------


def test_the_laws_illustration_deal_by_deal() -> None:
    pad = RubberScorepad()
    deals = [
        # (contract, declarer, tricks, honors side, honor points, We (NS) gain, They (EW) gain)
        ("2H", "N", 9, None, 0, 90, 0),  # (a) 60 below + 30 above
        ("2C", "S", 10, "NS", 100, 180, 0),  # (b) 40 below + 40 overtricks + 100 honors; game
        ("4HX", "N", 9, None, 0, 0, 200),  # (c) vulnerable, doubled, set one
        ("4S", "W", 9, "EW", 100, 50, 100),  # (d) they are set one not vulnerable; their 100 honors
        ("1NT", "S", 7, None, 0, 40, 0),  # (e)
        ("3NT", "E", 9, None, 0, 0, 100),  # (f) their game
        ("2SX", "S", 5, "EW", 100, 0, 900),  # (g) vulnerable doubled three down: 800, and 100 honors
        ("6D", "N", 12, None, 0, 120 + 750 + 500, 0),  # (h) slam and the rubber (three games: 500)
    ]
    for contract, declarer, tricks, side, honors, we, they in deals:
        before = pad.totals()
        pad.record(contract, declarer, tricks, honors=side, honor_points=honors)
        after = pad.totals()
        assert (after["NS"] - before["NS"], after["EW"] - before["EW"]) == (we, they), contract
    assert pad.totals() == {"NS": 1730, "EW": 1300}
    assert pad.net_points() == {"NS": 4, "EW": -4}  # "we win the rubber by 430. This gives us a 4-point rubber"


@pytest.mark.parametrize(
    ("margin", "points"),
    # "An odd 50 points or more count 100, so if a player wins a rubber by 950 he is +10, if ... 940 he is +9."
    [(950, 10), (940, 9), (430, 4), (1050, 11), (1049, 10), (50, 1), (40, 0), (-950, -10), (-940, -9), (-50, -1)],
)
def test_back_score_in_hundreds(margin: int, points: int) -> None:
    assert back_score(margin) == points


def test_unfinished_rubber_one_game_and_lone_part_score() -> None:
    # "Winners of one game score 300 points. If but one side has a part score in an unfinished game, it scores 50."
    pad = RubberScorepad()
    pad.record("3NT", "N", 9)  # N-S game
    pad.record("2D", "E", 8)  # E-W part-score 40 in the unfinished game
    assert pad.end_unfinished() == {"NS": 300, "EW": 50}
    assert pad.totals() == {"NS": 100 + 300, "EW": 40 + 50}


def test_honors_whoever_holds_them() -> None:
    # 100 for four trump honors in one hand, 150 for five or four aces at no-trump, to the holders even as defenders;
    # vulnerability and doubling do not affect them.
    pad = RubberScorepad()
    record = pad.record("4SX", "N", 9, honors="EW", honor_points=150)
    assert record.above == {"NS": 0, "EW": 100 + 150}
    record = pad.record("3NT", "E", 9, honors="NS", honor_points=150)
    assert record.above == {"NS": 150, "EW": 0}


# --- Chicago and progressive ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "dealer", "vulnerability"),
    # First deal: neither. Second and third: dealer's side. Fourth: both.
    [
        (1, "N", "None"),
        (1, "W", "None"),
        (2, "E", "EW"),
        (2, "S", "NS"),
        (3, "S", "NS"),
        (3, "W", "EW"),
        (4, "N", "All"),
    ],
)
def test_chicago_and_progressive_vulnerability(deal: int, dealer: str, vulnerability: str) -> None:
    assert chicago_vulnerability(deal, dealer) == vulnerability
    assert progressive_vulnerability(deal, dealer) == vulnerability


def test_chicago_round_dealer_rotation() -> None:
    pad = ChicagoScorepad(first_dealer="N")
    seen = []
    for contract, declarer, tricks in [("1C", "N", 7), ("1C", "E", 7), ("1C", "S", 7), ("1C", "W", 7)]:
        seen.append((pad.dealer, pad.vulnerability()))
        pad.record(contract, declarer, tricks)
    assert seen == [("N", "None"), ("E", "EW"), ("S", "NS"), ("W", "All")]
    # 20 + 20 part-scores; the 4th-deal part-score gets 100.
    assert pad.totals() == {"NS": 40, "EW": 40 + 100}


@pytest.mark.parametrize(
    ("contract", "declarer", "tricks", "vulnerable", "expected"),
    [
        ("4H", "N", 10, False, (420, 0)),  # 120 + 300 game bid and made in one deal
        ("4H", "N", 10, True, (620, 0)),  # 120 + 500
        ("3H", "N", 10, False, (170, 0)),  # 90 + 30 + 50: game not bid, part-score premium
        ("1NT", "E", 7, False, (0, 90)),  # 40 + 50
        ("5C", "S", 12, False, (420, 0)),  # 100 + 20 + 300: no slam premium unless bid
        ("6C", "S", 12, True, (0 + 120 + 500 + 750, 0)),  # slam bid and made
        ("7NTX", "N", 13, True, (2490, 0)),  # 440 + 500 + 1500 + 50: a slam made is not limited
        ("3NTX", "N", 3, True, (0, 1000)),  # 6 down vulnerable doubled is 1700: limited to 1,000
        ("4SXX", "E", 11, True, (0, 1000)),  # 480 + 500 + 100 + 400 = 1480: limited
        ("PASS", None, None, True, (0, 0)),  # passed out: zero, not redealt
    ],
)
def test_progressive_deal(
    contract: str, declarer: str | None, tricks: int | None, vulnerable: bool, expected: tuple[int, int]
) -> None:
    assert progressive_deal_score(contract, declarer, tricks, vulnerable) == expected


# --- IMPs, Butler, cross-IMPs, victory points -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("difference", "expected"),
    [(0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4), (160, 4), (170, 5),
     (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8), (360, 8), (370, 9), (420, 9), (430, 10),
     (490, 10), (500, 11), (590, 11), (600, 12), (740, 12), (750, 13), (890, 13), (900, 14), (1090, 14),
     (1100, 15), (1290, 15), (1300, 16), (1490, 16), (1500, 17), (1740, 17), (1750, 18), (1990, 18),
     (2000, 19), (2240, 19), (2250, 20), (2490, 20), (2500, 21), (2990, 21), (3000, 22), (3490, 22),
     (3500, 23), (3990, 23), (4000, 24), (7600, 24)],
)  # fmt: skip
def test_imp_scale_boundaries(difference: int, expected: int) -> None:
    assert imps(difference) == expected
    assert imps(-difference) == -expected


@pytest.mark.parametrize(
    ("scores", "datum"),
    [
        ([415], 420),  # halves away from zero
        ([-415], -420),
        ([414], 410),
        ([-414], -410),
        ([416], 420),
        ([405], 410),
        ([-405], -410),
        ([2000, 400, 430, -1000], 420),  # drop 2000 and -1000: mean of 400 and 430 is 415 -> 420
        ([-2000, -400, -430, 1000], -420),
        ([100, 100, 120, 130, 5000], 120),  # drop 5000 and one 100: mean 116.7 -> 120
    ],
)
def test_butler_datum(scores: list[int], datum: int) -> None:
    assert butler_datum(scores) == datum


def test_cross_imps_divide_by_the_number_of_comparisons() -> None:
    # 620 v 170 (+10), v 170 (+10), v -100 (720: +12): 32 / 3. 170 v 620 (-10), v 170 (0), v -100 (270: +7): -3/3.
    assert cross_imps([620, 170, 170, -100]) == pytest.approx([32 / 3, -1, -1, -26 / 3])


def test_matchpoints_both_scales_with_ties() -> None:
    scores = [420, 420, 450, -50, 420, 100]
    # ACBL: 1 per score beaten, 1/2 per tie. 420: beats -50 and 100, ties two: 3. 450: 5. -50: 0. 100: 1.
    assert matchpoints(scores, scale="acbl") == [3, 3, 5, 0, 3, 1]
    assert matchpoints(scores) == [6, 6, 10, 0, 6, 2]  # EBU: 2 and 1
    assert sum(matchpoints(scores)) == len(scores) * (len(scores) - 1)


def test_neuberg_both_scales() -> None:
    # A board played 4 times where 6 results are expected.
    # EBU: (MP + 1) * 6/4 - 1; ACBL: (MP + 1/2) * 6/4 - 1/2.
    assert neuberg(6, actual=4, expected=6) == pytest.approx(9.5)  # top of 4 results becomes top 10 of 6
    assert neuberg(0, actual=4, expected=6) == pytest.approx(0.5)
    assert neuberg(3, actual=4, expected=6, scale="acbl") == pytest.approx(4.75)
    assert neuberg(1.5, actual=4, expected=6, scale="acbl") == pytest.approx(2.5)  # average stays average


def test_weighted_score_converted_before_weighting() -> None:
    # 50% of 4S= (420) and 50% of 4S-1 (-50) against 420, 450, -50, 100 (EBU). 420 part: beats -50, 100, ties 420:
    # 2 + 2 + 1 = 5. -50 part: ties -50: 1. Weighted: 3 out of a top of 8.
    lines = score_board([420, 450, -50, 100, Weighted(((0.5, 420), (0.5, -50)))])
    assert lines[4].ns == pytest.approx(3) and lines[4].ew == pytest.approx(5) and lines[4].top == 8
    # The real 420 ties half of the weighted score and beats the other half: 2 (-50) + 2 (100) + 0.5 + 1 = 5.5.
    assert lines[0].ns == pytest.approx(5.5)


# Official WBF continuous scale (as published by the Danish federation) for 4 and 8 boards: margins 0..blitz.
WBF_4 = (
    "10.00 10.61 11.20 11.76 12.29 12.80 13.28 13.74 14.18 14.60 15.00 15.38 15.74 16.09 16.42 16.73 17.03 17.31 "
    "17.59 17.84 18.09 18.33 18.55 18.76 18.97 19.16 19.34 19.52 19.69 19.85 20.00"
)
WBF_8 = (
    "10.00 10.44 10.86 11.27 11.67 12.05 12.42 12.77 13.12 13.45 13.78 14.09 14.39 14.68 14.96 15.23 15.50 15.75 "
    "16.00 16.23 16.46 16.68 16.90 17.11 17.31 17.50 17.69 17.87 18.04 18.21 18.37 18.53 18.68 18.83 18.97 19.11 "
    "19.24 19.37 19.50 19.62 19.74 19.85 19.95 20.00"
)

# 10 boards: the published values at 27, 29 and 31 IMPs (17.34, 17.68, 18.00) are the rounded formula plus the
# WBF's 0.01 correction that keeps each extra IMP worth no more than the one before.
WBF_10 = (
    "10.00 10.39 10.77 11.14 11.50 11.85 12.18 12.51 12.83 13.14 13.43 13.72 14.00 14.28 14.54 14.80 15.05 15.29 "
    "15.52 15.75 15.97 16.18 16.39 16.59 16.78 16.97 17.16 17.34 17.51 17.68 17.84 18.00 18.15 18.30 18.44 18.58 "
    "18.71 18.84 18.97 19.10 19.22 19.33 19.44 19.55 19.66 19.76 19.86 19.96 20.00"
)


@pytest.mark.parametrize(("boards", "table"), [(4, WBF_4), (8, WBF_8), (10, WBF_10)])
def test_victory_points_match_the_published_scale(boards: int, table: str) -> None:
    published = [float(x) for x in table.split()]
    assert list(victory_point_scale(boards)) == published
    for margin, vp in enumerate(published):
        assert victory_points(margin, boards) == (vp, round(20 - vp, 2))
        assert victory_points(-margin, boards) == (round(20 - vp, 2), vp)
    assert victory_points(len(published) - 1, boards) == (20.0, 0.0)  # the blitz: 15 * sqrt(boards), rounded up
    assert victory_points(500, boards) == (20.0, 0.0)
