"""The four hands of a board as the first table types them on the card grid, checked into a PBN deal.

Pure (no Django): the table side's hands service calls it, so the phone and any other terminal are held to the
same counting (13 cards a hand, 52 in all, no card twice) and told which hand or card is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scoring.errors import ScoringError
from scoring.leads import RANKS, SUITS, InvalidLead, parse_card
from scoring.messages import gettext
from scoring.messages import gettext_noop as N_

__all__ = ["InvalidHands", "deal_from_cards", "hands_of_deal"]

SEATS = "NESW"
SEAT_NAMES = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}


class InvalidHands(ScoringError):
    """Hands that do not make a deal; `seat` names the hand to look at ("" when it is the whole)."""

    def __init__(self, message: str, seat: str = "") -> None:
        super().__init__(message)
        self.seat = seat


def _cards_of(seat: str, typed: Sequence[str]) -> list[str]:
    cards = []
    for text in typed:
        try:
            cards.append(parse_card(str(text)))
        except InvalidLead as exc:
            raise InvalidHands(f"{gettext(SEAT_NAMES[seat])}: {exc}", seat) from None
    return cards


def deal_from_cards(hands: Mapping[str, Sequence[str]]) -> str:
    """`{"N": ["SA", "SK", ...], "E": [...], "S": [...], "W": [...]}` -> "N:AK.QJ2.T98.7654 ..." (North first,
    ranks from the ace down), or InvalidHands saying which hand has too few or too many cards, or which card is
    in two hands."""
    unknown = sorted(set(hands) - set(SEATS))
    if unknown:
        raise InvalidHands(
            gettext("%(unknown)s is not a seat: the hands are N, E, S and W.") % {"unknown": repr(unknown[0])}
        )
    seen: dict[str, str] = {}
    parts = []
    for seat in SEATS:
        cards = _cards_of(seat, hands.get(seat) or ())
        for card in cards:
            if card in seen:
                if seen[card] == seat:
                    message = gettext("%(seat)s holds the %(card)s, which is twice.")
                else:
                    message = gettext("%(seat)s holds the %(card)s, which is in %(other)s's hand too.")
                names = {"seat": gettext(SEAT_NAMES[seat]), "card": card, "other": gettext(SEAT_NAMES[seen[card]])}
                raise InvalidHands(message % names, seat)
            seen[card] = seat
        if len(cards) != 13:
            raise InvalidHands(
                gettext("%(seat)s's hand has %(count)s cards; a hand has 13.")
                % {"seat": gettext(SEAT_NAMES[seat]), "count": len(cards)},
                seat,
            )
        suits = ["".join(r for r in RANKS if suit + r in cards) for suit in SUITS]
        parts.append(".".join(suits))
    return "N:" + " ".join(parts)


def hands_of_deal(deal: str) -> dict[str, list[str]]:
    """A stored PBN deal as cards per seat (["SA", "SK", ...]); {} when the deal is unknown or unreadable."""
    first, _, rest = deal.strip().partition(":")
    texts = rest.split()
    if first.upper() not in SEATS or len(texts) != 4:
        return {}
    start = SEATS.index(first.upper())
    out: dict[str, list[str]] = {}
    for offset, text in enumerate(texts):
        suits = text.split(".")
        if len(suits) != 4:
            return {}
        seat = SEATS[(start + offset) % 4]
        out[seat] = [suit + rank for suit, ranks in zip(SUITS, suits, strict=True) for rank in ranks.upper()]
    return out
