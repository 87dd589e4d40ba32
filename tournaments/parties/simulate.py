"""A whole simulated Progressive Bridge party, for ``manage.py party_demo`` and for the tests.

It uses exactly the functions the web pages use (tally-card draw, deal scoring, tie rule, progression,
tallies, prizes); only the cards are imaginary: contracts and results are drawn at random, with a seed.
"""

from __future__ import annotations

import random
from typing import Any

from .deals import DealEntry, score_round
from .progression import next_seating, table_winner
from .tallies import PRIZES, TableResult, award_prizes, laws_check, rank_guests, tallies_from
from .tally_cards import draw_tally_cards
from .types import Guest, PartyError

__all__ = ["DEMO_PRIZES", "demo_guests", "random_deal", "simulate_party"]

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


def random_deal(rng: random.Random) -> DealEntry:
    """A plausible deal: sometimes passed out, mostly part-scores and games, now and then a slam or honors."""
    if rng.random() < 0.07:
        return DealEntry("PASS")
    level = rng.choices([1, 2, 3, 4, 5, 6, 7], weights=[10, 18, 22, 28, 8, 7, 2])[0]
    strain = rng.choice(["C", "D", "H", "S", "NT"])
    doubled = rng.choices([0, 1, 2], weights=[86, 12, 2])[0]
    declarer = rng.choice("NESW")
    needed = level + 6
    tricks = max(0, min(13, needed + rng.choices([-3, -2, -1, 0, 1, 2], weights=[2, 5, 14, 45, 24, 10])[0]))
    side = "NS" if rng.random() < 0.5 else "EW"
    points = 0
    if rng.random() < 0.1:
        points = 150 if strain == "NT" else rng.choice([100, 100, 150])
    return DealEntry(f"{level}{strain}{'X' * doubled}", declarer, tricks, side if points else None, points)


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
        winners: dict[int, str] = {}
        out_tables = []
        for t in seating:
            lines = score_round(t.first_dealer, "law9", [random_deal(rng) for _ in range(4)])
            ns_total, ew_total = sum(d.ns for d in lines), sum(d.ew for d in lines)
            winner, _how = table_winner(
                ns_total, ew_total, tie_rule, deal_scores=[(d.ns, d.ew) for d in lines], rng=rng
            )
            winners[t.table] = winner
            results.append(TableResult(number, t, ns_total, ew_total, winner, tuple(lines)))
            out_tables.append(
                {
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
                    "ns_total": ns_total,
                    "ew_total": ew_total,
                    "winners": list(t.pair(winner)),
                }
            )
        out_rounds.append({"round": number, "tables": out_tables})
        if number < rounds:
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
