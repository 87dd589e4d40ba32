"""Every read of a progressive party that is more than a get: seating, rounds, moves, tallies, prizes."""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Prefetch
from django.utils import translation
from django.utils.translation import gettext

from tournaments.parties import games
from tournaments.parties.games.euchre import Stars, euchre_ranking, star_prizes, stars_from
from tournaments.parties.models import SEAT_COLUMNS, Party, PartyDeal, PartyGuest, PartyRound, PartyTable, seat_ids_of
from tournaments.parties.tallies import (
    PRIZES,
    SLAM_PRIZES,
    SLAM_TRICKS,
    DealLine,
    TableResult,
    Tally,
    award_prizes,
    laws_check,
    rank_guests,
    tallies_from,
)
from tournaments.parties.tally_cards import SEAT_NAMES
from tournaments.parties.types import SEATS, Guest, TableSeating
from tournaments.sessions.selectors.frozen import Freezable, LocalCopies
from tournaments.tableside.events import key_of

__all__ = [
    "GuestLine",
    "Move",
    "Standings",
    "guests_of",
    "moves_after",
    "party_key",
    "party_rounds",
    "party_stamp",
    "party_versions",
    "results_of",
    "seating_of",
    "standings",
]


def guests_of(party: Party) -> list[Guest]:
    """The guests as the pure party code knows them (ids are the primary keys as strings)."""
    return [Guest(str(g.pk), g.name, g.group or None) for g in party.guests.all()]


def seating_of(table: PartyTable) -> TableSeating:
    return TableSeating(
        table=table.number,
        seats=table.seat_ids,
        first_dealer=table.first_dealer,  # type: ignore[arg-type]
        sitting_out=(str(table.sitting_out_id),) if table.sitting_out_id else (),
    )


TABLE_COLUMNS = ("pk", "round__number", "number", *SEAT_COLUMNS, "sitting_out_id", "first_dealer", "ns_total",
                 "ew_total", "winner", "seat_totals", "decided_by")  # fmt: skip
DEAL_COLUMNS = ("table_id", "number", "dealer", "vulnerable", "contract", "declarer", "tricks", "honors_side",
                "honors_points", "ns", "ew")  # fmt: skip


def results_of(party: Party, *, deals: str = "all") -> list[TableResult]:
    """Every entered table-round, as the tallies need them: two queries of plain values, no model objects (a
    60-table evening is 240 tables and 960 deals; building their objects and guests was most of the tallies' time:
    issue 24).

    `deals`: "all" (each table's deals), "slams" (only the deals whose declarer took the tricks of a slam made,
    `SLAM_TRICKS` or more: all the slam prizes look at, a few of a thousand) or "none" (one query)."""
    tables = list(
        PartyTable.objects.filter(round__party=party).exclude(entry="")
        .order_by("round__number", "number").values_list(*TABLE_COLUMNS)
    )  # fmt: skip
    by_table: dict[int, list[DealLine]] = {}
    if deals != "none":
        rows = PartyDeal.objects.filter(table__round__party=party).exclude(table__entry="")
        if deals == "slams":
            rows = rows.filter(tricks__gte=SLAM_TRICKS)
        for d in rows.order_by("table_id", "number").values_list(*DEAL_COLUMNS):
            line = DealLine(d[1], d[2], d[3], d[4], d[5] or None, d[6], d[7] or None, *d[8:])
            by_table.setdefault(d[0], []).append(line)
    out = []
    for pk, rnd, number, *seats, out_id, dealer, ns, ew, winner, seat_totals, decided_by in tables:
        seating = TableSeating(
            table=number, seats=seat_ids_of(seats), first_dealer=dealer, sitting_out=(str(out_id),) if out_id else ()
        )
        out.append(
            TableResult(
                round=rnd,
                seating=seating,
                ns_total=ns or 0,
                ew_total=ew or 0,
                winner=winner or None,
                deals=tuple(by_table.get(pk, ())),
                seat_totals=dict(seat_totals or {}),
                decided_by=decided_by or "score",
            )
        )
    return out


def party_rounds(party: Party, numbers: Collection[int] | None = None) -> list[PartyRound]:
    """The rounds with their tables (and the guests at them) ready for a page; only those `numbers` if given
    (a round's page reads its round and the next, not the whole evening: issue 24, growth)."""
    tables = Prefetch(
        "tables",
        queryset=PartyTable.objects.select_related("north", "east", "south", "west", "fifth", "sixth", "sitting_out")
        .prefetch_related(Prefetch("deals", queryset=PartyDeal.objects.order_by("number")))
        .order_by("number"),
    )
    rounds = party.rounds.all() if numbers is None else party.rounds.filter(number__in=list(numbers))
    return list(rounds.prefetch_related(tables).order_by("number"))


