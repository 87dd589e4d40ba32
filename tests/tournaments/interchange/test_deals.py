"""Deals are checked card by card (13 a hand, no card twice) and stored North first."""

from __future__ import annotations

import pytest

from tournaments.interchange.deals import deal_from_hands, hands_of, parse_deal
from tournaments.interchange.errors import InterchangeError

FULL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_a_full_deal_is_kept_north_first_with_ranks_in_order() -> None:
    assert parse_deal(FULL) == FULL
    rotated = "E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432"
    assert parse_deal(rotated) == FULL
    assert parse_deal("N:JQKA.89T.567.234 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765") == FULL


def test_unknown_hands_stay_unknown() -> None:
    assert parse_deal("N:AKQJ.T98.765.432 - - -") == "N:AKQJ.T98.765.432 - - -"
    assert parse_deal("?") == ""


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        (
            "N:AKQJ2.T98.765.43 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
            "West holds the S2, which is also in North's hand",
        ),
        ("N:AKQJT.T98.765.432 98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "North's hand has 14 cards"),
        ("N:AKQJ.T98.765.43 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "North's hand has 12 cards"),
        ("N:AKQA.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "which is twice in that hand"),
        ("N:AKQX.T98.765.432 - - -", "'X', which is not a card rank"),
        ("N:AKQJ.T98.765 - - -", "needs four suits"),
        ("N:AKQJ.T98.765.432 - -", "four hands"),
        ("Z:AKQJ.T98.765.432 - - -", "is not a PBN deal"),
    ],
)
def test_bad_deals_say_what_is_wrong_and_where(deal: str, message: str) -> None:
    with pytest.raises(InterchangeError) as caught:
        parse_deal(deal, "line 7, Board 3")
    assert message in caught.value.message
    assert caught.value.where == "line 7, Board 3"
    assert str(caught.value).startswith("line 7, Board 3: ")


def test_hands_round_trip_through_holdings() -> None:
    hands = hands_of(FULL)
    assert hands["W"] == ("432", "AKQJ", "T98", "765")
    assert deal_from_hands(hands) == FULL


def test_ranks_are_put_in_order_as_endplay_writes_them() -> None:
    """The deal is rendered without endplay (it loads matplotlib): the same text as endplay's, on random deals."""
    import random

    from endplay.types import Hand

    rng = random.Random(24)
    cards = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]
    for _ in range(200):
        rng.shuffle(cards)
        hands = [cards[i * 13 : (i + 1) * 13] for i in range(4)]
        texts = [".".join("".join(c[1] for c in hand if c[0] == s) for s in "SHDC") for hand in hands]
        expected = "N:" + " ".join(str(Hand(text).to_pbn()) for text in texts)
        assert parse_deal("N:" + " ".join(texts)) == expected
