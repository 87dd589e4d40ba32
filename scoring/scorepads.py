"""Rubber bridge and Chicago (four-deal) scorepads as small state machines.

Both keep, per side, the trick score ("below the line") and the premium score ("above the line"), apply the
laws' premiums, and end in a back score in hundreds where an odd 50 counts as 100.
Sides are ``"NS"`` and ``"EW"`` (a paper scorepad's "We" and "They").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from scoring.boards import Seat, Side, parse_seat, parse_side, side_of
from scoring.contracts import Contract, ScoreParts, parse_contract, score_parts
from scoring.errors import InvalidBoard, InvalidResult
from scoring.messages import gettext as _

__all__ = [
    "ChicagoScorepad",
    "DealRecord",
    "RubberScorepad",
    "back_score",
    "check_honors",
    "chicago_vulnerability",
    "other_side",
]

SIDES: tuple[Side, Side] = ("NS", "EW")


def other_side(side: Side) -> Side:
    """The opponents of ``side``."""
    return "EW" if side == "NS" else "NS"


def back_score(margin: int) -> int:
    """A rubber's margin in hundreds for the back score; an odd 50 or more counts 100 (950 -> 10, 940 -> 9)."""
    hundreds = (abs(margin) + 50) // 100
    return hundreds if margin >= 0 else -hundreds


def check_honors(contract: Contract, honor_points: int) -> None:
    """Honors: 100 for four trump honors in one hand; 150 for five, or for four aces at no-trump."""
    if honor_points == 0:
        return
    if contract.is_passout:
        raise InvalidResult(_("A passed-out deal has no honors."))
    if contract.strain == "NT" and honor_points != 150:
        raise InvalidResult(_("At no-trump only four aces in one hand count, for 150."))
    if honor_points not in (100, 150):
        raise InvalidResult(_("Honors are worth 100 (four trump honors in one hand) or 150 (five, or four aces)."))


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal entered on a scorepad: what was played and the points each side got for it."""

    contract: Contract
    declarer: Seat | None
    tricks: int
    vulnerable: bool
    below: dict[Side, int]
    above: dict[Side, int]
    game_won: bool = False


def _zero() -> dict[Side, int]:
    return {"NS": 0, "EW": 0}


@dataclass
class _Pad:
    edition: str = "current"
    below: dict[Side, int] = field(default_factory=_zero)
    above: dict[Side, int] = field(default_factory=_zero)
    part_score: dict[Side, int] = field(default_factory=_zero)
    deals: list[DealRecord] = field(default_factory=list)
    finished: bool = False

    def totals(self) -> dict[Side, int]:
        """Each side's total: trick score plus premium score."""
        return {s: self.below[s] + self.above[s] for s in SIDES}

    def margin(self) -> int:
        """North-South's total minus East-West's."""
        t = self.totals()
        return t["NS"] - t["EW"]

    def net_points(self) -> dict[Side, int]:
        """The back score of each side in hundreds (odd 50 counts 100): the laws' 1730 to 1300 is +4 / -4."""
        ns = back_score(self.margin())
        return {"NS": ns, "EW": -ns}

    def _score(
        self,
        contract: str | Contract,
        declarer: str | None,
        tricks: int | str | None,
        honors: str | None,
        honor_points: int,
        vulnerable_of: dict[Side, bool],
    ) -> tuple[Contract, Seat | None, ScoreParts | None, Side | None]:
        if self.finished:
            raise InvalidResult(_("This scorepad is finished: start a new one."))
        con = parse_contract(contract)
        check_honors(con, honor_points)
        if honor_points and honors is None:
            raise InvalidResult(_("Say which side held the honors."))
        if con.is_passout:
            return con, None, None, None
        if declarer is None:
            raise InvalidResult(_("%(con)s needs a declarer (N, E, S or W).") % {"con": con})
        seat = parse_seat(declarer)
        side = side_of(seat)
        parts = score_parts(con, tricks if tricks is not None else "", vulnerable_of[side], edition=self.edition)
        return con, seat, parts, side


