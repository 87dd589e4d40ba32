"""A whole simulated Progressive Bridge party, for ``manage.py party_demo`` and for the tests.

The party engine plays it (:func:`.engine.run_party`: the tally-card draw, mixed couples by Law 6, the bridge
game's deals, ties to North-South, Law 5's progression); this module only shows the engine's rounds at their
compass seats and adds what the web pages add (Law 9 vulnerability on each line, Law 11 tallies, the prizes).
Only the cards are imaginary: the bridge game draws contracts and results at random, with a seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import games
from .deals import DealEntry, score_round
from .engine import PlayedTable, run_party
from .games.base import Entry
from .games.bridge import deal_entry
from .tallies import PRIZES, DealLine, TableResult, award_prizes, laws_check, rank_guests, tallies_from
from .types import SEATS, Guest, PartyError, TableSeating

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


def _as_bridge(entry: Entry, letters: Sequence[str]) -> DealEntry:
    """An engine deal (declarer and honors named from the first dealer's seat as "N") at the real compass seats."""
    real: dict[str, str] = dict(zip(SEATS, letters, strict=True))
    deal = deal_entry(entry)
    declarer = real.get(deal.declarer or "", deal.declarer)
    honors = deal.honors_side
    if honors and letters[0] in ("E", "W"):
        honors = "EW" if honors == "NS" else "NS"
    return DealEntry(deal.contract, declarer, deal.tricks, honors, deal.honors_points)


def _table_result(number: int, t: PlayedTable) -> tuple[TableResult, dict[str, Any]]:
    """One table of the engine's round as the Laws of Progressive Bridge score it, at its compass seats."""
    dealer = next(s for s in SEATS if s == t.seats[0])
    seating = TableSeating(t.table, dict(zip(t.seats, t.players, strict=True)), first_dealer=dealer)
    lines = score_round(seating.first_dealer, "law9", [_as_bridge(e, t.seats) for e in t.entries])
    ns_total, ew_total = sum(d.ns for d in lines), sum(d.ew for d in lines)
    totals = t.totals()
    if (totals[seating.seats["N"]], totals[seating.seats["E"]]) != (ns_total, ew_total):
        raise PartyError("The engine's scores are not the laws'.")  # cannot happen: the same scoring
    winner = "NS" if seating.seats["N"] in t.progressors else "EW"
    return TableResult(number, seating, ns_total, ew_total, winner, tuple(lines)), _table_json(seating, lines, winner)


def simulate_party(tables: int, rounds: int, seed: int, *, tie_rule: str = "north_south") -> dict[str, Any]:
    """Play a mixed party at ``tables`` tables for ``rounds`` rounds on the party engine (mixed couples, Law 6)
    and show it as Progressive Bridge: the seats, each deal's vulnerability, the Law 11 tallies and the prizes."""
    if rounds < 1:
        raise PartyError("Play at least one round.")
    guests = demo_guests(tables)
    run = run_party(
        games.game("bridge"), tables=tables, rounds=rounds, seed=seed, tie_rule=tie_rule,
        groups={g.id: g.group or "" for g in guests},
    )  # fmt: skip
    results: list[TableResult] = []
    out_rounds = []
    for number, played in enumerate(run.rounds, start=1):
        scored = [_table_result(number, t) for t in played]
        results.extend(r for r, _json in scored)
        out_rounds.append({"round": number, "tables": [j for _r, j in scored]})
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
