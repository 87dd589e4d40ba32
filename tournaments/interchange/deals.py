"""Deals (hand records): checked card by card, stored as a PBN deal string with North first.

The counting (13 cards a hand, no card twice) is done here, to tell the director exactly which hand is wrong;
then each suit's ranks are put in order (AKQJT98765432), as endplay writes a hand. Not through endplay: it
loads matplotlib (about 0.4 s of CPU), which the first import of a process paid to sort a few letters.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from .errors import InterchangeError

SEATS = ("N", "E", "S", "W")
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUITS = ("S", "H", "D", "C")
RANKS = "AKQJT98765432"


def _hand(text: str) -> str:
    """A checked hand with each suit's ranks in order ("2QKA.3JK.89T.67Q" -> "AKQ2.KJ3.T98.Q76"); ValueError
    for a hand that is not four suits of ranks (the checks before make that a slip of ours)."""
    suits = text.upper().split(".")
    if len(suits) != 4:
        raise ValueError(f"{len(suits)} suits, not 4")
    return ".".join("".join(sorted(suit, key=RANKS.index)) for suit in suits)


_VOIDS = ("-", "\u2014", "\u2013", "VOID")  # how programs write an empty suit (an empty element too)


def _check_holding(holding: str, seat: str, suit: str, where: str) -> str:
    cards = "".join(holding.split()).replace(",", "").upper().replace("10", "T")
    if cards in _VOIDS:
        return ""
    for card in cards:
        if card not in RANKS:
            raise InterchangeError(
                _("%(seat)s's %(suit)s holding %(text)s has %(card)s, which is not a card rank (use AKQJT98765432).")
                % {"seat": SEAT_NAMES[seat], "suit": suit, "text": repr(holding.strip()), "card": repr(card)},
                where,
            )
    return cards


def _check_hands(hands: Mapping[str, tuple[str, str, str, str] | None], where: str) -> None:
    """Each known hand has 13 cards, and no card is in two places."""
    seen: dict[str, str] = {}
    for seat in SEATS:
        hand = hands.get(seat)
        if hand is None:
            continue
        count = 0
        for suit, cards in zip(SUITS, hand, strict=True):
            count += len(cards)
            for rank in cards:
                card = suit + rank
                if card in seen:
                    other = SEAT_NAMES[seen[card]]
                    same = "twice in that hand" if seen[card] == seat else f"also in {other}'s hand"
                    raise InterchangeError(
                        _("%(seat)s holds the %(suit)s%(rank)s, which is %(same)s.")
                        % {"seat": SEAT_NAMES[seat], "suit": suit, "rank": rank, "same": same},
                        where,
                    )
                seen[card] = seat
        if count != 13:
            raise InterchangeError(
                _("%(seat)s's hand has %(count)s cards; a hand has 13.") % {"seat": SEAT_NAMES[seat], "count": count},
                where,
            )


def deal_from_hands(hands: Mapping[str, tuple[str, str, str, str] | None], where: str = "") -> str:
    """A PBN deal string from holdings per seat (spades, hearts, diamonds, clubs); missing seats are unknown."""
    checked: dict[str, tuple[str, str, str, str] | None] = {}
    for seat in SEATS:
        hand = hands.get(seat)
        if hand is None:
            checked[seat] = None
            continue
        s, h, d, c = (_check_holding(x, seat, suit, where) for x, suit in zip(hand, SUITS, strict=True))
        checked[seat] = (s, h, d, c)
    _check_hands(checked, where)
    if all(v is None for v in checked.values()):
        return ""
    text = "N:" + " ".join(".".join(hand) if hand is not None else "-" for hand in checked.values())
    return normalise(text, where)


def parse_deal(text: str, where: str = "") -> str:
    """Check a PBN deal (``"E:AKQ.. ..."``, ``-`` for an unknown hand) and return it with North first."""
    value = text.strip()
    if value in ("", "?"):
        return ""
    if len(value) < 2 or value[1] != ":" or value[0].upper() not in SEATS:
        raise InterchangeError(
            _('%(value)s is not a PBN deal: it starts with the first seat and a colon, like "N:AKQ.JT9.8765.432 ...".')
            % {"value": repr(value[:20])},
            where,
        )
    first = SEATS.index(value[0].upper())
    parts = value[2:].split()
    if len(parts) != 4:
        raise InterchangeError(
            _("A deal has four hands separated by spaces; this one has %(count)s.") % {"count": len(parts)}, where
        )
    hands: dict[str, tuple[str, str, str, str] | None] = {}
    for offset, part in enumerate(parts):
        seat = SEATS[(first + offset) % 4]
        if part == "-":
            hands[seat] = None
            continue
        suits = part.split(".")
        if len(suits) != 4:
            raise InterchangeError(
                _("%(seat)s's hand %(part)s needs four suits separated by dots (spades.hearts.diamonds.clubs).")
                % {"seat": SEAT_NAMES[seat], "part": repr(part)},
                where,
            )
        hands[seat] = (suits[0], suits[1], suits[2], suits[3])
    return deal_from_hands(hands, where)


def normalise(text: str, where: str = "") -> str:
    """Render a checked deal (North first): ranks in order, ``-`` for unknown hands."""
    out = []
    for part in text[2:].split():
        if part == "-":
            out.append("-")
            continue
        try:
            out.append(_hand(part))
        except ValueError as exc:  # should our checks have missed one
            raise InterchangeError(
                _("the hand %(part)s could not be read: %(exc)s") % {"part": repr(part), "exc": exc}, where
            ) from None
    return "N:" + " ".join(out)


def hands_of(deal: str) -> dict[str, tuple[str, str, str, str] | None]:
    """Holdings per seat from a stored deal (North first), for writers that list hands one by one."""
    out: dict[str, tuple[str, str, str, str] | None] = {seat: None for seat in SEATS}
    if not deal:
        return out
    first = SEATS.index(deal[0].upper())
    for offset, part in enumerate(deal[2:].split()):
        seat = SEATS[(first + offset) % 4]
        if part != "-":
            s, h, d, c = part.split(".")
            out[seat] = (s, h, d, c)
    return out
