"""The hands typed at the table: 13 cards a hand, 52 in all, no card twice, each refusal naming the hand."""

import pytest

from scoring.dealing import deal_board
from scoring.hands import InvalidHands, deal_from_cards, hands_of_deal
from scoring.leads import check_lead

SEED = "0123456789abcdef0123456789abcdef"


def test_a_dealt_board_typed_back_card_by_card_is_the_same_deal():
    deal = deal_board(SEED, 5)
    cards = hands_of_deal(deal)
    assert sorted(len(c) for c in cards.values()) == [13, 13, 13, 13]
    shuffled = {seat: list(reversed(c)) for seat, c in cards.items()}  # typed in any order
    assert deal_from_cards(shuffled) == deal


def test_cards_as_players_type_them_are_read():
    cards = hands_of_deal(deal_board(SEED, 1))
    typed = {seat: [c[0].lower() + ("10" if c[1] == "T" else c[1]) for c in hand] for seat, hand in cards.items()}
    assert deal_from_cards(typed) == deal_board(SEED, 1)


def test_a_hand_with_twelve_cards_is_named():
    cards = hands_of_deal(deal_board(SEED, 2))
    cards["E"] = cards["E"][:12]
    with pytest.raises(InvalidHands, match="East's hand has 12 cards; a hand has 13") as exc:
        deal_from_cards(cards)
    assert exc.value.seat == "E"


def test_a_card_in_two_hands_is_named():
    cards = hands_of_deal(deal_board(SEED, 3))
    cards["S"] = [*cards["S"][:12], cards["N"][0]]
    with pytest.raises(InvalidHands, match=f"South holds the {cards['N'][0]}, which is in North's hand too"):
        deal_from_cards(cards)


def test_not_a_card_and_not_a_seat():
    cards = hands_of_deal(deal_board(SEED, 4))
    cards["W"] = [*cards["W"][:12], "Z9"]
    with pytest.raises(InvalidHands, match="West: 'Z9' is not a card"):
        deal_from_cards(cards)
    with pytest.raises(InvalidHands, match="'X' is not a seat"):
        deal_from_cards({"X": []})


def test_the_stored_deal_checks_leads():
    deal = deal_from_cards(hands_of_deal(deal_board(SEED, 6)))
    east = hands_of_deal(deal)["E"][0]
    assert check_lead(deal, "N", east) == east
    assert hands_of_deal("") == {} and hands_of_deal("N:AK") == {}
