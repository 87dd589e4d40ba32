"""Pivot rotations, euchre stars, tallies, the laws' cross-check, ranking and prizes."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from tournaments.parties.games.euchre import euchre_ranking, stars_from
from tournaments.parties.games.pivot import cycle_length, pivot_draw, pivot_round
from tournaments.parties.tallies import DealLine, TableResult, award_prizes, laws_check, rank_guests, tallies_from
from tournaments.parties.types import Guest, PartyError, TableSeating


def partnerships(seating: TableSeating) -> list[frozenset[str]]:
    return [frozenset(seating.pair("NS")), frozenset(seating.pair("EW"))]


def test_pivot_four_players_pivot_partners_everyone_once() -> None:
    draw = pivot_draw(["A", "B", "C", "D"], random.Random(2))
    rounds = [pivot_round(draw, r) for r in range(1, 4)]
    pivot = draw[0]
    assert rounds[0].seats == {"N": draw[0], "S": draw[1], "E": draw[2], "W": draw[3]}  # Law 1
    assert all(r.seats["N"] == pivot for r in rounds)
    assert sorted(r.seats["S"] for r in rounds) == sorted(draw[1:])
    pairs = Counter(p for r in rounds for p in partnerships(r))
    assert set(pairs) == {frozenset(p) for p in itertools.combinations(draw, 2)}
    assert set(pairs.values()) == {1}


def test_pivot_five_players_law3_properties() -> None:
    draw = pivot_draw(list("ABCDE"), random.Random(4))
    rounds = [pivot_round(draw, r) for r in range(1, 6)]
    assert rounds[0].seats == {"N": draw[0], "S": draw[1], "E": draw[2], "W": draw[3]}  # Law 1
    assert rounds[0].sitting_out == (draw[4],)
    assert sorted(r.sitting_out[0] for r in rounds) == sorted(draw)  # each sits out once
    partners = Counter(p for r in rounds for p in partnerships(r))
    assert set(partners) == {frozenset(p) for p in itertools.combinations(draw, 2)}
    assert set(partners.values()) == {1}  # each partners each other once
    opponents = Counter(frozenset((a, b)) for r in rounds for a in r.pair("NS") for b in r.pair("EW"))
    assert set(opponents.values()) == {2} and len(opponents) == 10  # and opposes each twice
    for r in rounds:
        assert set(r.seats.values()) | set(r.sitting_out) == set(draw)


def test_pivot_refuses_other_sizes() -> None:
    with pytest.raises(PartyError, match="4 or 5 players"):
        cycle_length(6)
    with pytest.raises(PartyError, match="rounds 1 to 3"):
        pivot_round(list("ABCD"), 4)


def _result(rnd: int, table: int, seats: str, ns: int, ew: int, deals=()) -> TableResult:
    seating = TableSeating(table=table, seats=dict(zip("NESW", seats.split(), strict=True)))
    winner = "NS" if ns >= ew else "EW"
    return TableResult(rnd, seating, ns, ew, winner, tuple(deals))


def _deal(n: int, contract: str, declarer: str, tricks: int, ns: int, ew: int) -> DealLine:
    return DealLine(n, "N", "None", contract, declarer, tricks, None, 0, ns, ew)


GUESTS = [
    Guest("a", "Ann", "lady"),
    Guest("b", "Bob", "gentleman"),
    Guest("c", "Cat", "lady"),
    Guest("d", "Dan", "gentleman"),
    Guest("e", "Eve", "lady"),
    Guest("f", "Fred", "gentleman"),
    Guest("g", "Gail", "lady"),
    Guest("h", "Hal", "gentleman"),
]


def test_tallies_net_check_ranking_and_prizes() -> None:
    slam = _deal(2, "6S", "N", 12, 1480, 0)  # N-S bid and made a slam in round 1, deal 2
    results = [
        _result(1, 1, "b d a c", 1980, 300, [slam]),  # N=b E=d S=a W=c
        _result(1, 2, "f h e g", 450, 870),
        _result(2, 1, "b h c e", 620, 620),
        _result(2, 2, "d f a g", 0, 1100, [_deal(1, "7NT", "W", 13, 0, 1000), _deal(3, "6H", "E", 11, 100, 0)]),
    ]
    tallies = tallies_from(GUESTS, results)
    assert tallies["b"].rounds == [(1, 1, 1980, 300), (2, 1, 620, 620)]
    assert (tallies["b"].my, tallies["b"].opponents, tallies["b"].net) == (2600, 920, 1680)
    assert tallies["d"].net == (300 - 1980) + (0 - 1100)
    my, opp = laws_check(tallies)
    assert my == opp == 2 * (1980 + 300 + 450 + 870 + 620 + 620 + 0 + 1100)
    ranking = rank_guests(GUESTS, tallies)
    # b +1680, g +1520, f +680, a +580, h +420, e -420, c -1680, d -2780 (worked out by hand)
    assert ranking == ["b", "g", "f", "a", "h", "e", "c", "d"]
    assert [tallies[g].net for g in ranking] == [1680, 1520, 680, 580, 420, -420, -1680, -2780]
    prizes = award_prizes(
        ["highest", "second", "booby", "ladies_highest", "gentlemen_highest", "first_slam", "most_slams",
         "highest_round"],
        GUESTS, tallies, results,
    )  # fmt: skip
    by_prize: dict[str, list[str]] = {}
    for code, who in prizes:
        by_prize.setdefault(code, []).append(who)
    assert by_prize["highest"] == ["b"]
    assert by_prize["second"] == ["g"]
    assert by_prize["booby"] == ["d"]
    assert by_prize["ladies_highest"] == ["a"]  # g already has the second prize
    assert by_prize["gentlemen_highest"] == ["f"]
    assert by_prize["first_slam"] == ["b", "a"]  # round 1 deal 2, before round 2's grand slam
    assert sorted(by_prize["most_slams"]) == ["a", "b", "f", "g"]  # 6H went one down: not a slam made
    assert sorted(by_prize["highest_round"]) == ["a", "b"]  # 1,980 in round 1


def test_level_players_share_a_prize() -> None:
    results = [_result(1, 1, "b d a c", 500, 100), _result(1, 2, "f h e g", 500, 100)]
    tallies = tallies_from(GUESTS, results)
    prizes = award_prizes(["highest"], GUESTS, tallies, results)
    assert sorted(w for _p, w in prizes) == ["a", "b", "e", "f"]


def test_unknown_prize_is_refused() -> None:
    with pytest.raises(PartyError, match="Unknown prize"):
        award_prizes(["biggest"], GUESTS, tallies_from(GUESTS, []), [])


def test_euchre_stars_and_ranking() -> None:
    results = [
        _result(1, 1, "b d a c", 5, 3),  # b, a gold
        _result(1, 2, "f h e g", 2, 4),  # h, g red; f, e green (booby table losers)
        _result(2, 1, "b h c g", 5, 4),  # b, c gold
        _result(2, 2, "d f a e", 1, 5),  # f, e red; d, a green
    ]
    stars = stars_from(GUESTS, results, tables=2)
    assert (stars["b"].gold, stars["b"].red, stars["b"].green) == (2, 0, 0)
    assert (stars["a"].gold, stars["a"].green) == (1, 1)
    assert (stars["f"].red, stars["f"].green) == (1, 1)
    ranking = euchre_ranking(GUESTS, stars)
    assert ranking[0] == "b" and ranking[1] == "c" and ranking[2] == "a"  # c and a: 1 gold; a has a green