@dataclass
class Move:
    """Where a guest goes for the next round, and with whom."""

    guest: PartyGuest
    from_table: int | None
    from_seat: str
    to_table: int | None
    to_seat: str
    partner: PartyGuest | None
    stays: bool

    @property
    def to_seat_name(self) -> str:
        return gettext(SEAT_NAMES[self.to_seat]) if self.to_seat in SEAT_NAMES else gettext("sits out")


def _places(rnd: PartyRound) -> dict[int, tuple[int | None, str, PartyGuest | None]]:
    places: dict[int, tuple[int | None, str, PartyGuest | None]] = {}
    for t in rnd.tables.all():
        seats = t.seats
        for seat, guest in seats.items():
            partner = seats.get({"N": "S", "S": "N", "E": "W", "W": "E"}.get(seat, ""))  # none at 3, 5, 6
            places[guest.pk] = (t.number, seat, partner)
        if t.sitting_out_id:
            places[t.sitting_out_id] = (None, "", None)
    return places


def moves_after(party: Party, number: int, known: Sequence[PartyRound] | None = None) -> list[Move]:
    """Who moves where between round ``number`` and the next (empty if that round is not seated yet); `known`:
    those two rounds as `party_rounds` read them, if the caller has them already."""
    found = party_rounds(party, (number, number + 1)) if known is None else known
    rounds = {r.number: r for r in found if r.number in (number, number + 1)}
    if number not in rounds or number + 1 not in rounds:
        return []
    before, after = _places(rounds[number]), _places(rounds[number + 1])
    guests = {g.pk: g for g in party.guests.all()}
    moves = []
    for pk, (table, seat, partner) in after.items():
        old_table, old_seat, _old_partner = before.get(pk, (None, "", None))
        moves.append(Move(guests[pk], old_table, old_seat, table, seat, partner, stays=old_table == table))
    return sorted(moves, key=lambda m: (m.to_table or 999, _seat_order(m.to_seat)))


def _seat_order(seat: str) -> int:
    """N, E, S, W, then seats 1 to 6, then sitting out."""
    return SEATS.index(seat) if seat in SEATS else int(seat) if seat.isdigit() else 9


@dataclass(frozen=True)
class GuestLine:
    """A guest as the standings show him: plain values, read as such, and cheap to keep in the cache and freeze
    (240 model objects pickled, copied and frozen were a fifth of a 60-table party's rebuild: issue 24). It
    answers what the pages, the PDFs and the big screen ask of a guest."""

    pk: int
    name: str
    group: str = ""
    ghost: bool = False

    @property
    def id(self) -> int:
        return self.pk

    def get_group_display(self) -> str:
        """The group's label in the reader's language ("Lady", "Gentleman"), as the model's."""
        labels = dict(PartyGuest.Group.choices)
        return str(labels.get(self.group, self.group))

    def __str__(self) -> str:
        return self.name


GUEST_COLUMNS = ("pk", "name", "group", "ghost")


@dataclass
class TallyRow(Freezable):
    place: int
    guest: GuestLine
    tally: Tally
    stars: Stars | None = None
    prizes: Sequence[str] = field(default_factory=list)
    # One cell per seated round, in order: (round, table, my, opponents), or None while the guest's table
    # has not entered it (or the guest sat out), so the columns stay aligned during a round.
    cells: Sequence[tuple[int, int, float, float] | None] = field(default_factory=list)


@dataclass
class Standings(Freezable):
    """The tallies in ranking order, the laws' check, and the prize list."""

    rows: Sequence[TallyRow]
    my_total: float
    opponents_total: float
    prizes: Sequence[tuple[str, Sequence[GuestLine]]]
    rounds_entered: int
    euchre: bool
    total_label: str = ""  # a game of the party engine: what its tally counts ("Tricks", "Games", "Points")
    seated: Sequence[int] = ()  # the seated rounds' numbers: the tallies' columns, as each row's cells

    @property
    def game(self) -> bool:
        return bool(self.total_label)

    @property
    def check_ok(self) -> bool:
        """The hostess's check: every "My Score" and every "Opponents' Score" add up to the same total."""
        return self.my_total == self.opponents_total


STANDINGS_TTL_SECONDS = 3600
# Each process keeps the standings it read, frozen, under the stamp Django's cache holds beside them (as a section's
# scores: sessions/selectors/scores.py): a party being shown at one or two versions, in one or two languages.
LOCAL_STANDINGS = 16
_local: LocalCopies[Standings] = LocalCopies(LOCAL_STANDINGS)


def party_stamp(party: Party) -> str:
    """The party as this request read it, for a cache key: its id, its version (every party write bumps it), a
    digest of its settings (the prizes chosen, the game: a new party reusing an id is a new digest too) and the
    reader's language (the prizes' and columns' words are put into it)."""
    fields = repr(tuple(getattr(party, f.attname) for f in party._meta.concrete_fields))
    digest = hashlib.sha256(fields.encode()).hexdigest()[:16]
    return f"{party.pk}:{party.version}:{digest}:{translation.get_language()}"


