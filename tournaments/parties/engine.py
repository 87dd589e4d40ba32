"""One party engine for every game: seat the guests, play the rounds, progress, tally, award the prizes.

The engine knows no game by name; it asks the game (:mod:`.games`) how many sit at a table, who partners
whom, how deals score, what ends a round and who progresses. The progression is Law 5 generalised to any
table: the ``k`` progressors at each table but the head table move up one table; at the head table they
stay, and the ``k`` lowest of the others (lowest total first, then the later seat) go to the last table.
Those who stay keep their seats when partners are kept (always at the head table if the game says so);
when partners change, the stayers take the first seats and the arrivals the next (each in old seat order), so
at a table of four each stayer partners an arrival (Law 6). Seats are listed clockwise from the first
dealer, so ``players[0]`` deals the first hand. The host may instead keep partners ("fixed") or keep the
first side stationary while the other moves down a table ("ns_stationary"); the live party of four uses the
same moves (:func:`progress`) and seats them by Law 6 with mixed couples (:mod:`.progression`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from .games import Game
from .types import PartyError

__all__ = ["PlayedTable", "Seater", "moves", "next_tables", "play_party", "prize_list", "progress"]

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

PRIZE_LABELS = {"highest": "Highest score", "second": "Second-highest score", "booby": "Booby (lowest score)"}


@dataclass
class PlayedTable:
    """One table's round: the players in seat order, each deal's entry and points, totals and who moved."""

    table: int
    players: list[str]
    entries: list[dict[str, Any]] = field(default_factory=list)
    scores: list[dict[str, int]] = field(default_factory=list)
    progressors: tuple[str, ...] = ()
    how: str = ""

    def totals(self) -> dict[str, int]:
        return {p: sum(s[p] for s in self.scores) for p in self.players}


class Seater(Protocol[T_co]):
    """Places one table's stayers and arrivals: (table index, old players, stayers, arrivals, keep partners)."""

    def __call__(
        self, index: int, old: Sequence[str], stayers: Sequence[str], arrivals: Sequence[str], keep: bool, /
    ) -> T_co: ...


def _bell_rung(rules: Game, tables: Sequence[PlayedTable]) -> bool:
    end = rules.round_end(len(tables[0].players))
    if end.bell is None:
        return False
    watched = tables[:1] if end.bell_at_head_table_only else tables
    return any(max(t.totals().values(), default=0) >= end.bell for t in watched)


def play_round(rules: Game, tables: list[PlayedTable], rng: random.Random) -> None:
    """Deal in step at every table until the round's deals are played or a bell rings."""
    deals = max(rules.round_end(len(t.players)).deals for t in tables)
    for number in range(1, deals + 1):
        for t in tables:
            if number <= rules.round_end(len(t.players)).deals:
                t.entries.append(rules.random_entry(rng, t.players, number))
                t.scores = rules.score_deals(t.entries, t.players)
        if _bell_rung(rules, tables):
            break


def moves(played: Sequence[PlayedTable], method: str = "standard") -> list[tuple[list[str], list[str]]]:
    """Who stays at each table and who arrives there (each in old seat order), by the host's method.

    "standard" and "fixed" move the progressors (see the module's docstring); "ns_stationary" keeps the first
    side (N-S) at every table and moves the other (E-W) down one table, from table 1 to the last, whoever won.
    """
    if method == "ns_stationary":
        count = len(played)
        return [(list(t.players[0::2]), list(played[(i + 1) % count].players[1::2])) for i, t in enumerate(played)]
    if method not in ("standard", "fixed"):
        raise PartyError(f"Unknown progression {method!r}.")
    head = played[0]
    totals = head.totals()
    others = [p for p in head.players if p not in head.progressors]
    by_low = sorted(others, key=lambda p: (totals[p], -head.players.index(p)))
    leavers = sorted(by_low[: len(head.progressors)], key=head.players.index)
    result = []
    for i, t in enumerate(played):
        if i == 0:
            stayers = [p for p in t.players if p not in leavers]
        else:
            stayers = [p for p in t.players if p not in t.progressors]
        if i + 1 < len(played):
            arrivals = [p for p in played[i + 1].players if p in played[i + 1].progressors]
        else:
            arrivals = leavers
        result.append((stayers, arrivals))
    return result


def progress(
    played: Sequence[PlayedTable], seat: Seater[T], *, method: str = "standard", head_keeps: bool = False
) -> list[T]:
    """The next round's tables: :func:`moves`, then ``seat`` places each table's stayers and arrivals.

    ``seat(index, old players, stayers, arrivals, keep)`` is told to keep partners with "fixed" and
    "ns_stationary", and at the head table when the host (or the game) keeps its winners together; the simulated
    party seats by :func:`_seat`, the live party of four by Law 6 with its mixed couples (``progression``).
    """
    keep_all = method in ("fixed", "ns_stationary")
    return [
        seat(i, t.players, stayers, arrivals, keep_all or (i == 0 and head_keeps))
        for i, (t, (stayers, arrivals)) in enumerate(zip(played, moves(played, method), strict=True))
    ]


