"""Every read of a progressive party that is more than a get: seating, rounds, moves, tallies, prizes."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils.translation import gettext

from tournaments.parties import games
from tournaments.parties.games.euchre import Stars, euchre_ranking, star_prizes, stars_from
from tournaments.parties.models import Party, PartyDeal, PartyGuest, PartyRound, PartyTable
from tournaments.parties.tallies import (
    PRIZES,
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
from tournaments.tableside.events import key_of

__all__ = [
    "Move",
    "Standings",
    "guests_of",
    "moves_after",
    "party_key",
    "party_rounds",
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


def _tables(party: Party) -> list[PartyTable]:
    return list(
        PartyTable.objects.filter(round__party=party)
        .select_related("round", "north", "east", "south", "west", "fifth", "sixth", "sitting_out")
        .prefetch_related(Prefetch("deals", queryset=PartyDeal.objects.order_by("number")))
        .order_by("round__number", "number")
    )


def _deal_line(d: PartyDeal) -> DealLine:
    return DealLine(
        deal=d.number, dealer=d.dealer, vulnerable=d.vulnerable, contract=d.contract,
        declarer=d.declarer or None, tricks=d.tricks, honors_side=d.honors_side or None,
        honors_points=d.honors_points, ns=d.ns, ew=d.ew,
    )  # fmt: skip


def results_of(party: Party, tables: list[PartyTable] | None = None) -> list[TableResult]:
    """Every entered table-round, as the tallies need them."""
    tables = _tables(party) if tables is None else tables
    return [
        TableResult(
            round=t.round.number,
            seating=seating_of(t),
            ns_total=t.ns_total or 0,
            ew_total=t.ew_total or 0,
            winner=t.winner or None,
            deals=tuple(_deal_line(d) for d in t.deals.all()),
            seat_totals=dict(t.seat_totals or {}),
            decided_by=t.decided_by or "score",
        )
        for t in tables
        if t.entered
    ]


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


@dataclass
class TallyRow:
    place: int
    guest: PartyGuest
    tally: Tally
    stars: Stars | None = None
    prizes: list[str] = field(default_factory=list)
    # One cell per seated round, in order: (round, table, my, opponents), or None while the guest's table
    # has not entered it (or the guest sat out), so the columns stay aligned during a round.
    cells: list[tuple[int, int, float, float] | None] = field(default_factory=list)


@dataclass
class Standings:
    """The tallies in ranking order, the laws' check, and the prize list."""

    rows: list[TallyRow]
    my_total: float
    opponents_total: float
    prizes: list[tuple[str, list[PartyGuest]]]
    rounds_entered: int
    euchre: bool
    total_label: str = ""  # a game of the party engine: what its tally counts ("Tricks", "Games", "Points")

    @property
    def game(self) -> bool:
        return bool(self.total_label)

    @property
    def check_ok(self) -> bool:
        """The hostess's check: every "My Score" and every "Opponents' Score" add up to the same total."""
        return self.my_total == self.opponents_total


def standings(party: Party) -> Standings:
    """Law 11 and 12 (or the euchre stars): ranking, the cross-check, and the prizes the host chose."""
    guests = guests_of(party)
    models = {str(g.pk): g for g in party.guests.all()}
    results = results_of(party)
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
    awards = award_prizes(party.prizes, guests, tallies, results) if results else []
    awards = [(code, gid) for code, gid in awards if gid not in ghosts]
    if euchre and results and stars is not None:
        awards = star_prizes(party.prizes, {g.id: g.group for g in guests}, stars, ranking)
    by_guest: dict[str, list[str]] = {}
    by_prize: dict[str, list[PartyGuest]] = {}
    for code, gid in awards:
        prize = gettext(PRIZES.get(code, code))  # a star game's prizes come labelled
        by_guest.setdefault(gid, []).append(prize)
        by_prize.setdefault(prize, []).append(models[gid])
    rows = []
    place = 0
    previous = None
    seated = list(party.rounds.order_by("number").values_list("number", flat=True))
    for i, gid in enumerate(ranking, start=1):
        t = tallies[gid]
        key = stars[gid].key() if stars is not None else (t.net, t.my)
        if key != previous:
            place, previous = i, key
        played = {r[0]: r for r in t.rounds}
        cells = [played.get(n) for n in seated]
        rows.append(TallyRow(place, models[gid], t, stars[gid] if stars else None, by_guest.get(gid, []), cells))
    entered = {r.round for r in results}
    return Standings(rows, my_total, opp_total, list(by_prize.items()), len(entered), euchre, label)


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
            tallies[guest].rounds.append((res.round, res.table, int(value) if value.is_integer() else value, 0))
    return tallies


def party_key(party_id: int) -> str:
    """The party's owner key for pushed events (tableside/events.py): its pages and its tables' phones stream it."""
    return key_of("party", party_id)


def party_versions(party_ids: list[int]) -> dict[int, int]:
    """The versions of several parties in one query (the push watcher's reader, registered in apps.py)."""
    return dict(Party.objects.filter(pk__in=party_ids).values_list("pk", "version"))
