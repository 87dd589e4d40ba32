"""Five hundred at three, five or six a table: the writes of such a party (draw, a table's deals, progression).

A four-hand table is the party pages' N, E, S, W (``services``); these tables seat the laws' "A 1 ... A 6"
(north, east, south, west, fifth, sixth: seat 1 deals first, a three-hand table has no west). The laws'
progressive five hundred: "Play one deal for each player at table, and then progress. Three-hand, high player
progresses; ... five-hand, two players with highest scores; six-hand, three winning partners" (odd seats
partner the even). Each deal is scored by the game (``games.five_hundred``), each player credited with the
whole amount his side made, set-backs deducted; the progression is the engine's (``engine.next_tables``:
Law 5 generalised, the progressors move up, the head table's lowest go to the last table, partners change).
Each write runs in one transaction, locks the party or the table, and is audited, as in ``services``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.parties import games
from tournaments.parties.engine import PlayedTable, next_tables
from tournaments.parties.entries import EntryError, check_why
from tournaments.parties.finishing import bump_party, locked_table, refuse_if_finished
from tournaments.parties.games import GameError
from tournaments.parties.models import Party, PartyRound, PartyTable
from tournaments.parties.snapshots import table_snapshot
from tournaments.parties.table_links import issue_links

__all__ = [
    "HAND_FIELDS",
    "call_hands_progression",
    "hand_entry",
    "record_hand_deals",
    "save_round",
    "start_hands_party",
]

HAND_FIELDS = ("north", "east", "south", "west", "fifth", "sixth")
# The party's tie rule as the game's laws name it (``games.base.TIE_RULES``); "host" is refused at set-up.
TIE_RULES = {"last_deal": "cut", "cut": "cut", "north_south": "first_seat"}


def _rng(party: Party, *parts: object) -> random.Random:
    """The same reproducible draws as ``services._rng``: seeded by the party's seed and what is drawn."""
    return random.Random(":".join(str(p) for p in (party.seed, *parts)))


def _fields(players: Sequence[int]) -> dict[str, int | None]:
    """Seat order -> the table's seat columns (``HAND_FIELDS`` in order: a three-hand table has no west)."""
    cols: dict[str, int | None] = {f"{name}_id": None for name in HAND_FIELDS}
    for name, pk in zip(HAND_FIELDS, players, strict=False):
        cols[f"{name}_id"] = pk
    return cols


def save_round(party: Party, number: int, seating: Sequence[Sequence[int]]) -> PartyRound:
    """Round ``number`` seated: each table's guests (primary keys) in seat order, seat 1 first; for the
    services' own writes (the caller checks the seating and audits it)."""
    rnd = PartyRound.objects.create(party=party, number=number)
    PartyTable.objects.bulk_create(
        PartyTable(round=rnd, number=i, **_fields(players)) for i, players in enumerate(seating, start=1)
    )
    return rnd


def _drawn(party: Party, guests: list[int], assignment: Mapping[str, tuple[int, str]] | None) -> list[list[int]]:
    """Round 1's tables in seat order: the tally cards drawn, or as drawn at the tables (guest -> (table,
    seat number)), every place taken once."""
    if assignment is None:
        _rng(party, "tally").shuffle(guests)
        return [guests[i * party.hands : (i + 1) * party.hands] for i in range(party.tables)]
    places = {(t, str(n)) for t in range(1, party.tables + 1) for n in range(1, party.hands + 1)}
    by_place = {(table, str(seat)): int(who) for who, (table, seat) in assignment.items()}
    if set(by_place) != places or sorted(by_place.values()) != sorted(guests) or len(assignment) != len(guests):
        raise EntryError(_("Give every guest one place, every seat of every table once."), field="guests")
    return [[by_place[(t, str(n))] for n in range(1, party.hands + 1)] for t in range(1, party.tables + 1)]


