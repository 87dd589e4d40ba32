"""The engine's one progression with the host's options, on simulated parties of any partnership game."""

from __future__ import annotations

import itertools

import pytest

from tournaments.parties import games
from tournaments.parties.engine import play_party
from tournaments.parties.types import PartyError


def partners(table: dict[str, object]) -> set[frozenset[str]]:
    players = list(table["players"])  # type: ignore[call-overload]
    return {frozenset(players[0::2]), frozenset(players[1::2])}


@pytest.mark.parametrize("code", ["bridge", "whist", "euchre"])
def test_fixed_partners_never_change(code: str) -> None:
    party = play_party(games.game(code), tables=4, rounds=5, seed=3, method="fixed")
    first = set().union(*(partners(t) for t in party["rounds"][0]["tables"]))
    for rnd in party["rounds"]:
        assert set().union(*(partners(t) for t in rnd["tables"])) == first


def test_ns_stationary_keeps_the_first_side_and_moves_the_other_down_a_table() -> None:
    tables = 4
    party = play_party(games.game("bridge"), tables=tables, rounds=tables + 1, seed=8, method="ns_stationary")
    rounds = party["rounds"]
    for before, after in itertools.pairwise(rounds):
        for t in before["tables"]:
            here = after["tables"][t["table"] - 1]["players"]
            target = t["table"] - 1 if t["table"] > 1 else tables
            there = after["tables"][target - 1]["players"]
            assert here[0::2] == t["players"][0::2]  # N-S stay, in their seats
            assert there[1::2] == t["players"][1::2]  # E-W go down one table, whoever won
    assert [t["players"] for t in rounds[tables]["tables"]] == [t["players"] for t in rounds[0]["tables"]]


def test_unknown_progression_is_refused() -> None:
    with pytest.raises(PartyError, match="Unknown progression"):
        play_party(games.game("bridge"), tables=2, rounds=2, seed=1, method="howell")
