"""Made-up teams and table results for ``manage.py teams_demo`` and the tests: only the cards are imaginary.

Each board's contract is drawn once per match (both rooms usually bid the same thing) and each room's tricks
at random around the contract; the N-S score comes from scoring's contract scoring for the board's vulnerability.
"""

from __future__ import annotations

import random

from scoring.contracts import ns_score, parse_contract

__all__ = ["demo_players", "demo_team_name", "room_scores"]

FIRST = ["Ada", "Basil", "Clara", "Douglas", "Edith", "Frank", "Grace", "Harold", "Iris", "Jack", "Kate", "Leo"]
SURNAMES = ["Ashby", "Bell", "Carter", "Dunn", "Ellis", "Fox", "Gray", "Hart", "Irwin", "Jones", "Kemp", "Lane"]
TOWNS = ["Bath", "Derby", "Ely", "Hull", "Leeds", "Louth", "Poole", "Ripon", "Rye", "Wells", "York", "Truro"]
CONTRACTS = ["1NT", "2S", "2H", "3C", "3D", "3NT", "3NT", "4H", "4S", "4S", "5D", "6C", "6NT", "3SX", "4HX"]


def demo_team_name(number: int) -> str:
    town = TOWNS[(number - 1) % len(TOWNS)]
    return town if number <= len(TOWNS) else f"{town} {(number - 1) // len(TOWNS) + 1}"


def demo_players(number: int, rng: random.Random, *, eight: bool = False) -> list[str]:
    """Four to six distinct made-up names for team ``number`` (a team of eight: eight to ten)."""
    size = rng.choice([8, 8, 9, 10] if eight else [4, 4, 4, 5, 6])
    names = [
        f"{FIRST[(number * 5 + i) % len(FIRST)]} {SURNAMES[(number * 7 + 3 * i) % len(SURNAMES)]}" for i in range(size)
    ]
    return [f"{n} ({number})" for n in names]


def room_scores(board: int, rng: random.Random) -> tuple[int, int]:
    """N-S scores of one board in room 1 and room 2 of a match."""
    contract = rng.choice(CONTRACTS)
    declarer = rng.choice("NESW")
    needed = parse_contract(contract).tricks_needed
    out = []
    for _room in (1, 2):
        if rng.random() < 0.2:  # the other room is in a different contract, perhaps by the other side
            contract, declarer = rng.choice(CONTRACTS), rng.choice("NESW")
            needed = parse_contract(contract).tricks_needed
        tricks = max(0, min(13, needed + rng.choice([-2, -1, -1, 0, 0, 0, 0, 1, 1, 2])))
        out.append(ns_score(contract, declarer, tricks, board))
    return out[0], out[1]
