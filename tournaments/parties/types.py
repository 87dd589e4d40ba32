"""The shapes shared by the party logic: guests, a table's seating for one round, the host's choices."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from tournaments.core.errors import DomainError

__all__ = [
    "GROUPS",
    "LEFT",
    "OPPOSITE",
    "PROGRESSIONS",
    "SEATS",
    "TIE_RULES",
    "VULNERABILITY_METHODS",
    "Guest",
    "PartyError",
    "Seat",
    "Side",
    "TableSeating",
]

Seat: TypeAlias = Literal["N", "E", "S", "W"]
Side: TypeAlias = Literal["NS", "EW"]
SEATS: tuple[Seat, ...] = ("N", "E", "S", "W")
LEFT: dict[str, Seat] = {"N": "E", "E": "S", "S": "W", "W": "N"}  # the player on your left deals next
OPPOSITE: dict[str, Seat] = {"N": "S", "S": "N", "E": "W", "W": "E"}

GROUPS = ("lady", "gentleman")

# Law 5 and the alternatives in its and Law 6's comments.
PROGRESSIONS = {
    "standard": "Law 5: at table 1 winners stay, losers go to the last table; elsewhere winners move up",
    "fixed": "Fixed partners: Law 5 moves, but partners never change (a pair contest)",
    "ns_stationary": "N-S stay put; E-W move one table towards table 1, then to the last table",
}
# Law 9 and its comment; the host announces the method before play.
VULNERABILITY_METHODS = {
    "law9": "Law 9: first deal none, second and third dealer's side, fourth both",
    "none": "Every deal as though neither side were vulnerable",
    "all": "Every deal as though both sides were vulnerable",
}
# How a tie at a table is broken; chosen before play.
TIE_RULES = {
    "last_deal": "The pair that scored more on the last deal that was not a tie (else a cut of the cards)",
    "cut": "A cut of the cards (Bridgedesk draws them)",
    "north_south": "The North-South pair counts as the winners",
    "host": "Decided at the table (euchre: most tricks towards the next hand); asked for at entry",
}


class PartyError(DomainError, ValueError):
    """A party that cannot be set up or played as asked; the message is for the host (the one domain error)."""


@dataclass(frozen=True)
class Guest:
    """A guest: id (a string), name and group ("lady", "gentleman" or None for no distinction)."""

    id: str
    name: str
    group: str | None = None


@dataclass
class TableSeating:
    """Who sits where at one table for one round, who deals first, and (pivot of five) who sits out."""

    table: int
    seats: dict[str, str]  # seat letter -> guest id
    first_dealer: Seat = "N"
    sitting_out: tuple[str, ...] = field(default_factory=tuple)

    def side_of(self, guest: str) -> Side:
        """Which side the guest plays on at this table."""
        for seat, who in self.seats.items():
            if who == guest:
                return "NS" if seat in ("N", "S") else "EW"
        raise PartyError(f"Guest {guest} is not at table {self.table}.")

    def pair(self, side: str) -> tuple[str, ...]:
        """The guests at the seats named by ``side``: a pair ("NS", "EW"), or an individual game's winners ("NE")."""
        if not side or any(s not in self.seats for s in side):
            raise PartyError(f"Table {self.table}: {side!r} names no seats.")
        return tuple(self.seats[s] for s in side)

    def players(self) -> tuple[str, ...]:
        """In seat order: N, E, S, W, or seats "1" to "6" at five hundred's tables of 3, 5 or 6."""
        if all(s in self.seats for s in SEATS):
            return tuple(self.seats[s] for s in SEATS)
        return tuple(self.seats[s] for s in sorted(self.seats))
