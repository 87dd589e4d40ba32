"""Progressive bridge deal scores and vulnerability, from the Laws of Progressive Bridge."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    InvalidResult,
    contract_score,
    progressive_deal_score,
    progressive_vulnerability,
)


@pytest.mark.parametrize(
    ("contract", "declarer", "tricks", "vulnerable", "expected"),
    [
        ("4S", "N", 10, False, (420, 0)),  # game bid and made: 120 + 300
        ("4S", "E", 10, True, (0, 620)),  # vulnerable: 120 + 500
        ("2S", "S", 10, False, (170, 0)),  # no game premium unless game was bid: 60 + 60 + 50
        ("1NT", "W", 7, True, (0, 90)),  # part-score contract: 40 + 50
        ("3NT", "N", 8, True, (0, 100)),
        ("6H", "S", 12, False, (980, 0)),  # slam bid and made
        ("4H", "S", 12, False, (480, 0)),  # twelve tricks in game: no slam premium unless bid
        ("7NTXX", "N", 13, True, (2980, 0)),  # a slam made may score over 1,000
        ("4SX", "E", 5, False, (1000, 0)),  # down 5 doubled is 1100: limited to 1,000
        ("5CXX", "N", 11, True, (0 + 1000, 0)),  # 400 + 500 + 100 = 1000 exactly
        ("4HXX", "N", 11, True, (1000, 0)),  # 480 + 500 + 100 + 400 = 1480: limited
        ("PASS", None, None, False, (0, 0)),  # passed out: zero to both sides
        ("4S", "N", 10, "NS", (620, 0)),
        ("4S", "N", 10, "EW", (420, 0)),
    ],
)
def test_progressive_deal_score(
    contract: str,
    declarer: str | None,
    tricks: int | None,
    vulnerable: bool | str,
    expected: tuple[int, int],
) -> None:
    assert progressive_deal_score(contract, declarer, tricks, vulnerable) == expected


def test_honors_count_for_the_side_that_held_them() -> None:
    assert progressive_deal_score("4S", "N", 9, False, honors_side="NS", honors_points=100) == (100, 50)
    assert progressive_deal_score("3NT", "E", 9, False, honors_side="NS", honors_points=150) == (150, 400)
    with pytest.raises(InvalidResult):
        progressive_deal_score("3NT", "E", 9, False, honors_side="NS", honors_points=100)
    with pytest.raises(InvalidResult):
        progressive_deal_score("4S", "E", 9, False, honors_points=100)


@given(
    st.integers(1, 7),
    st.sampled_from(["C", "D", "H", "S", "NT"]),
    st.sampled_from(["", "X", "XX"]),
    st.integers(0, 13),
    st.booleans(),
    st.sampled_from("NESW"),
)
def test_limits_and_relation_to_duplicate(
    level: int, strain: str, double: str, tricks: int, vulnerable: bool, declarer: str
) -> None:
    contract = f"{level}{strain}{double}"
    ns, ew = progressive_deal_score(contract, declarer, tricks, vulnerable)
    mine, theirs = (ns, ew) if declarer in "NS" else (ew, ns)
    assert min(ns, ew) == 0
    duplicate = contract_score(contract, tricks, vulnerable)
    if duplicate < 0:
        assert (mine, theirs) == (0, min(-duplicate, 1000))
    elif level >= 6:
        assert (mine, theirs) == (duplicate, 0)  # a slam made is never limited
    else:
        # Game premium and part-score premium as in duplicate; only the 1,000 limit differs.
        assert (mine, theirs) == (min(duplicate, 1000), 0)


@pytest.mark.parametrize(
    ("deal", "dealer", "expected"),
    [(1, "N", "None"), (1, "E", "None"), (2, "E", "EW"), (2, "N", "NS"), (3, "S", "NS"), (4, "W", "All")],
)
def test_progressive_vulnerability(deal: int, dealer: str, expected: str) -> None:
    assert progressive_vulnerability(deal, dealer) == expected
