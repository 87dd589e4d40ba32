"""The games of the party engine against the laws' own words and numbers (five-hundred-cinch-solo.txt,
whist-and-duplicate-whist.txt, progressive-euchre-and-500.txt): schedules, payments, set-backs, bells."""

from __future__ import annotations

import random

import pytest

from tournaments.parties.games import GAMES, GameError, game
from tournaments.parties.games.base import top_players
from tournaments.parties.games.five_hundred import bid_value
from tournaments.parties.types import PartyError

FOUR = ["a", "b", "c", "d"]


def test_every_game_is_found_by_the_registry_and_speaks_the_protocol():
    assert sorted(GAMES) == ["bridge", "cinch", "euchre", "five-hundred", "pivot", "rubber", "solo", "whist"]
    for code, rules in GAMES.items():
        assert rules.code == code and rules.label and rules.table_sizes and rules.tie_rules
    with pytest.raises(PartyError, match="Unknown game 'bezique'"):
        game("bezique")


# ---- Five hundred: the Avondale schedule, nullo, set-backs, partnership credit ----


@pytest.mark.parametrize(
    ("bid", "value"),
    [("6S", 40), ("6C", 60), ("6D", 80), ("6H", 100), ("6NT", 120), ("7S", 140), ("8D", 280),
     ("9C", 360), ("10H", 500), ("10NT", 520), ("8H", 300), ("NULLO", 250), ("nullo", 250)],
)  # fmt: skip
def test_the_avondale_schedule(bid, value):
    assert bid_value(bid) == value


def test_nullo_ranks_between_eight_spades_and_eight_clubs():
    assert bid_value("8S") < bid_value("NULLO") < bid_value("8C")


def test_no_two_avondale_bids_have_the_same_value():
    values = [bid_value(f"{n}{s}") for n in range(6, 11) for s in ("S", "C", "D", "H", "NT")]
    assert len(set(values)) == len(values)


def test_four_hand_bidder_makes_his_bid_and_each_partner_is_credited_with_the_whole():
    rules = game("five-hundred")
    entry = {"bidder": "a", "bid": "7H", "tricks": {"a": 4, "c": 4, "b": 2}}
    assert rules.score_deals([entry], FOUR) == [{"a": 200, "c": 200, "b": 20, "d": 20}]


def test_bidder_scores_no_more_than_his_bid_unless_all_ten_tricks_on_a_bid_under_250():
    rules = game("five-hundred")
    over = {"bidder": "a", "bid": "6S", "tricks": {"a": 9, "b": 1}}
    assert rules.score_deals([over], FOUR)[0]["a"] == 40
    slam = {"bidder": "a", "bid": "6S", "tricks": {"a": 5, "c": 5}}
    assert rules.score_deals([slam], FOUR)[0] == {"a": 250, "c": 250, "b": 0, "d": 0}
    big = {"bidder": "a", "bid": "10NT", "tricks": {"a": 10}}
    assert rules.score_deals([big], FOUR)[0]["a"] == 520


def test_a_player_100_in_the_hole_scores_out_on_a_no_trump_ten_trick():
    rules = game("five-hundred")
    deals = [
        {"bidder": "a", "bid": "6C", "tricks": {"a": 5, "b": 5}},  # set back 60
        {"bidder": "a", "bid": "6S", "tricks": {"a": 3, "c": 2, "b": 5}},  # set back 40: 100 in the hole
        {"bidder": "a", "bid": "10NT", "tricks": {"a": 10}},
    ]
    total = sum(s["a"] for s in rules.score_deals(deals, FOUR))
    assert total == -100 + 520 >= 400


def test_set_back_the_full_bid_and_opponents_score_ten_a_trick_three_hand():
    rules = game("five-hundred")
    entry = {"bidder": "a", "bid": "8D", "tricks": {"a": 7, "b": 2, "c": 1}}
    assert rules.score_deals([entry], ["a", "b", "c"]) == [{"a": -280, "b": 20, "c": 10}]


def test_nullo_made_lost_and_each_opponent_scores_for_the_bidders_tricks():
    rules = game("five-hundred")
    made = {"bidder": "a", "bid": "NULLO", "tricks": {"b": 6, "c": 4}}
    assert rules.score_deals([made], ["a", "b", "c"]) == [{"a": 250, "b": 0, "c": 0}]
    lost = {"bidder": "a", "bid": "NULLO", "tricks": {"a": 2, "b": 4, "c": 4}}
    assert rules.score_deals([lost], ["a", "b", "c"]) == [{"a": -250, "b": 20, "c": 20}]
    partnership = {"bidder": "a", "bid": "NULLO", "tricks": {"a": 1, "b": 5, "d": 4}}
    assert rules.score_deals([partnership], FOUR) == [{"a": -250, "c": -250, "b": 10, "d": 10}]


