"""A whole simulated Progressive Bridge party, for ``manage.py party_demo`` and for the tests.

It uses exactly the functions the web pages use (tally-card draw, the bridge game's deal scoring, tie rule,
the engine's progression, tallies, prizes); only the cards are imaginary: the bridge game draws contracts
and results at random (``random_entry``), with a seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from . import games
from .games.bridge import deal_entry
from .progression import next_seating, table_winner
from .tallies import PRIZES, DealLine, TableResult, award_prizes, laws_check, rank_guests, tallies_from
from .tally_cards import draw_tally_cards
from .types import Guest, PartyError, TableSeating

__all__ = ["DEMO_PRIZES", "demo_guests", "simulate_party"]

DEMO_PRIZES = list(PRIZES)
FIRST_NAMES_L = ["Ada", "Beatrice", "Clara", "Dora", "Edith", "Flora", "Grace", "Hazel", "Iris", "June"]
FIRST_NAMES_G = ["Albert", "Basil", "Cecil", "Douglas", "Ernest", "Frank", "George", "Harold", "Ivor", "Jack"]
SURNAMES = ["Ashby", "Bell", "Carter", "Dunn", "Ellis", "Fox", "Gray", "Hart", "Irwin", "Jones", "Kemp", "Lane"]


def demo_guests(tables: int) -> list[Guest]:
    """2 x tables ladies and 2 x tables gentlemen with made-up names (ids "g1", "g2", ...)."""
    guests = []
    for i in range(2 * tables):
        first_l = FIRST_NAMES_L[i % len(FIRST_NAMES_L)]
        first_g = FIRST_NAMES_G[i % len(FIRST_NAMES_G)]
        surname_l = SURNAMES[(i * 5) % len(SURNAMES)]
        surname_g = SURNAMES[(i * 7 + 3) % len(SURNAMES)]
        suffix = f" {i // len(FIRST_NAMES_L) + 1}" if i >= len(FIRST_NAMES_L) else ""
        guests.append(Guest(f"g{2 * i + 1}", f"{first_l} {surname_l}{suffix}", "lady"))
        guests.append(Guest(f"g{2 * i + 2}", f"{first_g} {surname_g}{suffix}", "gentleman"))
    return guests


def _table_json(t: TableSeating, lines: Sequence[DealLine], winner: str) -> dict[str, Any]:
    """One table's round as ``party_demo`` prints it (and ``save_demo`` stores it)."""
    return {
        "table": t.table,
        **{seat: t.seats[seat] for seat in "NESW"},
        "deals": [
            {
                "deal": d.deal,
                "dealer": d.dealer,
                "vulnerable": d.vulnerable,
                "contract": d.contract,
                "declarer": d.declarer,
                "tricks": d.tricks,
                "honors": {"side": d.honors_side, "points": d.honors_points} if d.honors_points else None,
                "ns": d.ns,
                "ew": d.ew,
            }
            for d in lines
        ],
        "ns_total": sum(d.ns for d in lines),
        "ew_total": sum(d.ew for d in lines),
        "winners": list(t.pair(winner)),
    }


def _play_table(number: int, t: TableSeating, rng: random.Random, tie_rule: str) -> tuple[TableResult, dict[str, Any]]:
    """Four deals drawn and scored by the bridge game's own rules (the engine's), the winner by the tie rule."""
    rules = games.game("bridge")
    deals = [deal_entry(rules.random_entry(rng, t.players(), n)) for n in range(1, 5)]
    lines, _premium = rules.score_bridge_round(t.first_dealer, "law9", deals)
    ns_total, ew_total = sum(d.ns for d in lines), sum(d.ew for d in lines)
    winner, _how = table_winner(ns_total, ew_total, tie_rule, deal_scores=[(d.ns, d.ew) for d in lines], rng=rng)
    return TableResult(number, t, ns_total, ew_total, winner, tuple(lines)), _table_json(t, lines, winner)


def simulate_party(tables: int, rounds: int, seed: int, *, tie_rule: str = "north_south") -> dict[str, Any]:
    """Play a mixed party at ``tables`` tables for ``rounds`` rounds; the JSON shape of ``party_demo``."""
    if rounds < 1:
        raise PartyError("Play at least one round.")
    rng = random.Random(seed)
    guests = demo_guests(tables)
    groups = {g.id: g.group for g in guests}
    seating = draw_tally_cards(guests, tables, rng, mixed=True)
    results: list[TableResult] = []
    out_rounds = []
    for number in range(1, rounds + 1):
        played = [_play_table(number, t, rng, tie_rule) for t in seating]
        results.extend(r for r, _json in played)
        out_rounds.append({"round": number, "tables": [j for _r, j in played]})
        if number < rounds:
            winners = {r.seating.table: r.winner or "" for r, _json in played}
            seating = next_seating(seating, winners, "standard", rng, groups=groups, mixed=True)
    tallies = tallies_from(guests, results)
    my, opponents = laws_check(tallies)
    if my != opponents:  # cannot happen: every point is someone's "my" and someone else's "opponents"
        raise PartyError(f"The tallies do not check: {my} against {opponents}.")
    prizes = award_prizes(DEMO_PRIZES, guests, tallies, results)
    return {
        "guests": [{"id": g.id, "name": g.name, "group": g.group} for g in guests],
        "rounds": out_rounds,
        "tallies": [
            {"guest": g.id, "my": tallies[g.id].my, "opponents": tallies[g.id].opponents, "net": tallies[g.id].net}
            for g in guests
        ],
        "ranking": rank_guests(guests, tallies),
        "prizes": [{"prize": PRIZES[code], "guest": who} for code, who in prizes],
    }