@transaction.atomic
def start_hands_party(
    *, actor: Actor, party: Party, assignment: Mapping[str, tuple[int, str]] | None = None
) -> PartyRound:
    """Draw the tally cards at random and seat round 1: every table holds exactly ``party.hands`` guests.

    ``assignment`` (guest id -> (table, seat "1" to "6")) seats round 1 as the cards were drawn at the tables
    (or as a simulated party drew them) instead of Bridgedesk's draw."""
    party = Party.objects.select_for_update().get(pk=party.pk)
    if party.status != Party.Status.SETUP:
        raise EntryError(_("The tally cards have already been drawn."))
    guests = list(party.guests.filter(ghost=False).values_list("pk", flat=True))
    need = party.tables * party.hands
    if len(guests) != need:
        raise EntryError(
            _("%(tables)s tables of %(hands)s need %(need)s guests; you have %(n)s.")
            % {"tables": party.tables, "hands": party.hands, "need": need, "n": len(guests)},
            field="guests",
        )
    seating = _drawn(party, guests, assignment)
    rnd = save_round(party, 1, seating)
    party.status = Party.Status.PLAYING
    party.save(update_fields=["status", "updated_at"])
    new = {"seating": [{"table": i, "players": [str(p) for p in s]} for i, s in enumerate(seating, start=1)]}
    why = "tally cards drawn" if assignment is None else "tally cards as drawn at the tables"
    audit.record(actor=actor, action=AuditAction.PARTY_START, target=party, new=new, why=why)
    issue_links(party, range(1, party.tables + 1))  # each table's phone link, made with its first round
    bump_party(party.pk)
    return rnd


def _number(value: Any, deal: int, field: str) -> int:
    try:
        return int(str(value).strip())
    except ValueError:
        raise EntryError(_("Deal %(deal)s: write a whole number.") % {"deal": deal}, deal=deal, field=field) from None


def hand_entry(row: Mapping[str, Any], seats: Mapping[str, str], deal: int) -> dict[str, Any]:
    """One typed deal as ``FiveHundred.score_deal`` reads it: seat numbers become the players.

    ``row``: ``bidder`` (a seat number), ``bid`` ("7H", "NULLO"), ``partners`` (five-hand: the seat numbers
    the bidder named, "3" or "3 5") and ``tricks_<seat>`` (the tricks each player took: ten in all).
    """
    bidder = str(row.get("bidder") or "").strip()
    if bidder not in seats:
        raise EntryError(
            _("Deal %(deal)s: who was the bidder? Choose a seat, 1 to %(n)s.") % {"deal": deal, "n": len(seats)},
            deal=deal,
            field="bidder",
        )
    named = str(row.get("partners") or "").replace(",", " ").split()
    if any(p not in seats for p in named):
        raise EntryError(
            _("Deal %(deal)s: name the bidder's partners by seat number.") % {"deal": deal}, deal=deal, field="partners"
        )
    tricks = {seats[s]: _number(row.get(f"tricks_{s}") or 0, deal, "tricks") for s in seats}
    entry: dict[str, Any] = {"bidder": seats[bidder], "bid": str(row.get("bid") or ""), "tricks": tricks}
    if named:
        entry["partners"] = [seats[p] for p in named]
    return entry


def _recorded_cut(
    rules: games.Game, players: Sequence[str], totals: Mapping[str, int], moving: Sequence[str], cut: Sequence[str]
) -> tuple[str, ...]:
    """The progressors a cut already made at the table chose (``cut``: their ids), if the laws allow them: as many
    as the laws move, none below anyone left behind, and at four or six a whole side."""
    chosen = tuple(p for p in players if p in cut)
    rest = [totals[p] for p in players if p not in chosen]
    sides = [set(side) for side in rules.sides(players)]
    whole_side = len(players) not in (4, 6) or set(chosen) in sides
    if len(chosen) != len(moving) or len(set(cut)) != len(chosen) or not whole_side:
        raise EntryError(_("The cut names players who cannot progress from this table."), field="cut")
    if rest and min(totals[p] for p in chosen) < max(rest):
        raise EntryError(_("The cut names players who cannot progress from this table."), field="cut")
    return chosen


