"""The play of a deal card by card as the table entered it on the phone (Laws 44 and 68-70): the opening leader is
declarer's left-hand opponent, each player follows suit when able (checked when the deal is known), every card
is held by the player who plays it and is played once, the highest trump or else the highest card of the suit led
wins the trick, and its winner leads to the next. A claim ends the play after a whole trick: the table types how
many of the remaining tricks declarer takes.

Pure (no Django): the table side checks a sent play with it against the contract, declarer and tricks sent beside
it; the interchange formats (PBN [Play], BBO .lin) read and write the same stored text.

Stored text: the cards in the order played ("HT H2 HA H5 ..."), a claim last as "=N" (declarer's remaining
tricks), e.g. "HT H2 HA H5 S3 SA S2 S4 =11".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.boards import SEATS, parse_seat
from scoring.contracts import parse_contract
from scoring.errors import ScoringError
from scoring.hands import hands_of_deal
from scoring.leads import RANKS, InvalidLead, leader_of, parse_card
from scoring.messages import gettext
from scoring.messages import gettext_noop as N_

__all__ = [
    "InvalidPlay",
    "Play",
    "Trick",
    "check_cards",
    "check_play",
    "play_columns",
    "play_from_cards",
    "play_from_columns",
    "trick_winner",
]

_SEAT_NAMES = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}


class InvalidPlay(ScoringError):
    """A play that breaks a rule (a card not held, played twice, a revoke), or that has not ended."""


@dataclass(frozen=True)
class Trick:
    """One trick: who led it, the cards in the order played (from the leader) and who won it."""

    leader: str
    cards: tuple[str, ...]
    winner: str

    def seat_card(self, seat: str) -> str:
        """The card `seat` played to this trick ("" when the trick stopped before that seat played)."""
        offset = (SEATS.index(seat) - SEATS.index(self.leader)) % 4
        return self.cards[offset] if offset < len(self.cards) else ""


@dataclass(frozen=True)
class Play:
    """A checked play: the whole tricks, the claim (declarer's remaining tricks, None without one) and the tricks
    declarer's side took in all (won at the table plus claimed)."""

    declarer: str
    tricks: tuple[Trick, ...]
    claim: int | None
    declarer_tricks: int

    @property
    def cards(self) -> tuple[str, ...]:
        """Every card in the order played."""
        return tuple(card for trick in self.tricks for card in trick.cards)

    def text(self) -> str:
        """As stored: the cards separated by spaces, then "=N" for a claim."""
        claim = () if self.claim is None else (f"={self.claim}",)
        return " ".join((*self.cards, *claim))


def trick_winner(leader: str, cards: Sequence[str], trumps: str | None) -> str:
    """The seat that wins a whole trick led by `leader`: the highest trump, else the highest card of the suit led."""
    led = cards[0][0]

    def strength(card: str) -> int:
        suit_bonus = 100 if trumps and card[0] == trumps else (50 if card[0] == led else 0)
        return suit_bonus - RANKS.index(card[1]) if suit_bonus else -1000

    best = max(range(len(cards)), key=lambda i: strength(cards[i]))
    return SEATS[(SEATS.index(leader) + best) % 4]


def _split(typed: str) -> tuple[list[str], int | None]:
    words = typed.split()
    claim: int | None = None
    if words and words[-1].startswith("="):
        text = words.pop()[1:]
        if not text.isascii() or not text.isdigit():
            raise InvalidPlay(gettext("A claim is the number of tricks declarer takes, such as =3."))
        claim = int(text)
    cards = []
    for number, word in enumerate(words, start=1):
        try:
            cards.append(parse_card(word))
        except InvalidLead as exc:
            raise InvalidPlay(gettext("Card %(number)s: %(why)s") % {"number": number, "why": exc}) from None
    return cards, claim


def _refuse(message: str, number: int, seat: str, card: str) -> InvalidPlay:
    values = {"number": number, "who": gettext(_SEAT_NAMES[seat]), "card": card}
    return InvalidPlay(gettext(message) % values)


def _check_card(hands: dict[str, set[str]], seat: str, card: str, trick: list[str], number: int) -> None:
    """Refuse a card `seat` does not hold, or a revoke: not following the suit led while holding it."""
    held = hands.get(seat)
    if held is None:
        return
    if card not in held:
        raise _refuse(N_("Card %(number)s: %(who)s does not hold the %(card)s (or has played it)."), number, seat, card)
    if trick and card[0] != trick[0][0] and any(c[0] == trick[0][0] for c in held):
        raise _refuse(
            N_("Card %(number)s: %(who)s must follow suit to the trick, not play the %(card)s."), number, seat, card
        )


def _walk(deal: str, contract: str, declarer: str, cards: Sequence[str]) -> tuple[str, list[Trick], list[str]]:
    """Follow the cards from the opening lead: (declarer, the whole tricks, the trick being played); raise
    InvalidPlay at the first card that breaks a rule (held, not played twice, suit followed when the deal is
    known)."""
    con = parse_contract(contract)
    if con.is_passout or not declarer.strip():
        raise InvalidPlay(gettext("A passed-out board has no play."))
    declarer = parse_seat(declarer)
    trumps = None if con.strain in (None, "NT") else con.strain
    hands = {seat: set(cards) for seat, cards in hands_of_deal(deal).items()}
    seen: set[str] = set()
    tricks: list[Trick] = []
    leader, current = leader_of(declarer), list[str]()
    for number, card in enumerate(cards, start=1):
        if len(tricks) == 13:
            raise InvalidPlay(gettext("Card %(number)s comes after the 13th trick.") % {"number": number})
        seat = SEATS[(SEATS.index(leader) + len(current)) % 4]
        if card in seen:
            raise _refuse(N_("Card %(number)s: the %(card)s has been played already."), number, seat, card)
        _check_card(hands, seat, card, current, number)
        seen.add(card)
        hands.get(seat, set()).discard(card)
        current.append(card)
        if len(current) == 4:
            tricks.append(Trick(leader, tuple(current), trick_winner(leader, current, trumps)))
            leader, current = tricks[-1].winner, []
    return declarer, tricks, current


def check_cards(deal: str, contract: str, declarer: str, typed: str) -> int:
    """Check the cards played so far (no claim; the play need not have ended), as the phone asks after each card:
    the number of cards, or InvalidPlay naming the card that breaks a rule, the same rules as check_play."""
    cards, claim = _split(typed)
    if claim is not None:
        raise InvalidPlay(gettext("A claim is checked with the whole play, not card by card."))
    _walk(deal, contract, declarer, cards)
    return len(cards)


def check_play(deal: str, contract: str, declarer: str, typed: str) -> Play:
    """Check a play typed as cards separated by spaces, from the opening lead, ended after 13 tricks or by a claim
    ("=N") after a whole trick; raise InvalidPlay naming the card that breaks a rule. The cards are checked
    against the hands when the deal is known; without it only that no card is played twice."""
    cards, claim = _split(typed)
    declarer, tricks, current = _walk(deal, contract, declarer, cards)
    won = sum(1 for t in tricks if t.winner in (declarer, SEATS[(SEATS.index(declarer) + 2) % 4]))
    if current:
        raise InvalidPlay(
            gettext("The last trick has %(count)s cards: finish it, then claim.") % {"count": len(current)}
        )
    if claim is None and len(tricks) < 13:
        raise InvalidPlay(gettext("The play has not ended: play all 13 tricks or claim the rest."))
    if claim is not None and claim > 13 - len(tricks):
        raise InvalidPlay(
            gettext("Declarer claims %(claim)s tricks but only %(left)s are left.")
            % {"claim": claim, "left": 13 - len(tricks)}
        )
    return Play(declarer, tuple(tricks), claim, won + (claim or 0))


def play_from_cards(deal: str, contract: str, declarer: str, cards: Sequence[str], total: int | None) -> Play:
    """A play read from a file: the cards in the order played and the tricks declarer took in all (a claim, or
    the result), None when unknown. The cards of a trick cut short by a claim are left out (our claims come after
    a whole trick); the claim is the total less the tricks declarer won in the whole tricks played."""
    whole = list(cards[: 4 * (len(cards) // 4)])
    if len(whole) == 52 or total is None:
        return check_play(deal, contract, declarer, " ".join(whole))
    won = check_play(deal, contract, declarer, " ".join([*whole, "=0"])).declarer_tricks
    if total < won:
        raise InvalidPlay(
            gettext("Declarer took %(won)s tricks in the play, more than the %(total)s of the result.")
            % {"won": won, "total": total}
        )
    return check_play(deal, contract, declarer, " ".join([*whole, f"={total - won}"]))


def play_columns(play: Play) -> list[list[str]]:
    """Each whole trick as PBN's [Play] section writes it: the cards under the seats in a fixed order, from the
    opening leader round the table (whoever led the trick)."""
    first = SEATS.index(leader_of(play.declarer))
    order = [SEATS[(first + i) % 4] for i in range(4)]
    return [[trick.seat_card(seat) for seat in order] for trick in play.tricks]


def play_from_columns(
    deal: str, contract: str, declarer: str, rows: Sequence[Mapping[str, str]], total: int | None
) -> Play:
    """A PBN [Play] section read back: each row the cards of a trick by seat ("" or missing: not played), the
    play order found trick by trick from its leader (the previous trick's winner). Reading stops at the first
    trick not played in full; the rest is the claim (see play_from_cards)."""
    con = parse_contract(contract)
    trumps = None if con.strain in (None, "NT") else con.strain
    leader, cards = leader_of(declarer), list[str]()
    for row in rows:
        order = [SEATS[(SEATS.index(leader) + i) % 4] for i in range(4)]
        trick = [parse_card(row[seat]) if row.get(seat) else "" for seat in order]
        if not all(trick):
            break
        cards += trick
        leader = trick_winner(leader, trick, trumps)
    return play_from_cards(deal, contract, declarer, cards, total)