def test_five_hand_bidder_names_a_partner_for_the_hand():
    rules = game("five-hundred")
    five = ["a", "b", "c", "d", "e"]
    entry = {"bidder": "a", "bid": "7S", "partners": ["d"], "tricks": {"a": 5, "d": 3, "b": 2}}
    assert rules.score_deals([entry], five) == [{"a": 140, "d": 140, "b": 20, "c": 0, "e": 0}]
    with pytest.raises(GameError, match="one or two partners") as err:
        rules.score_deals([{**entry, "partners": []}], five)
    assert (err.value.deal, err.value.field) == (1, "partners")


def test_six_hand_odd_seats_against_even():
    rules = game("five-hundred")
    six = ["a", "b", "c", "d", "e", "f"]
    assert rules.sides(six) == [("a", "c", "e"), ("b", "d", "f")]
    entry = {"bidder": "b", "bid": "6NT", "tricks": {"b": 3, "f": 3, "a": 4}}
    assert rules.score_deals([entry], six) == [{"b": 120, "d": 120, "f": 120, "a": 40, "c": 40, "e": 40}]


@pytest.mark.parametrize(
    ("entry", "field", "message"),
    [
        ({"bidder": "a", "bid": "5H", "tricks": {"a": 10}}, "bid", "not a bid"),
        ({"bidder": "a", "bid": "7Z", "tricks": {"a": 10}}, "bid", "not a bid"),
        ({"bidder": "z", "bid": "7H", "tricks": {"a": 10}}, "bidder", "among the players"),
        ({"bidder": "a", "bid": "7H", "tricks": {"a": 9}}, "tricks", "add up to 9, not 10"),
        ({"bidder": "a", "bid": "7H", "tricks": {"a": 11}}, "tricks", "0 to 10"),
        ({"bidder": "a", "bid": "7H", "tricks": 7}, "tricks", "tricks each player took"),
    ],
)
def test_five_hundred_entries_are_checked_field_by_field(entry, field, message):
    with pytest.raises(GameError, match=message) as err:
        game("five-hundred").score_deals([{"bidder": "a", "bid": "6S", "tricks": {"a": 10}}, entry], FOUR)
    assert (err.value.deal, err.value.field) == (2, field)


def test_five_hundred_progressions():
    rules = game("five-hundred")
    rng = random.Random(1)
    assert rules.progressors(["a", "b", "c"], {"a": 10, "b": 90, "c": 40}, "cut", rng) == (("b",), "score")
    assert rules.progressors(FOUR, {"a": 10, "c": 10, "b": 90, "d": 90}, "cut", rng) == (("b", "d"), "score")
    five = {"a": 10, "b": 90, "c": 40, "d": 200, "e": -40}
    assert rules.progressors(list(five), five, "cut", rng) == (("d", "b"), "score")
    six = {"a": 5, "b": 9, "c": 5, "d": 9, "e": 5, "f": 9}
    assert rules.progressors(list(six), six, "cut", rng) == (("b", "d", "f"), "score")
    assert rules.round_end(5).deals == 5  # one deal for each player at the table


# ---- Cinch: points, set-back, the bell, the tie rules ----


def test_cinch_bidders_make_their_bid_and_score_all_they_make():
    rules = game("cinch")
    entry = {"bidder": "b", "bid": 7, "made": 9, "against": 5}
    assert rules.score_deals([entry], FOUR) == [{"b": 9, "d": 9, "a": 5, "c": 5}]


def test_cinch_bidders_who_fail_are_set_back_the_bid_and_opponents_score_what_they_make():
    rules = game("cinch")
    entry = {"bidder": "a", "bid": 10, "made": 6, "against": 8}
    assert rules.score_deals([entry], FOUR) == [{"a": -10, "c": -10, "b": 8, "d": 8}]


def test_cinch_fourteen_is_the_most_points_in_a_deal():
    rules = game("cinch")
    with pytest.raises(GameError, match="only 14 points") as err:
        rules.score_deals([{"bidder": "a", "bid": 6, "made": 9, "against": 6}], FOUR)
    assert err.value.field == "against"
    with pytest.raises(GameError, match="between 1 and 14, not 15"):
        rules.score_deals([{"bidder": "a", "bid": 15, "made": 9, "against": 5}], FOUR)


def test_cinch_round_ends_at_the_bell_and_half_games_on_a_tie():
    rules = game("cinch")
    end = rules.round_end(4)
    assert end.bell == 32 and not end.bell_at_head_table_only
    assert set(rules.tie_rules) == {"cut", "half"}
    winners, how = rules.progressors(FOUR, {"a": 20, "c": 20, "b": 20, "d": 20}, "half", random.Random(3))
    assert how == "half" and set(winners) in ({"a", "c"}, {"b", "d"})
    assert rules.tally(FOUR, {}, winners, how) == dict.fromkeys(FOUR, 0.5)
    assert rules.tally(FOUR, {}, ("a", "c"), "cut") == {"a": 1, "c": 1, "b": 0, "d": 0}


