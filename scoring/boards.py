"""Dealer and vulnerability of a duplicate board, seats and sides, board sets.

Boards follow the 16-board cycle printed on every duplicate board: board 17 is dealt and vulnerable like
board 1, and so on.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from scoring.errors import InvalidBoard
from scoring.messages import gettext as _

__all__ = [
    "SEATS",
    "Seat",
    "Side",
    "Vulnerability",
    "board_dealer",
    "board_sets",
    "board_vulnerability",
    "is_vulnerable",
    "parse_seat",
    "parse_side",
    "parse_vulnerability",
    "partner",
    "side_of",
]

Seat: TypeAlias = Literal["N", "E", "S", "W"]
Side: TypeAlias = Literal["NS", "EW"]
Vulnerability: TypeAlias = Literal["None", "NS", "EW", "All"]

SEATS: tuple[Seat, ...] = ("N", "E", "S", "W")

# Boards 1..16 in order. The laws' table: Neither 1, 8, 11, 14; N-S 2, 5, 12, 15; E-W 3, 6, 9, 16;
# Both 4, 7, 10, 13.
_VULNERABILITY_CYCLE: tuple[Vulnerability, ...] = (
    "None", "NS", "EW", "All",
    "NS", "EW", "All", "None",
    "EW", "All", "None", "NS",
    "All", "None", "NS", "EW",
)  # fmt: skip

_SEAT_WORDS: dict[str, Seat] = {
    "N": "N", "NORTH": "N",
    "E": "E", "EAST": "E",
    "S": "S", "SOUTH": "S",
    "W": "W", "WEST": "W",
}  # fmt: skip

_VULNERABILITY_WORDS: dict[str, Vulnerability] = {
    "NONE": "None", "NEITHER": "None", "LOVE": "None", "NIL": "None", "-": "None", "O": "None",
    "NS": "NS", "N-S": "NS", "N/S": "NS",
    "EW": "EW", "E-W": "EW", "E/W": "EW",
    "ALL": "All", "BOTH": "All", "B": "All",
}  # fmt: skip


def _check_board_number(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidBoard(_("Board numbers start at 1; %(number)s is not a board number.") % {"number": repr(n)})
    return n


def board_dealer(n: int) -> Seat:
    """The dealer of board ``n``: North deals 1, 5, 9, 13; East 2, 6, ...; South 3, 7, ...; West 4, 8, ..."""
    return SEATS[(_check_board_number(n) - 1) % 4]


def board_vulnerability(n: int) -> Vulnerability:
    """The vulnerability of board ``n`` in the 16-board cycle: ``"None"``, ``"NS"``, ``"EW"`` or ``"All"``."""
    return _VULNERABILITY_CYCLE[(_check_board_number(n) - 1) % 16]


def parse_seat(seat: str) -> Seat:
    """Read a seat written as ``"N"``, ``"north"``, ``" S "``; raise :class:`InvalidBoard` otherwise."""
    key = seat.strip().upper() if isinstance(seat, str) else ""
    try:
        return _SEAT_WORDS[key]
    except KeyError:
        raise InvalidBoard(_("%(seat)s is not a seat: use N, E, S or W.") % {"seat": repr(seat)}) from None


def parse_vulnerability(value: str | int) -> Vulnerability:
    """Vulnerability from a board number or a word (``"None"``, ``"Love"``, ``"N-S"``, ``"Both"``, ...)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return board_vulnerability(value)
    key = value.strip().upper().replace(" ", "") if isinstance(value, str) else ""
    try:
        return _VULNERABILITY_WORDS[key]
    except KeyError:
        raise InvalidBoard(
            _("%(value)s is not a vulnerability: use None, NS, EW or All.") % {"value": repr(value)}
        ) from None


def parse_side(side: str) -> Side:
    """Read a side written as ``"NS"``, ``"n-s"``, ``"E/W"``; raise :class:`InvalidBoard` otherwise."""
    key = side.strip().upper().replace("-", "").replace("/", "") if isinstance(side, str) else ""
    if key == "NS":
        return "NS"
    if key == "EW":
        return "EW"
    raise InvalidBoard(_("%(side)s is not a side: use NS or EW.") % {"side": repr(side)})


def side_of(seat: str) -> Side:
    """The partnership a seat belongs to."""
    return "NS" if parse_seat(seat) in ("N", "S") else "EW"


def partner(seat: str) -> Seat:
    """The seat opposite."""
    return SEATS[(SEATS.index(parse_seat(seat)) + 2) % 4]


def is_vulnerable(vulnerability: str | int, seat_or_side: str) -> bool:
    """Whether the seat (``"N"``...) or side (``"NS"``/``"EW"``) is vulnerable under ``vulnerability``.

    ``vulnerability`` may be a board number, so ``is_vulnerable(5, "S")`` is True (board 5 is N-S vulnerable).
    """
    vul = parse_vulnerability(vulnerability)
    key = seat_or_side.strip().upper().replace("-", "").replace("/", "")
    side: Side = ("NS" if key == "NS" else "EW") if key in ("NS", "EW") else side_of(key)
    return vul == "All" or vul == side


def board_sets(boards_per_set: int, sets: int, *, first: int = 1) -> list[range]:
    """Consecutive board sets: ``board_sets(3, 2)`` is ``[range(1, 4), range(4, 7)]``."""
    if boards_per_set < 1 or sets < 1:
        raise InvalidBoard(_("A board set needs at least one board, and there must be at least one set."))
    _check_board_number(first)
    return [range(first + i * boards_per_set, first + (i + 1) * boards_per_set) for i in range(sets)]
