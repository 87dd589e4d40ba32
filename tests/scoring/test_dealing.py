"""Random deals from a secret seed: whole, fair, the same again from the same seed, different otherwise."""

from collections import Counter

import pytest

from scoring.dealing import InvalidSeed, check_seed, deal_board, deal_boards, new_seed

SEED = "00112233445566778899aabbccddeeff"


def cards_of(deal: str) -> list[tuple[str, int, str]]:
    """(seat, suit index, rank) of every card of a PBN deal that starts with North."""
    assert deal.startswith("N:")
    out = []
    for seat, hand in zip("NESW", deal[2:].split(" "), strict=True):
        for suit, holding in enumerate(hand.split(".")):
            out.extend((seat, suit, rank) for rank in holding)
    return out


def test_a_deal_is_the_whole_pack_thirteen_cards_each():
    cards = cards_of(deal_board(SEED, 1))
    assert len(cards) == 52 and len({(suit, rank) for _, suit, rank in cards}) == 52
    assert Counter(seat for seat, _, _ in cards) == {"N": 13, "E": 13, "S": 13, "W": 13}


def test_the_same_seed_deals_the_same_boards_and_another_seed_others():
    assert deal_boards(SEED, [1, 2, 3]) == deal_boards(SEED, [1, 2, 3])
    assert deal_board(SEED, 1) != deal_board(SEED, 2)
    assert deal_board(SEED, 1) != deal_board("f" * 32, 1)
    assert deal_board(SEED.upper(), 1) == deal_board(SEED, 1)  # typed back in capitals, still the seed


def test_a_new_seed_is_128_bits_and_new_each_time():
    seeds = {new_seed() for _ in range(100)}
    assert len(seeds) == 100 and all(check_seed(s) == s and len(s) == 32 for s in seeds)


@pytest.mark.parametrize("seed", ["", "123", "zz112233445566778899aabbccddeeff", SEED + "0"])
def test_a_seed_that_is_not_ours_is_refused_in_words(seed):
    with pytest.raises(InvalidSeed, match="32 hexadecimal digits"):
        deal_board(seed, 1)


def test_every_card_goes_to_every_seat_about_as_often():
    """2,000 boards: each card lands in each hand about 500 times (a biased shuffle would be far off)."""
    where = Counter((seat, suit, rank) for n in range(1, 2001) for seat, suit, rank in cards_of(deal_board(SEED, n)))
    assert len(where) == 52 * 4
    assert min(where.values()) > 400 and max(where.values()) < 600
