"""Law 2, tally cards: one per guest, each with a table and a position, drawn at random or assigned.

At a mixed party there are two piles of different colours (the "Hints to the Hostess"): gentlemen draw from
one, ladies from the other, so that every table starts with two mixed couples. Bridgedesk's convention is
that gentlemen hold the North and East cards and ladies South and West, so couple 1 (N-S) and couple 2 (E-W)
are each a gentleman and a lady, and the progression (Law 6) keeps it so.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.messages import gettext
from scoring.messages import gettext_noop as N_

from .types import SEATS, Guest, PartyError, Seat, TableSeating

__all__ = [
    "GENTLEMAN_SEATS",
    "LADY_SEATS",
    "TallyCard",
    "assign_tally_cards",
    "check_guests",
    "draw_tally_cards",
    "tally_cards_for",
]

GENTLEMAN_SEATS: tuple[Seat, ...] = ("N", "E")
LADY_SEATS: tuple[Seat, ...] = ("S", "W")
# Marked for the catalogue (N_), translated where shown (`gettext(SEAT_NAMES[seat])`).
SEAT_NAMES = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}
# Five hundred at three, five or six: the laws' A 1 ... A 6.
SEAT_NAMES.update(
    {"1": N_("Seat 1"), "2": N_("Seat 2"), "3": N_("Seat 3"), "4": N_("Seat 4"), "5": N_("Seat 5"), "6": N_("Seat 6")}
)


@dataclass(frozen=True)
class TallyCard:
    """One printed tally: where its holder starts, and the pile (colour) it belongs to."""

    guest: str
    table: int
    seat: str
    pile: str  # "lady", "gentleman" or "" at a party without the distinction

    @property
    def couple(self) -> int:
        """The laws' couple number at the table: 1 for N-S, 2 for E-W."""
        return 1 if self.seat in ("N", "S") else 2

    @property
    def label(self) -> str:
        return gettext("Table %(table)s · %(seat)s · Couple %(couple)s") % {
            "table": self.table,
            "seat": gettext(SEAT_NAMES[self.seat]),
            "couple": self.couple,
        }


def check_guests(guests: Sequence[Guest], tables: int, *, mixed: bool) -> None:
    """Raise PartyError unless the guests exactly fill the tables (and, when mixed, half are ladies)."""
    if tables < 2:
        raise PartyError("A progressive party needs at least 2 tables.")
    if len(guests) != 4 * tables:
        raise PartyError(
            f"{tables} tables seat exactly {4 * tables} guests; you have {len(guests)}. "
            "Add or remove guests, or change the number of tables."
        )
    if len({g.id for g in guests}) != len(guests):
        raise PartyError("Two guests have the same id.")
    if mixed:
        ladies = sum(1 for g in guests if g.group == "lady")
        gentlemen = sum(1 for g in guests if g.group == "gentleman")
        if ladies != 2 * tables or gentlemen != 2 * tables:
            raise PartyError(
                f"A mixed party at {tables} tables needs {2 * tables} ladies and {2 * tables} gentlemen; "
                f"you have {ladies} ladies and {gentlemen} gentlemen. Mark each guest L or G, or choose "
                "no distinction."
            )


def _first_dealer(rng: random.Random, *, mixed: bool) -> Seat:
    """Round 1: at a mixed party the two ladies draw for deal (the specimen announcement); else Law 7."""
    return rng.choice(LADY_SEATS) if mixed else rng.choice(SEATS)


def draw_tally_cards(guests: Sequence[Guest], tables: int, rng: random.Random, *, mixed: bool) -> list[TableSeating]:
    """Shuffle the pile(s) and deal one tally card to each guest: the seating for round 1."""
    check_guests(guests, tables, mixed=mixed)
    seating = {t: TableSeating(table=t, seats={}) for t in range(1, tables + 1)}
    if mixed:
        piles = [
            ([g for g in guests if g.group == "gentleman"], GENTLEMAN_SEATS),
            ([g for g in guests if g.group == "lady"], LADY_SEATS),
        ]
    else:
        piles = [(list(guests), SEATS)]
    for people, seats in piles:
        cards = [(t, s) for t in range(1, tables + 1) for s in seats]
        rng.shuffle(cards)
        for guest, (table, seat) in zip(people, cards, strict=True):
            seating[table].seats[seat] = guest.id
    for place in seating.values():
        place.first_dealer = _first_dealer(rng, mixed=mixed)
    return [seating[t] for t in sorted(seating)]


def assign_tally_cards(
    guests: Sequence[Guest],
    tables: int,
    assignment: Mapping[str, tuple[int, str]],
    rng: random.Random,
    *,
    mixed: bool,
) -> list[TableSeating]:
    """The host's own assignment (guest id -> (table, seat)), checked: every seat once, piles respected."""
    check_guests(guests, tables, mixed=mixed)
    by_id = {g.id: g for g in guests}
    missing = [by_id[g].name for g in by_id if g not in assignment]
    if missing:
        raise PartyError(f"No table and position for: {', '.join(missing)}.")
    taken: dict[tuple[int, str], str] = {}
    seating = {t: TableSeating(table=t, seats={}) for t in range(1, tables + 1)}
    for guest_id, (table, seat) in assignment.items():
        guest = by_id.get(guest_id)
        if guest is None:
            raise PartyError(f"Unknown guest {guest_id}.")
        if table not in seating or seat not in SEATS:
            raise PartyError(f"{guest.name}: table {table} {seat} is not a place at this party.")
        if (table, seat) in taken:
            raise PartyError(f"{guest.name} and {by_id[taken[(table, seat)]].name} both have table {table} {seat}.")
        if mixed and seat not in (GENTLEMAN_SEATS if guest.group == "gentleman" else LADY_SEATS):
            raise PartyError(f"{guest.name}: at a mixed party gentlemen sit North or East and ladies South or West.")
        taken[(table, seat)] = guest_id
        seating[table].seats[seat] = guest_id
    for place in seating.values():
        place.first_dealer = _first_dealer(rng, mixed=mixed)
    return [seating[t] for t in sorted(seating)]


def tally_cards_for(seating: Sequence[TableSeating], groups: Mapping[str, str | None]) -> list[TallyCard]:
    """The tally cards that put the guests where round 1's seating has them."""
    cards = [
        TallyCard(guest=who, table=t.table, seat=seat, pile=groups.get(who) or "")
        for t in seating
        for seat, who in t.seats.items()
    ]
    return sorted(cards, key=lambda c: (c.pile, c.table, SEATS.index(c.seat) if c.seat in SEATS else int(c.seat)))