def standings(party: Party) -> Standings:
    """Law 11 and 12 (or the euchre stars): ranking, the cross-check, and the prizes the host chose.

    Computed once per party version (core/once.py) and kept in Django's cache and, frozen, by each process: the
    tallies page, the party's big screen and its PDF do not recompute a 60-table evening per request (issue 24).
    Only outside a transaction: what a write has not committed is never kept under a version."""
    if connection.in_atomic_block:
        return _standings_now(party)
    key = f"party-standings:v1:{party_stamp(party)}"
    return _local.kept_or_built(key, lambda: _standings_now(party), ttl=STANDINGS_TTL_SECONDS)


def _standings_now(party: Party) -> Standings:
    models = {str(g[0]): GuestLine(*g) for g in party.guests.values_list(*GUEST_COLUMNS)}
    guests = [Guest(gid, g.name, g.group or None) for gid, g in models.items()]
    results = results_of(party, deals="slams" if SLAM_PRIZES & set(party.prizes) else "none")
    column = games.game(party.form).tally_label  # a game whose tally is its own count, not a net score
    label = gettext(column) if column else ""
    tallies = _game_tallies(party.form, guests, results) if label else tallies_from(guests, results)
    my_total, opp_total = laws_check(tallies)
    if label:
        my_total = opp_total = 0  # no cross-check: the game's tally is not a "my score" against another
    euchre = games.game(party.form).star_tallies
    stars = stars_from(guests, results, party.tables) if euchre else None
    ghosts = {gid for gid, g in models.items() if g.ghost}  # a ghost fills a seat but takes no place or prize
    guests = [g for g in guests if g.id not in ghosts]
    tallies = {gid: t for gid, t in tallies.items() if gid not in ghosts}
    ranking = euchre_ranking(guests, stars) if stars is not None else rank_guests(guests, tallies)
    ranking = [gid for gid in ranking if gid not in ghosts]
    awards = award_prizes(party.prizes, guests, tallies, results, ranking if stars is None else None) if results else []
    awards = [(code, gid) for code, gid in awards if gid not in ghosts]
    if euchre and results and stars is not None:
        awards = star_prizes(party.prizes, {g.id: g.group for g in guests}, stars, ranking)
    by_guest: dict[str, list[str]] = {}
    by_prize: dict[str, list[GuestLine]] = {}
    for code, gid in awards:
        prize = gettext(PRIZES.get(code, code))  # a star game's prizes come labelled
        by_guest.setdefault(gid, []).append(prize)
        by_prize.setdefault(prize, []).append(models[gid])
    seated = tuple(party.rounds.order_by("number").values_list("number", flat=True))
    rows = _rows(ranking, models, tallies, stars, by_guest, seated)
    entered = len({r.round for r in results})
    return Standings(rows, my_total, opp_total, list(by_prize.items()), entered, euchre, label, seated)


def _rows(
    ranking: list[str],
    models: dict[str, GuestLine],
    tallies: dict[str, Tally],
    stars: dict[str, Stars] | None,
    prizes: dict[str, list[str]],
    seated: tuple[int, ...],
) -> list[TallyRow]:
    """A row per ranked guest: place (ties share it), tally, stars, prizes, and a cell per seated round."""
    rows = []
    place = 0
    previous = None
    for i, gid in enumerate(ranking, start=1):
        t = tallies[gid]
        key = stars[gid].key() if stars is not None else (t.net, t.my)
        if key != previous:
            place, previous = i, key
        played = {r[0]: r for r in t.rounds}
        cells = [played.get(n) for n in seated]
        rows.append(TallyRow(place, models[gid], t, stars[gid] if stars else None, prizes.get(gid, []), cells))
    return rows


def _game_tallies(form: str, guests: list[Guest], results: list[TableResult]) -> dict[str, Tally]:
    """A game of the party engine: each round adds what the game's laws say (tricks, points, a game won)."""
    rules = games.game(form)
    tallies = {g.id: Tally(g.id) for g in guests}
    for res in sorted(results, key=lambda r: (r.round, r.table)):
        players = list(res.seating.players())  # N, E, S, W: partners sit opposite
        if res.seat_totals:  # an individual game (solo): each player's own
            totals = {res.seating.seats[s]: v for s, v in res.seat_totals.items()}
        else:
            totals = {p: res.ns_total if res.seating.side_of(p) == "NS" else res.ew_total for p in players}
        winners = res.seating.pair(res.winner) if res.winner else ()
        for guest, value in rules.tally(players, totals, winners, res.decided_by).items():
            tallies[guest].add(res.round, res.table, int(value) if value.is_integer() else value, 0)
    return tallies


def party_key(party_id: int) -> str:
    """The party's owner key for pushed events (tableside/events.py): its pages and its tables' phones stream it."""
    return key_of("party", party_id)


def party_versions(party_ids: list[int]) -> dict[int, int]:
    """The versions of several parties in one query (the push watcher's reader, registered in apps.py)."""
    return dict(Party.objects.filter(pk__in=party_ids).values_list("pk", "version"))