@transaction.atomic
def record_hand_deals(
    *, actor: Actor, table: PartyTable, rows: Sequence[Mapping[str, Any]], why: str = "", cut: Sequence[str] = ()
) -> PartyTable:
    """A table's round, one deal per player: scored by the laws, each player's total kept, the progressors named.

    ``cut``: the guests (ids) a cut already made at the table sent up, used if a tie calls for a cut."""
    why = check_why(why)
    table = locked_table(table)
    party = table.round.party
    rules = games.game(party.form)
    seats = table.seat_ids
    if len(rows) != len(seats):
        raise EntryError(
            _("A round at a table of %(n)s is %(n)s deals, one dealt by each player: %(typed)s typed.")
            % {"n": len(seats), "typed": len(rows)}
        )
    entries = [hand_entry(row, seats, n) for n, row in enumerate(rows, start=1)]
    players = list(seats.values())
    try:
        scores = rules.score_deals(entries, players)
    except GameError as exc:
        raise EntryError(str(exc), deal=exc.deal or None, field=exc.field or None) from exc
    totals = {p: sum(s[p] for s in scores) for p in players}
    rng = _rng(party, "tie", table.round.number, table.number)
    moving, how = rules.progressors(players, totals, TIE_RULES.get(party.tie_rule, "cut"), rng)
    if cut and how == "cut":
        moving = _recorded_cut(rules, players, totals, moving, cut)
    winner = "".join(s for s, p in seats.items() if p in moving)
    if table.round.progressed and table.winner and winner != table.winner:
        raise EntryError(
            _("The progression after round %(number)s has been called; this correction would change who moved.")
            % {"number": table.round.number}
        )
    old = table_snapshot(table)
    by_seat = {s: totals[p] for s, p in seats.items()}
    table.entry, table.seat_totals = PartyTable.Entry.DEALS, by_seat
    table.ns_total, table.ew_total = by_seat["1"], by_seat["2"]  # six-hand: the odd and the even partners
    table.winner, table.decided_by = winner, how
    table.save()
    new = {**table_snapshot(table), "hands": [dict(r) for r in rows]}
    audit.record(actor=actor, action=AuditAction.PARTY_TABLE, target=table, old=old, new=new, why=why)
    bump_party(party.pk)  # the host's page and the table phones see the round at once
    return table


@transaction.atomic
def call_hands_progression(*, actor: Actor, party: Party) -> PartyRound:
    """Every table has entered: the progressors move up, the head table's lowest go to the last table."""
    party = Party.objects.select_for_update().get(pk=party.pk)
    refuse_if_finished(party, "play another round")
    if party.status != Party.Status.PLAYING:
        raise EntryError(_("The party is not in play."))
    current = party.rounds.order_by("-number").first()
    if current is None:
        raise EntryError(_("Draw the tally cards first."))
    tables = list(current.tables.order_by("number"))
    waiting = [t.number for t in tables if not t.entered]
    if waiting:
        raise EntryError(
            _("Waiting for table %(join)s to enter round %(number)s.")
            % {"join": ", ".join(map(str, waiting)), "number": current.number}
        )
    played = []
    for t in tables:
        seats = t.seat_ids
        totals = {p: int(t.seat_totals[s]) for s, p in seats.items()}
        moving = tuple(seats[s] for s in t.winner)
        played.append(PlayedTable(t.number, list(seats.values()), scores=[totals], progressors=moving))
    seating = next_tables(games.game(party.form), played, keep_partners=False, head_keeps=False)
    current.progressed = True
    current.save(update_fields=["progressed", "updated_at"])
    rnd = save_round(party, current.number + 1, [[int(p) for p in s] for s in seating])
    new = {"round": rnd.number, "seating": [{"table": i, "players": s} for i, s in enumerate(seating, start=1)]}
    audit.record(actor=actor, action=AuditAction.PARTY_PROGRESSION, target=rnd, new=new)
    bump_party(party.pk)
    return rnd