@dataclass
class RubberScorepad(_Pad):
    """A rubber bridge scorepad.

    ``record`` each deal; the pad tracks games (100 trick points, part-scores carried until either side makes
    game), vulnerability from games won, honors, and the rubber premium (700 in two games, 500 in three).
    ``end_unfinished`` adds the laws' premiums for a rubber stopped early (300 for a game, 50 for a lone
    part-score in the unfinished game).
    """

    games: dict[Side, int] = field(default_factory=_zero)

    def vulnerable(self, side: str) -> bool:
        """A side is vulnerable once it has won a game."""
        return self.games[parse_side(side)] >= 1

    def record(
        self,
        contract: str | Contract,
        declarer: str | None,
        tricks: int | str | None,
        *,
        honors: str | None = None,
        honor_points: int = 0,
    ) -> DealRecord:
        """Enter a deal: ``record("4S", "N", 10)``, ``record("2C", "S", "+2", honors="NS", honor_points=100)``."""
        vul = {s: self.vulnerable(s) for s in SIDES}
        con, seat, parts, side = self._score(contract, declarer, tricks, honors, honor_points, vul)
        below, above = _zero(), _zero()
        game_won = False
        if parts is not None and side is not None:
            if parts.made:
                below[side] = parts.trick_points
                above[side] = parts.declarer_above
                self.part_score[side] += parts.trick_points
                if self.part_score[side] >= 100:
                    game_won = True
                    self.games[side] += 1
                    self.part_score = _zero()  # a game ends the part-scores of both sides
                    if self.games[side] == 2:
                        above[side] += 700 if self.games[other_side(side)] == 0 else 500
                        self.finished = True
            else:
                above[other_side(side)] = parts.undertrick_points
        if honor_points and honors is not None:
            above[parse_side(honors)] += honor_points
        for s in SIDES:
            self.below[s] += below[s]
            self.above[s] += above[s]
        record = DealRecord(con, seat, parts.tricks if parts else 0, bool(side and vul[side]), below, above, game_won)
        self.deals.append(record)
        return record

    def unfinished_premiums(self) -> dict[Side, int]:
        """Premiums for stopping now: 300 to a side with one game; 50 to the only side with a part-score."""
        premium = _zero()
        for s in SIDES:
            if self.games[s] == 1:
                premium[s] += 300
        with_part = [s for s in SIDES if self.part_score[s] > 0]
        if len(with_part) == 1:
            premium[with_part[0]] += 50
        return premium

    def end_unfinished(self) -> dict[Side, int]:
        """Stop an unfinished rubber: add :meth:`unfinished_premiums` and mark the pad finished."""
        if self.finished:
            raise InvalidResult(_("The rubber is already finished."))
        premium = self.unfinished_premiums()
        for s in SIDES:
            self.above[s] += premium[s]
        self.finished = True
        return premium


def chicago_vulnerability(
    deal: int, dealer: str, *, dealer_vulnerable: bool = True
) -> Literal["None", "NS", "EW", "All"]:
    """Vulnerability of deal 1-4 of a Chicago round (also progressive bridge).

    First deal: neither. Second and third: the dealer's side (or, in the variant the laws mention, the other
    side when ``dealer_vulnerable`` is False). Fourth: both.
    """
    if deal not in (1, 2, 3, 4):
        raise InvalidBoard(_("A round has four deals, numbered 1 to 4, not %(deal)s.") % {"deal": repr(deal)})
    if deal == 1:
        return "None"
    if deal == 4:
        return "All"
    side = side_of(dealer)
    return side if dealer_vulnerable else other_side(side)


@dataclass
class ChicagoScorepad(_Pad):
    """Four-deal bridge (Chicago): vulnerability by deal, game premium 300/500 on each game, part-scores
    carried over until any game, 100 for a part-score made on the fourth deal. A passed-out deal is redealt
    by the same dealer, so it does not count as one of the four.
    """

    first_dealer: Seat = "N"
    dealer_vulnerable: bool = True

    @property
    def deal_number(self) -> int:
        """The number (1-4) of the next deal to play."""
        return min(4, 1 + sum(1 for d in self.deals if not d.contract.is_passout))

    @property
    def dealer(self) -> Seat:
        """The dealer of the next deal."""
        order: tuple[Seat, ...] = ("N", "E", "S", "W")
        return order[(order.index(parse_seat(self.first_dealer)) + self.deal_number - 1) % 4]

    def vulnerability(self) -> Literal["None", "NS", "EW", "All"]:
        """Vulnerability of the next deal."""
        return chicago_vulnerability(self.deal_number, self.dealer, dealer_vulnerable=self.dealer_vulnerable)

    def vulnerable(self, side: str) -> bool:
        """Whether ``side`` is vulnerable on the next deal."""
        vul = self.vulnerability()
        return vul == "All" or vul == parse_side(side)

    def record(
        self,
        contract: str | Contract,
        declarer: str | None,
        tricks: int | str | None,
        *,
        honors: str | None = None,
        honor_points: int = 0,
    ) -> DealRecord:
        """Enter the next deal of the round."""
        deal = self.deal_number
        vul = {s: self.vulnerable(s) for s in SIDES}
        con, seat, parts, side = self._score(contract, declarer, tricks, honors, honor_points, vul)
        below, above = _zero(), _zero()
        game_won = False
        if parts is not None and side is not None:
            if parts.made:
                below[side] = parts.trick_points
                above[side] = parts.declarer_above
                self.part_score[side] += parts.trick_points
                if self.part_score[side] >= 100:
                    game_won = True
                    above[side] += 500 if vul[side] else 300
                    self.part_score = _zero()
                elif deal == 4:
                    above[side] += 100
            else:
                above[other_side(side)] = parts.undertrick_points
        if honor_points and honors is not None:
            above[parse_side(honors)] += honor_points
        for s in SIDES:
            self.below[s] += below[s]
            self.above[s] += above[s]
        record = DealRecord(con, seat, parts.tricks if parts else 0, bool(side and vul[side]), below, above, game_won)
        self.deals.append(record)
        if parts is not None and deal == 4:
            self.finished = True
        return record
