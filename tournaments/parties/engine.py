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

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar

from scoring.messages import gettext as _

from .games import Game
from .tallies import PRIZES
from .tally_cards import GENTLEMAN_SEATS, draw_tally_cards
from .types import OPPOSITE, SEATS, Guest, PartyError

__all__ = [
    "PartyRun",
    "PlayedTable",
    "Seater",
    "compass",
    "mixed_seat",
    "moves",
    "next_tables",
    "play_party",
    "prize_list",
    "progress",
    "run_party",
]

T = TypeVar("T")
Groups = Mapping[str, str | None]
T_co = TypeVar("T_co", covariant=True)

PRIZE_CODES = ("highest", "second", "booby")  # the engine's prizes; their labels are the party's (``PRIZES``)


@dataclass
class PlayedTable:
    """One table's round: the players in seat order, each deal's entry and points, totals and who moved."""

    table: int
    players: list[str]
    entries: list[dict[str, Any]] = field(default_factory=list)
    scores: list[dict[str, int]] = field(default_factory=list)
    progressors: tuple[str, ...] = ()
    how: str = ""
    seats: tuple[str, ...] = ()  # a table seated by compass (a mixed party): each player's seat letter

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
        raise PartyError(_("Unknown progression %(method)r.") % {"method": method})
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
    """Highest, second and booby on the tallies; everyone level with a winner shares the prize.

    Each prize is ``{"prize": code, "label", "guests", "total"}``: the code ("highest", "second", "booby") is the
    stable value for programs, the label the party's prize in the reader's language (:data:`.tallies.PRIZES`).
    """
    ranked = sorted(tallies, key=lambda g: (-tallies[g], g))
    prizes: list[dict[str, Any]] = []
    given: set[str] = set()
    for code in PRIZE_CODES:
        pool = [g for g in (reversed(ranked) if code == "booby" else ranked) if g not in given]
        if not pool:
            continue
        winners = sorted(g for g in pool if tallies[g] == tallies[pool[0]])
        given.update(winners)
        total = _number(tallies[pool[0]])
        prizes.append({"prize": code, "label": _(PRIZES[code]), "guests": winners, "total": total})
    return prizes


def _number(value: float) -> float | int:
    return int(value) if value == int(value) else value


PARTY_SHAPE = ("game", "rounds", "tallies", "prizes")


@dataclass
class PartyRun:
    """A whole simulated party: each round's tables and where each player sits next (empty after the last)."""

    game: str
    rounds: list[list[PlayedTable]]
    moves: list[dict[str, int]]
    tallies: dict[str, float]


Seating = list[tuple[list[str], tuple[str, ...]]]  # each table's players (first dealer first) and their seats


def compass(seats: Mapping[str, str], dealer: str) -> tuple[list[str], tuple[str, ...]]:
    """A table seated by compass points as the engine lists it: clockwise from the first dealer."""
    letters = tuple(SEATS[(SEATS.index(dealer) + k) % 4] for k in range(4))
    return [seats[s] for s in letters], letters


def _seat_pair_on_line(seats: dict[str, str], pair: Sequence[str], line: tuple[str, str], groups: Groups) -> None:
    """Put an arriving couple on a line (N-S or E-W): the gentleman takes N or E."""
    first, second = pair
    if groups.get(first) == "lady":
        first, second = second, first
    seats[line[0]], seats[line[1]] = first, second