def next_tables(
    rules: Game,
    played: Sequence[PlayedTable],
    *,
    keep_partners: bool,
    head_keeps: bool,
    method: str = "standard",
) -> list[list[str]]:
    """The seat order at each table for the next round (see the module's docstring)."""
    if len(played) < 2:
        return [list(t.players) for t in played]
    method = "fixed" if keep_partners and method == "standard" else method
    return progress(played, lambda _i, old, s, a, keep: _seat(old, s, a, keep), method=method, head_keeps=head_keeps)


def _seat(old: Sequence[str], stayers: Sequence[str], arrivals: Sequence[str], keep: bool) -> list[str]:
    if not keep:
        return [*stayers, *arrivals]
    seats: list[str | None] = [p if p in stayers else None for p in old]
    incoming = iter(arrivals)
    return [p if p is not None else next(incoming) for p in seats]


def prize_list(tallies: Mapping[str, float]) -> list[dict[str, Any]]:
    """Highest, second and booby on the tallies; everyone level with a winner shares the prize."""
    ranked = sorted(tallies, key=lambda g: (-tallies[g], g))
    prizes: list[dict[str, Any]] = []
    given: set[str] = set()
    for code in ("highest", "second", "booby"):
        pool = [g for g in (reversed(ranked) if code == "booby" else ranked) if g not in given]
        if not pool:
            continue
        winners = sorted(g for g in pool if tallies[g] == tallies[pool[0]])
        given.update(winners)
        prizes.append({"prize": PRIZE_LABELS[code], "guests": winners, "total": _number(tallies[pool[0]])})
    return prizes


def _number(value: float) -> float | int:
    return int(value) if value == int(value) else value


def _first_seating(rules: Game, guests: list[str], tables: int, size: int) -> list[list[str]]:
    if rules.single_table:
        return [rules.single_table_seating(guests, 1)[0]]
    return [guests[i * size : (i + 1) * size] for i in range(tables)]


def play_party(
    rules: Game,
    *,
    tables: int,
    rounds: int,
    seed: int,
    size: int | None = None,
    tie_rule: str | None = None,
    keep_partners: bool = False,
    method: str = "standard",
) -> dict[str, Any]:
    """A whole simulated party: ``{"game", "rounds", "tallies", "prizes"}`` (the shape of ``party_demo``)."""
    size = size or rules.table_sizes[0]
    if size not in rules.table_sizes:
        raise PartyError(f"{rules.label} is played {' or '.join(map(str, rules.table_sizes))} at a table.")
    if rules.single_table and tables != 1:
        raise PartyError(f"{rules.label} is played at a single table.")
    if not 1 <= rounds <= 40:
        raise PartyError("Play 1 to 40 rounds.")
    rule = tie_rule or next(r for r in rules.tie_rules if r != "ask")
    if rule not in rules.tie_rules:
        raise PartyError(f"{rules.label} settles ties by {', '.join(rules.tie_rules)}, not {rule!r}.")
    rng = random.Random(seed)
    guests = [f"g{i}" for i in range(1, tables * size + 1)]
    rng.shuffle(guests)  # the draw of the tally cards
    seating = _first_seating(rules, guests, tables, size)
    tallies = dict.fromkeys(sorted(guests, key=lambda g: int(g[1:])), 0.0)
    out_rounds = []
    head_keeps = rules.head_table_keeps_partners
    for number in range(1, rounds + 1):
        played = [PlayedTable(i + 1, players) for i, players in enumerate(seating)]
        play_round(rules, played, rng)
        for t in played:
            t.progressors, t.how = rules.progressors(t.players, t.totals(), rule, rng)
            for guest, value in rules.tally(t.players, t.totals(), t.progressors, t.how).items():
                tallies[guest] += value
        if rules.single_table:
            seating = [rules.single_table_seating(guests, number + 1)[0]]
        else:
            seating = next_tables(rules, played, keep_partners=keep_partners, head_keeps=head_keeps, method=method)
        where = {p: i + 1 for i, players in enumerate(seating) for p in players}
        last = number == rounds
        out_rounds.append(
            {
                "tables": [
                    {
                        "table": t.table,
                        "players": list(t.players),
                        "results": [{"entry": e, "scores": s} for e, s in zip(t.entries, t.scores, strict=True)],
                        "moves": {} if last else {p: where.get(p) for p in t.players},
                    }
                    for t in played
                ]
            }
        )
    totals = {g: _number(v) for g, v in tallies.items()}
    return {"game": rules.code, "rounds": out_rounds, "tallies": totals, "prizes": prize_list(tallies)}
