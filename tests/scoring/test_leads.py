"""The opening lead against the deal: a card the player on declarer's left holds, or refused with the reason."""

import pytest

from scoring import InvalidLead, check_lead, leader_of
from scoring.leads import parse_card

DEAL = "N:AKQT.J98.765.432 J98.AKQT.432.765 765.432.AKQT.J98 432.765.J98.AKQT"  # N, E, S, W


def test_the_leader_sits_on_declarers_left():
    assert [leader_of(d) for d in "NESW"] == ["E", "S", "W", "N"]


@pytest.mark.parametrize(("typed", "card"), [("sk", "SK"), ("H10", "HT"), ("♥10", "HT"), (" d2 ", "D2"), ("CT", "CT")])
def test_cards_are_read_as_typed(typed, card):
    assert parse_card(typed) == card


@pytest.mark.parametrize("typed", ["ZZ", "S1", "SKQ", "K", "10H", "S11"])
def test_what_is_not_a_card_is_refused(typed):
    with pytest.raises(InvalidLead, match="is not a card"):
        parse_card(typed)


def test_a_card_in_the_leaders_hand_is_kept():
    assert check_lead(DEAL, "N", "HA") == "HA"  # East holds AKQT of hearts
    assert check_lead(DEAL, "W", "ST") == "ST"  # North leads against West
    assert check_lead("E:J98.AKQT.432.765 765.432.AKQT.J98 432.765.J98.AKQT AKQT.J98.765.432", "N", "h10") == "HT"


def test_a_card_the_leader_does_not_hold_is_refused_with_the_reason():
    with pytest.raises(InvalidLead) as caught:
        check_lead(DEAL, "N", "SA")  # the ace of spades is North's: East leads
    assert str(caught.value) == (
        "The ace of spades is not in East's hand: East, on declarer's left, makes the opening lead. "
        "Check the lead (or the declarer)."
    )


def test_without_a_deal_or_a_lead_only_the_card_is_checked():
    assert check_lead("", "N", "SA") == "SA"
    assert check_lead(DEAL, "N", "") == ""
    assert check_lead(DEAL, "", "SA") == "SA"  # a passed-out board has no declarer
