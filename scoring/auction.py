"""Auction bridge scoring, as printed in the reference laws.

Declarer's odd tricks all count toward game (30 points) when the contract is made, at 6 (clubs) to 10
(no-trump) each, doubled or redoubled when the contract was. Making a doubled contract earns 50 plus 50 per
overtrick (redoubled: 100 and 100); undertricks cost 50 each (doubled 100, redoubled 200); a side taking 12
tricks scores 50 and 13 tricks 100 whatever the contract; the rubber is 250.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.boards import Side, parse_side, side_of
from scoring.contracts import Contract, parse_contract, parse_tricks
from scoring.errors import InvalidResult
from scoring.messages import gettext as _

__all__ = [
    "AUCTION_GAME",
    "AUCTION_RUBBER_BONUS",
    "AuctionScore",
    "AuctionScorepad",
    "auction_honors",
    "auction_score",
]

AUCTION_GAME = 30
AUCTION_RUBBER_BONUS = 250
_ODD_TRICK = {"NT": 10, "S": 9, "H": 8, "D": 7, "C": 6}


@dataclass(frozen=True, slots=True)
class AuctionScore:
    """Points of one auction-bridge deal: declarer's trick score (toward game) and each side's premiums."""

    made: bool
    trick_points: int
    declarer_premium: int
    defender_premium: int


def auction_score(contract: str | Contract, tricks: int | str) -> AuctionScore:
    """Score an auction-bridge deal: ``auction_score("2H", 9)`` is 24 trick points (3 odd tricks at 8)."""
    con = parse_contract(contract)
    if con.is_passout:
        return AuctionScore(False, 0, 0, 0)
    taken = parse_tricks(tricks, con)
    multiplier = (1, 2, 4)[con.doubled]
    odd = taken - 6
    declarer_premium = defender_premium = 0
    made = taken >= con.tricks_needed
    trick_points = 0
    if made:
        trick_points = odd * _ODD_TRICK[con.strain or "NT"] * multiplier
        over = taken - con.tricks_needed
        if con.doubled:
            unit = 50 * con.doubled
            declarer_premium += unit + unit * over
    else:
        defender_premium += (con.tricks_needed - taken) * 50 * multiplier
    # Slams go to the side that wins the tricks, whatever the contract.
    if taken == 13:
        declarer_premium += 100
    elif taken == 12:
        declarer_premium += 50
    elif taken == 0:
        defender_premium += 100
    elif taken == 1:
        defender_premium += 50
    return AuctionScore(made, trick_points, declarer_premium, defender_premium)


def auction_honors(
    honors: int,
    *,
    in_one_hand: int = 0,
    notrump: bool = False,
) -> int:
    """Honors at auction bridge for the side holding the majority of trump honors (or aces at no-trump).

    ``honors`` is how many the side holds (3-5; at no-trump, aces 3-4); ``in_one_hand`` how many of them one
    player holds. 3: 30; 4 divided: 40; 5 divided: 50; 4 in one hand: 80 (90 with the fifth in partner's hand);
    4 aces in one hand at no-trump: 100; 5 in one hand: 100.
    """
    if notrump:
        if honors not in (3, 4) or in_one_hand > honors:
            raise InvalidResult(_("At no-trump the honors are the four aces: a side holds 3 or 4 of them."))
        if honors == 4 and in_one_hand == 4:
            return 100
        return 30 if honors == 3 else 40
    if honors not in (3, 4, 5) or not 0 <= in_one_hand <= honors:
        raise InvalidResult(_("A side scores honors with 3, 4 or 5 of the five trump honors."))
    if in_one_hand == 5:
        return 100
    if in_one_hand == 4:
        return 90 if honors == 5 else 80
    return {3: 30, 4: 40, 5: 50}[honors]


@dataclass
class AuctionScorepad:
    """An auction-bridge rubber: 30 trick points make a game, two games the rubber (250).

    There is no vulnerability at auction bridge. Honors (see :func:`auction_honors`) go to the side that held
    them; slams to the side that took the tricks.
    """

    below: dict[Side, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    above: dict[Side, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    games: dict[Side, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    part_score: dict[Side, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    finished: bool = False

    def record(
        self,
        contract: str | Contract,
        declarer: str | None,
        tricks: int | str | None,
        *,
        honors_side: str | None = None,
        honor_points: int = 0,
    ) -> AuctionScore:
        """Enter a deal and return its score."""
        if self.finished:
            raise InvalidResult(_("This rubber is finished: start a new one."))
        if honor_points and honors_side is None:
            raise InvalidResult(_("Say which side held the honors."))
        if honor_points not in (0, 30, 40, 50, 80, 90, 100):
            raise InvalidResult(_("Honors at auction bridge are 30, 40, 50, 80, 90 or 100."))
        con = parse_contract(contract)
        if con.is_passout:
            return auction_score(con, 0)
        if declarer is None:
            raise InvalidResult(_("%(con)s needs a declarer (N, E, S or W).") % {"con": con})
        side = side_of(declarer)
        defenders: Side = "EW" if side == "NS" else "NS"
        result = auction_score(con, tricks if tricks is not None else "")
        self.below[side] += result.trick_points
        self.above[side] += result.declarer_premium
        self.above[defenders] += result.defender_premium
        if honors_side is not None and honor_points:
            self.above[parse_side(honors_side)] += honor_points
        self.part_score[side] += result.trick_points
        if self.part_score[side] >= AUCTION_GAME:
            self.games[side] += 1
            self.part_score = {"NS": 0, "EW": 0}
            if self.games[side] == 2:
                self.above[side] += AUCTION_RUBBER_BONUS
                self.finished = True
        return result

    def totals(self) -> dict[Side, int]:
        """Each side's trick and premium points together."""
        return {"NS": self.below["NS"] + self.above["NS"], "EW": self.below["EW"] + self.above["EW"]}
