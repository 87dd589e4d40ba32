"""The opening lead checked against the deal: the card must be in the hand of the player on declarer's left.

Pure (no Django): the results service calls it for every line, so the phone's result and the director's
traveller are refused by the same rule with the same words.
"""

from __future__ import annotations

from scoring.boards import SEATS, parse_seat
from scoring.errors import ScoringError
from scoring.messages import gettext
from scoring.messages import gettext_noop as N_

__all__ = ["InvalidLead", "check_lead", "leader_of", "parse_card"]

SUITS = "SHDC"
RANKS = "AKQJT98765432"
_SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
_SYMBOLS = str.maketrans("♠♥♦♣", "SHDC")
_SEAT_NAMES = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}
_RANK_NAMES = {"A": N_("ace"), "K": N_("king"), "Q": N_("queen"), "J": N_("jack"), "T": N_("ten")}


class InvalidLead(ScoringError):
    """A lead that is not a card, or a card the leader does not hold."""


def parse_card(text: str) -> str:
    """ "SK", "h10", "♥T", "D2" -> "SK", "HT", "HT", "D2"; raise InvalidLead for anything else."""
    card = text.strip().upper().replace("10", "T")
    card = card.translate(_SYMBOLS)
    if len(card) != 2 or card[0] not in SUITS or card[1] not in RANKS:
        raise InvalidLead(
            gettext("%(text)s is not a card: type the suit then the rank, such as SK, H10 or D2.")
            % {"text": repr(text.strip())}
        )
    return card


def leader_of(declarer: str) -> str:
    """The opening leader: the player on declarer's left (N -> E, E -> S, S -> W, W -> N)."""
    seat = parse_seat(declarer)
    return SEATS[(SEATS.index(seat) + 1) % 4]


def _hand(deal: str, seat: str) -> list[str] | None:
    """The four suits of `seat`'s hand in a PBN deal ("N:AKQ.J9.T8.765 ..."), or None when the deal is unreadable."""
    first, _, rest = deal.strip().partition(":")
    hands = rest.split()
    if first.upper() not in SEATS or len(hands) != 4:
        return None
    start = SEATS.index(first.upper())
    suits = hands[(SEATS.index(seat) - start) % 4].split(".")
    return [s.upper() for s in suits] if len(suits) == 4 else None


def check_lead(deal: str, declarer: str, lead: str) -> str:
    """The lead as stored ("HT"), after checking it is a card the leader holds when the deal is known.

    An empty lead is no lead; an unknown or unreadable deal checks only that the lead is a card."""
    if not lead.strip():
        return ""
    card = parse_card(lead)
    if not deal.strip() or not declarer.strip():
        return card
    leader = leader_of(declarer)
    hand = _hand(deal, leader)
    if hand is None or card[1] in hand[SUITS.index(card[0])]:
        return card
    rank = gettext(_RANK_NAMES[card[1]]) if card[1] in _RANK_NAMES else card[1]
    # Translators: a card's name, like "ace of spades" or "7 of hearts".
    name = gettext("%(rank)s of %(suit)s") % {"rank": rank, "suit": gettext(_SUIT_NAMES[card[0]])}
    raise InvalidLead(
        gettext(
            "The %(card)s is not in %(who)s's hand: %(who)s, on declarer's left, makes the opening lead. "
            "Check the lead (or the declarer)."
        )
        % {"card": name, "who": gettext(_SEAT_NAMES[leader])}
    )