def mixed_seat(
    stayers: Mapping[str, str], arrivals: Sequence[str], groups: Groups, keep: bool
) -> tuple[dict[str, str], str]:
    """Law 6 at a mixed party: the seats (letter -> player) and the first dealer of a table of four.

    Kept partners keep their seats and the arriving couple takes the other line; otherwise "the visiting lady
    at each table becomes partner of the gentleman who remains". Either way the visiting lady deals first
    (the specimen announcement).
    """
    if keep:
        seats = dict(stayers)
        _seat_pair_on_line(seats, arrivals, ("E", "W") if "N" in seats else ("N", "S"), groups)
        dealer = next((s for s, who in seats.items() if who in arrivals and groups.get(who) == "lady"), None)
        if dealer is None:  # cannot happen at a well-formed mixed party
            raise PartyError("No visiting lady at the table.")
        return seats, dealer
    gent_seat = next(s for s, who in stayers.items() if groups.get(who) == "gentleman")
    staying_lady = next(who for who in stayers.values() if groups.get(who) == "lady")
    visiting_lady = next(who for who in arrivals if groups.get(who) == "lady")
    visiting_gent = next(who for who in arrivals if groups.get(who) == "gentleman")
    other_gent_seat = next(s for s in GENTLEMAN_SEATS if s != gent_seat)
    seats = {
        gent_seat: stayers[gent_seat],
        OPPOSITE[gent_seat]: visiting_lady,
        other_gent_seat: visiting_gent,
        OPPOSITE[other_gent_seat]: staying_lady,
    }
    return seats, OPPOSITE[gent_seat]


def _first_seating(
    rules: Game, guests: list[str], tables: int, size: int, rng: random.Random, groups: Groups
) -> Seating:
    if rules.single_table:
        return [(rules.single_table_seating(guests, 1)[0], ())]
    if groups:  # mixed: the gentlemen's and the ladies' piles of tally cards
        drawn = draw_tally_cards([Guest(g, g, groups[g]) for g in guests], tables, rng, mixed=True)
        return [compass(t.seats, t.first_dealer) for t in drawn]
    return [(guests[i * size : (i + 1) * size], ()) for i in range(tables)]


def _mixed_next(played: Sequence[PlayedTable], method: str, head_keeps: bool, groups: Groups) -> Seating:
    """The next round of a mixed party: the engine's moves (seats in N, E, S, W order), then Law 6."""
    by_compass = [replace(t, players=[t.players[t.seats.index(s)] for s in SEATS], seats=SEATS) for t in played]

    def seat(_i: int, old: Sequence[str], stayers: Sequence[str], arrivals: Sequence[str], keep: bool) -> Any:
        return compass(*mixed_seat({SEATS[old.index(p)]: p for p in stayers}, arrivals, groups, keep))

    return list(progress(by_compass, seat, method=method, head_keeps=head_keeps))


def _next_seating(
    rules: Game, played: list[PlayedTable], options: PartyOptions, guests: list[str], number: int
) -> Seating:
    if rules.single_table:
        return [(rules.single_table_seating(guests, number + 1)[0], ())]
    head_keeps = rules.head_table_keeps_partners
    if options.groups and len(played) > 1:
        method = "fixed" if options.keep_partners and options.method == "standard" else options.method
        return _mixed_next(played, method, head_keeps, options.groups)
    if options.groups:
        return [(list(t.players), t.seats) for t in played]
    tables = next_tables(
        rules, played, keep_partners=options.keep_partners, head_keeps=head_keeps, method=options.method
    )
    return [(players, ()) for players in tables]


def _progressors(rules: Game, t: PlayedTable, rule: str, rng: random.Random) -> tuple[tuple[str, ...], str]:
    """The game's progressors; under "north_south" (a party seated by compass) a tie goes to North's side."""
    if rule != "north_south":
        return rules.progressors(t.players, t.totals(), rule, rng)
    north = t.seats.index("N")
    winners, how = rules.progressors([*t.players[north:], *t.players[:north]], t.totals(), "first_seat", rng)
    return tuple(p for p in t.players if p in winners), "score" if how == "score" else rule


@dataclass(frozen=True)
class PartyOptions:
    """The host's choices: a table's size, the tie rule, partners kept, the progression, and (a mixed party)
    each guest's pile, "lady" or "gentleman"."""

    size: int
    tie_rule: str
    keep_partners: bool = False
    method: str = "standard"
    groups: Mapping[str, str] = field(default_factory=dict)