# ---- Solo: the payments, doubles, the two pots ----


def test_solo_bidder_over_60_is_paid_by_each_active_opponent_and_takes_the_pot():
    rules = game("solo")
    # Deal 1: "a" deals and takes no cards; "b" plays Club Solo (3 chips a point) and takes 70 points.
    [deal] = rules.score_deals([{"bidder": "b", "bid": "club", "points": 70}], FOUR)
    ante = {"a": -3, "b": -3, "c": -3, "d": -3}  # 1 to the Frog pot and 2 to the Solo pot, each
    # 30 a player paid by c and d; b takes the Solo pot (8), which everyone makes up again (2 each);
    # the round ends with 4 + 8 in the pots: 3 chips back to each.
    assert deal == {
        "a": ante["a"] - 2 + 3,
        "b": ante["b"] + 60 + 8 - 2 + 3,
        "c": ante["c"] - 30 - 2 + 3,
        "d": ante["d"] - 30 - 2 + 3,
    }


def test_solo_bidder_under_60_pays_everyone_the_dealer_too_and_doubles_the_pot():
    rules = game("solo")
    deals = [{"bid": "pass"}, {"bidder": "a", "bid": "frog", "double": 1, "points": 55}]
    scores = rules.score_deals(deals, FOUR)
    # Frog 1 chip a point, doubled: 2 x 5 = 10 to each of b (the dealer), c and d; the Frog pot (4) doubled.
    assert scores[1]["a"] == -30 - 4 + (4 + 8 + 4) // 4
    assert scores[1]["b"] == scores[1]["c"] == scores[1]["d"] == 10 + (4 + 8 + 4) // 4


def test_solo_redouble_is_four_times_and_sixty_is_a_tie():
    rules = game("solo")
    redoubled = rules.score_deals([{"bidder": "c", "bid": "heart", "double": 2, "points": 61}], FOUR)[0]
    assert redoubled["b"] == -3 - 20 - 2 + 3  # 5 chips a point, four times, one point over
    tie = rules.score_deals([{"bidder": "c", "bid": "spade", "points": 60}], FOUR)[0]
    assert tie == dict.fromkeys(FOUR, 0)  # nothing paid; the antes come back at the end of the round


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"bidder": "b", "bid": "grand", "points": 70}, "bid"),
        ({"bidder": "a", "bid": "frog", "points": 70}, "bidder"),  # the dealer holds no cards
        ({"bidder": "b", "bid": "frog", "points": 121}, "points"),
        ({"bidder": "b", "bid": "frog", "double": 3, "points": 70}, "double"),
    ],
)
def test_solo_entries_are_checked(entry, field):
    with pytest.raises(GameError) as err:
        game("solo").score_deals([entry], FOUR)
    assert err.value.field == field


# ---- Whist, euchre, the tie rules ----


def test_whist_drive_counts_every_trick_for_both_partners():
    rules = game("whist")
    assert rules.score_deals([{"tricks": 8}, {"tricks": "5"}], FOUR) == [
        {"a": 8, "c": 8, "b": 5, "d": 5},
        {"a": 5, "c": 5, "b": 8, "d": 8},
    ]
    with pytest.raises(GameError, match="between 0 and 13, not 14"):
        rules.score_deals([{"tricks": 14}], FOUR)
    with pytest.raises(GameError, match="whole number"):
        rules.score_deals([{"tricks": "seven"}], FOUR)


def test_euchre_points_and_the_bell_at_the_head_table():
    rules = game("euchre")
    deals = [{"makers": 0, "tricks": 3}, {"makers": 1, "tricks": 5}, {"makers": 1, "tricks": 5, "alone": True},
             {"makers": 0, "tricks": 2}]  # fmt: skip
    assert rules.score_deals(deals, FOUR) == [
        {"a": 1, "c": 1, "b": 0, "d": 0},
        {"b": 2, "d": 2, "a": 0, "c": 0},
        {"b": 4, "d": 4, "a": 0, "c": 0},
        {"a": 0, "c": 0, "b": 2, "d": 2},  # euchred
    ]
    end = rules.round_end(4)
    assert (end.bell, end.bell_at_head_table_only) == (5, True)
    assert rules.tie_rules[0] == "ask"


def test_ties_by_the_host_rule():
    rules = game("whist")
    level = {"a": 20, "b": 20, "c": 20, "d": 20}
    assert rules.progressors(FOUR, level, "first_seat", random.Random(0)) == (("a", "c"), "first_seat")
    with pytest.raises(PartyError, match="say which side won the tie"):
        rules.progressors(FOUR, level, "ask", random.Random(0))
    cuts = {rules.progressors(FOUR, level, "cut", random.Random(s))[0] for s in range(20)}
    assert cuts == {("a", "c"), ("b", "d")}
    with pytest.raises(PartyError, match="say who progresses"):
        top_players(FOUR, level, 2, "ask", random.Random(0))
