"""The auction typed on the bidding box: each bid higher, doubles and redoubles of the opponents only, the end by
three passes, and the contract and declarer it gives (the first of the side to name the strain)."""

import pytest

from scoring.bidding import InvalidAuction, check_auction


def test_the_contract_and_the_first_of_the_side_to_name_the_strain_declares():
    auction = check_auction("N", "1H P 1S! P 2S P 4S X P P XX P P P")
    assert (auction.contract, auction.declarer) == ("4SXX", "S")  # South named spades first
    assert auction.alerts == frozenset({2}) and auction.text() == "1H P 1S! P 2S P 4S X P P XX P P P"


def test_dealer_east_and_no_trump_written_either_way():
    auction = check_auction("E", "1n p 3NT pass p P")
    assert auction.calls == ("1NT", "P", "3NT", "P", "P", "P")
    assert (auction.contract, auction.declarer) == ("3NT", "E")


def test_passed_out():
    auction = check_auction("W", "P P P P")
    assert (auction.contract, auction.declarer) == ("PASS", "")


@pytest.mark.parametrize(
    ("dealer", "typed", "message"),
    [
        ("N", "1S 1H", "East's 1H is not higher than 1S"),
        ("N", "1S P X", "South may double only the opponents' last bid"),
        ("N", "X", "North may double only"),
        ("N", "1S X X", "South may double only"),
        ("N", "1S XX", "East may redouble only the opponents' double"),
        ("N", "1S P P", "has not ended"),
        ("N", "1S P P P 2S", "Call 5 comes after the auction has ended"),
        ("N", "P P P P P", "Call 5 comes after"),
        ("N", "1Z P P P", "Call 1, '1Z', is not a call"),
        ("N", "8C P P P", "is not a call"),
    ],
)
def test_a_call_against_the_rules_is_named(dealer, typed, message):
    with pytest.raises(InvalidAuction, match=message):
        check_auction(dealer, typed)