def _checked(
    rules: Game, tables: int, rounds: int, size: int | None, tie_rule: str | None, groups: Groups
) -> tuple[int, str]:
    size = size or rules.table_sizes[0]
    name = {"game": _(rules.label)}
    if size not in rules.table_sizes:
        sizes = functools.reduce(lambda a, b: _("%(a)s or %(b)s") % {"a": a, "b": b}, map(str, rules.table_sizes))
        raise PartyError(_("%(game)s is played %(sizes)s at a table.") % {**name, "sizes": sizes})
    if rules.single_table and tables != 1:
        raise PartyError(_("%(game)s is played at a single table.") % name)
    if not 1 <= rounds <= 40:
        raise PartyError(_("Play 1 to 40 rounds."))
    if groups and not rules.mixed_couples:
        raise PartyError(_("%(game)s is not played by mixed couples.") % name)
    rule = tie_rule or next(r for r in rules.tie_rules if r != "ask")
    if rule not in rules.tie_rules and not (groups and rule == "north_south"):
        message = _("%(game)s settles ties by %(rules)s, not %(rule)r.")
        raise PartyError(message % {**name, "rules": ", ".join(rules.tie_rules), "rule": rule})
    return size, rule


def run_party(
    rules: Game,
    *,
    tables: int,
    rounds: int,
    seed: int,
    size: int | None = None,
    tie_rule: str | None = None,
    keep_partners: bool = False,
    method: str = "standard",
    groups: Mapping[str, str] | None = None,
) -> PartyRun:
    """Play a whole simulated party; ``groups`` (guest "g1", "g2", ... -> "lady" or "gentleman") seats it by
    mixed couples (Law 6), which the game must allow (progressive bridge does)."""
    size, rule = _checked(rules, tables, rounds, size, tie_rule, groups or {})
    options = PartyOptions(size, rule, keep_partners, method, dict(groups or {}))
    rng = random.Random(seed)
    guests = [f"g{i}" for i in range(1, tables * size + 1)]
    rng.shuffle(guests)  # the draw of the tally cards
    seating = _first_seating(rules, guests, tables, size, rng, options.groups)
    run = PartyRun(rules.code, [], [], dict.fromkeys(sorted(guests, key=lambda g: int(g[1:])), 0.0))
    for number in range(1, rounds + 1):
        played = [PlayedTable(i + 1, players, seats=seats) for i, (players, seats) in enumerate(seating)]
        play_round(rules, played, rng)
        for t in played:
            t.progressors, t.how = _progressors(rules, t, rule, rng)
            for guest, value in rules.tally(t.players, t.totals(), t.progressors, t.how).items():
                run.tallies[guest] += value
        seating = _next_seating(rules, played, options, guests, number)
        run.rounds.append(played)
        last = number == rounds
        run.moves.append({} if last else {p: i + 1 for i, (players, _s) in enumerate(seating) for p in players})
    return run


def play_party(rules: Game, **options: Any) -> dict[str, Any]:
    """A whole simulated party (see :func:`run_party`) as ``party_demo`` prints it:
    ``{"game", "rounds": [{"tables": [{"table", "players", "results", "moves", "winners", "decided_by"}]}],
    "tallies", "prizes"}``. ``winners`` are the table's progressors and ``decided_by`` how ("score" or the tie
    rule: a cut's outcome is recorded here, so a saved party replays it)."""
    run = run_party(rules, **options)
    out_rounds = [
        {
            "tables": [
                {
                    "table": t.table,
                    "players": list(t.players),
                    "results": [{"entry": e, "scores": s} for e, s in zip(t.entries, t.scores, strict=True)],
                    "moves": {p: moves.get(p) for p in t.players} if moves else {},
                    "winners": list(t.progressors),
                    "decided_by": t.how,
                }
                for t in played
            ]
        }
        for played, moves in zip(run.rounds, run.moves, strict=True)
    ]
    totals = {g: _number(v) for g, v in run.tallies.items()}
    return {"game": run.game, "rounds": out_rounds, "tallies": totals, "prizes": prize_list(run.tallies)}
