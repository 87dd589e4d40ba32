"""The tallies' rules as the 60-table rebuild uses them (issue 24): totals added as rounds are added, each contract
parsed once, the slams searched once for both slam prizes, a shared prize found among those ranked level, and the
ranking passed in by a caller that has it. Same answers as summing and searching afresh."""

from __future__ import annotations

import random

import pytest

from tournaments.parties.tallies import (
    SLAM_TRICKS,
    DealLine,
    TableResult,
    Tally,
    award_prizes,
    rank_guests,
    slam_tricks,
    tallies_from,
)
from tournaments.parties.types import Guest, TableSeating

GUESTS = [Guest(f"g{i}", f"Guest {i}", "lady" if i % 2 else "gentleman") for i in range(1, 17)]


def test_totals_follow_the_rounds_added_or_appended() -> None:
    tally = Tally("a")
    assert (tally.my, tally.opponents, tally.net) == (0, 0, 0)
    tally.add(1, 1, 620, 100)
    tally.add(2, 3, 0.5, 0)
    assert (tally.my, tally.opponents, tally.net) == (620.5, 100, 520.5)
    tally.rounds.append((3, 2, 50, 430))  # appended directly: still counted
    assert (tally.my, tally.opponents, tally.net) == (670.5, 530, 140.5)
    assert tally.rounds == [(1, 1, 620, 100), (2, 3, 0.5, 0), (3, 2, 50, 430)]


def test_slam_tricks_of_each_contract() -> None:
    assert [slam_tricks(c) for c in ("6S", "7NTXX", "6HX", "5C", "3NT", "PASS", "")] == [
        12,
        13,
        12,
        None,
        None,
        None,
        None,
    ]
    assert min(t for t in (slam_tricks("6C"), slam_tricks("7C")) if t is not None) == SLAM_TRICKS


def test_a_slam_made_needs_its_tricks() -> None:
    def line(contract: str, declarer: str | None, tricks: int | None) -> DealLine:
        return DealLine(1, "N", "None", contract, declarer, tricks, None, 0, 0, 0)

    assert line("6S", "N", 12).slam_made_by == "NS"
    assert line("7NT", "W", 13).slam_made_by == "EW"
    assert line("7NT", "W", 12).slam_made_by is None  # one down
    assert line("4H", "S", 13).slam_made_by is None  # thirteen tricks, no slam bid
    assert line("PASS", None, None).slam_made_by is None


def _random_party(seed: int) -> list[TableResult]:
    """Four tables, five rounds, random seats, totals and deals (slams among them), some levels repeated."""
    rng = random.Random(seed)
    results = []
    contracts = ["6S", "7NT", "6H", "4S", "3NT", "PASS", "6DX", "2C"]
    for rnd in range(1, 6):
        ids = [g.id for g in GUESTS]
        rng.shuffle(ids)
        for table in range(1, 5):
            seats = dict(zip("NESW", ids[4 * (table - 1) : 4 * table], strict=True))
            deals = []
            for number in range(1, 5):
                contract = rng.choice(contracts)
                passed = contract == "PASS"
                tricks = None if passed else rng.choice([9, 11, 12, 13])
                declarer = None if passed else rng.choice("NESW")
                deals.append(DealLine(number, "N", "None", contract, declarer, tricks, None, 0, 0, 0))
            ns, ew = rng.choice([0, 100, 500, 620]), rng.choice([0, 100, 500, 620])
            results.append(TableResult(rnd, TableSeating(table, seats), ns, ew, "NS" if ns >= ew else "EW", deals))
    return results


def _tied_by_hand(first: str, ranking: list[str], tallies: dict[str, Tally]) -> list[str]:
    key = (tallies[first].net, tallies[first].my)
    return [g for g in ranking if (tallies[g].net, tallies[g].my) == key]


@pytest.mark.parametrize("seed", range(12))
def test_prizes_are_the_same_with_the_ranking_passed_and_the_slams_searched_once(seed: int) -> None:
    results = _random_party(seed)
    tallies = tallies_from(GUESTS, results)
    chosen = ["highest", "second", "booby", "ladies_highest", "gentlemen_highest", "first_slam", "most_slams"]
    ranking = rank_guests(GUESTS, tallies)
    given = award_prizes(chosen, GUESTS, tallies, results)
    assert award_prizes(chosen, GUESTS, tallies, results, ranking) == given
    # the slam prizes as each one searching the deals by itself would give them
    made = [(res, d, d.slam_made_by) for res in results for d in res.deals]
    slams = sorted((res.round, d.deal, res.table, res.seating.pair(side)) for res, d, side in made if side)
    firsts = [g for r, n, _t, pair in slams if (r, n) == slams[0][:2] for g in pair] if slams else []
    assert [w for code, w in given if code == "first_slam"] == firsts
    # the top prize shared by all level with the leader, wherever they stand in the ranking
    assert [w for code, w in given if code == "highest"] == _tied_by_hand(ranking[0], ranking, tallies)
    low = list(reversed(ranking))
    assert [w for code, w in given if code == "booby"] == _tied_by_hand(low[0], low, tallies)


def test_only_deals_of_twelve_tricks_or_more_can_win_a_slam_prize() -> None:
    """`results_of(deals="slams")` reads only these: the slam prizes come out the same."""
    for seed in range(12):
        results = _random_party(seed)
        few = [
            TableResult(r.round, r.seating, r.ns_total, r.ew_total, r.winner,
                        tuple(d for d in r.deals if d.tricks is not None and d.tricks >= SLAM_TRICKS))
            for r in results
        ]  # fmt: skip
        tallies = tallies_from(GUESTS, results)
        chosen = ["first_slam", "most_slams"]
        assert award_prizes(chosen, GUESTS, tallies, few) == award_prizes(chosen, GUESTS, tallies, results)
