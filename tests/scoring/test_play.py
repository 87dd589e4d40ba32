"""The play card by card: the leader on declarer's left, suit followed, no card twice, each trick to the highest
trump or card of the suit led, and the tricks counted whole (13 in all) with or without a claim."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.boards import SEATS
from scoring.hands import hands_of_deal
from scoring.play import InvalidPlay, check_cards, check_play, trick_winner

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _random_play(deal: str, declarer: str, trumps: str | None, rng: random.Random) -> tuple[list[str], int]:
    """A legal play chosen at random, with the tricks declarer's side takes counted by hand."""
    hands = {seat: list(cards) for seat, cards in hands_of_deal(deal).items()}
    leader, cards, won = SEATS[(SEATS.index(declarer) + 1) % 4], [], 0
    for _trick in range(13):
        trick: list[str] = []
        for offset in range(4):
            seat = SEATS[(SEATS.index(leader) + offset) % 4]
            same = [c for c in hands[seat] if trick and c[0] == trick[0][0]]
            card = rng.choice(same or hands[seat])
            hands[seat].remove(card)
            trick.append(card)
        order = "AKQJT98765432"
        led = trick[0][0]
        best = max(
            range(4),
            key=lambda i: (trick[i][0] == trumps, trick[i][0] == led, -order.index(trick[i][1])),
        )
        leader = SEATS[(SEATS.index(leader) + best) % 4]
        won += SEATS.index(leader) % 2 == SEATS.index(declarer) % 2
        cards += trick
    return cards, won


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), strain=st.sampled_from("CDHSN"), declarer=st.sampled_from(SEATS))
def test_random_legal_plays_of_a_random_deal_give_13_tricks_split_correctly(seed, strain, declarer):
    rng = random.Random(seed)
    pack = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    rng.shuffle(pack)
    deal = "N:" + " ".join(
        ".".join("".join(c[1] for c in pack[13 * h : 13 * h + 13] if c[0] == s) for s in "SHDC") for h in range(4)
    )
    trumps = None if strain == "N" else strain
    cards, won = _random_play(deal, declarer, trumps, rng)
    play = check_play(deal, "1" + ("NT" if strain == "N" else strain), declarer, " ".join(cards))
    assert len(play.tricks) == 13 and play.claim is None
    assert play.declarer_tricks == won
    defenders = sum(1 for t in play.tricks if SEATS.index(t.winner) % 2 != SEATS.index(declarer) % 2)
    assert play.declarer_tricks + defenders == 13
    # a claim after any whole trick counts the tricks won so far plus the claim
    cut = 4 * rng.randint(0, 13)
    claimed = check_play(deal, "3NT" if strain == "N" else "3" + strain, declarer, " ".join([*cards[:cut], "=0"]))
    assert claimed.declarer_tricks == sum(
        1 for t in claimed.tricks if SEATS.index(t.winner) % 2 == SEATS.index(declarer) % 2
    )


def test_trumps_win_over_the_suit_led_and_a_discard_never_wins():
    assert trick_winner("E", ["HA", "S2", "HK", "D3"], "S") == "S"
    assert trick_winner("E", ["H2", "SA", "H5", "DA"], None) == "W"
    assert trick_winner("N", ["C2", "C3", "CA", "CK"], "H") == "S"


def test_the_leader_is_on_declarers_left_and_the_winner_leads_next():
    play = check_play(DEAL, "4S", "N", "ST S6 S2 SA HA HJ H8 H2 =11")
    assert [t.leader for t in play.tricks] == ["E", "N"]
    assert [t.winner for t in play.tricks] == ["N", "N"]
    assert play.declarer_tricks == 13 and play.text() == "ST S6 S2 SA HA HJ H8 H2 =11"
    assert play.tricks[0].seat_card("W") == "S2"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("SA", "East does not hold the SA"),
        ("ST H2", "South does not hold the H2"),
        ("ST H8", "South must follow suit"),
        ("ST S6 S2 SA H5", "North does not hold the H5"),
        ("ST S6 S2 SA HA HJ H8 D2", "West must follow suit"),
        ("ST S6 S2 ST", "the ST has been played already"),
        ("ST S6 S2 SA =13", "only 12 are left"),
        ("ST S6 S2 =10", "The last trick has 3 cards"),
        ("ST S6 S2 SA", "has not ended"),
        ("ST SZ", "Card 2:"),
        ("ST =x", "A claim is the number"),
    ],
)
def test_illegal_plays_are_refused_with_the_card(typed, message):
    with pytest.raises(InvalidPlay, match=message):
        check_play(DEAL, "4S", "N", typed)


def test_without_the_deal_only_cards_played_twice_are_refused():
    play = check_play("", "3NT", "S", "HA H2 H3 H4 =8")
    assert play.tricks[0].leader == "W" and play.tricks[0].winner == "W" and play.declarer_tricks == 8
    with pytest.raises(InvalidPlay, match="played already"):
        check_play("", "3NT", "S", "HA H2 H3 HA")
    with pytest.raises(InvalidPlay, match="passed-out"):
        check_play(DEAL, "PASS", "", "")


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("ST H8", "South must follow suit"),
        ("ST S6 S2 SA HA HJ H8 D2", "West must follow suit"),
        ("ST S6 S2 ST", "the ST has been played already"),
        ("SA", "East does not hold the SA"),
        ("ST =3", "not card by card"),
    ],
)
def test_the_cards_so_far_are_checked_by_the_same_rules_as_the_whole_play(typed, message):
    with pytest.raises(InvalidPlay, match=message):
        check_cards(DEAL, "4S", "N", typed)
    with pytest.raises(InvalidPlay):
        check_play(DEAL, "4S", "N", typed)


def test_an_unfinished_play_that_keeps_the_rules_is_taken_card_by_card():
    assert check_cards(DEAL, "4S", "N", "") == 0
    assert check_cards(DEAL, "4S", "N", "ST S6 S2") == 3
    assert check_cards(DEAL, "4S", "N", "ST S6 S2 SA HA") == 5
    assert check_cards("", "3NT", "S", "HA D2") == 2  # without the deal a discard cannot be judged
