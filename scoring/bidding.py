"""An auction as the table typed it on the bidding box, checked call by call (Laws 18-19: each bid higher than the
last, a double only of the opponents' bid, a redouble only of the opponents' double), and the contract it ends in.

Pure (no Django): the table side checks a sent auction with it against the contract and declarer sent beside it.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.boards import SEATS, parse_seat
from scoring.errors import ScoringError
from scoring.messages import gettext as _

__all__ = ["Auction", "InvalidAuction", "check_auction"]

STRAINS = ("C", "D", "H", "S", "NT")
PASS, DOUBLE, REDOUBLE = "P", "X", "XX"
_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
_WORDS = {"PASS": PASS, "P": PASS, "X": DOUBLE, "D": DOUBLE, "DBL": DOUBLE, "XX": REDOUBLE, "R": REDOUBLE}


class InvalidAuction(ScoringError):
    """An auction that breaks a rule of bidding, or has not ended."""


@dataclass(frozen=True)
class Auction:
    """The calls in order from the dealer ("1C", "P", "X", "XX"), which are alerted (by index), and the result:
    the contract ("4SX", "PASS") and its declarer ("" when passed out)."""

    dealer: str
    calls: tuple[str, ...]
    alerts: frozenset[int]
    contract: str
    declarer: str

    def text(self) -> str:
        """As stored and shown: calls separated by spaces, an alerted call marked with "!"."""
        return " ".join(c + ("!" if i in self.alerts else "") for i, c in enumerate(self.calls))


def _call(text: str, index: int) -> tuple[str, bool]:
    raw = text.strip().upper()
    alerted = raw.endswith("!")
    raw = raw.rstrip("!")
    if raw in _WORDS:
        return _WORDS[raw], alerted
    if len(raw) >= 2 and raw[0] in "1234567" and raw[1:].replace("N", "NT").replace("NTT", "NT") in STRAINS:
        return raw[0] + raw[1:].replace("N", "NT").replace("NTT", "NT"), alerted
    raise InvalidAuction(
        _("Call %(number)s, %(text)s, is not a call: a bid (1C to 7NT), P, X or XX.")
        % {"number": index + 1, "text": repr(text.strip())}
    )


def _rank(bid: str) -> int:
    return (int(bid[0]) - 1) * 5 + STRAINS.index(bid[1:])


def check_auction(dealer: str, typed: str) -> Auction:
    """Check an auction typed as calls separated by spaces, from the dealer, ended by three passes after a bid
    (four passes: passed out); raise InvalidAuction with the call that breaks a rule."""
    first = SEATS.index(parse_seat(dealer))
    calls: list[str] = []
    alerts: set[int] = set()
    last_bid: tuple[int, str] | None = None  # (index, bid)
    doubled = ""  # "", "X" or "XX" on the last bid
    last_side = -1  # who made the last bid, double or redouble (0: N-S, 1: E-W)
    for index, text in enumerate(typed.split()):
        if (len(calls) >= 4 and calls[-3:] == [PASS] * 3) or calls == [PASS] * 4:
            raise InvalidAuction(_("Call %(number)s comes after the auction has ended.") % {"number": index + 1})
        call, alerted = _call(text, index)
        side = (first + index) % 2
        who = _NAMES[SEATS[(first + index) % 4]]
        if call not in (PASS, DOUBLE, REDOUBLE):
            if last_bid is not None and _rank(call) <= _rank(last_bid[1]):
                raise InvalidAuction(
                    _("%(who)s's %(call)s is not higher than %(last_bid)s.")
                    % {"who": who, "call": call, "last_bid": last_bid[1]}
                )
            last_bid, doubled, last_side = (index, call), "", side
        elif call == DOUBLE:
            if last_bid is None or doubled or last_side == side:
                raise InvalidAuction(
                    _("%(who)s may double only the opponents' last bid, not doubled yet.") % {"who": who}
                )
            doubled, last_side = DOUBLE, side
        elif call == REDOUBLE:
            if doubled != DOUBLE or last_side == side:
                raise InvalidAuction(_("%(who)s may redouble only the opponents' double.") % {"who": who})
            doubled, last_side = REDOUBLE, side
        calls.append(call)
        if alerted:
            alerts.add(index)
    if calls == [PASS] * 4:
        return Auction(SEATS[first], tuple(calls), frozenset(alerts), "PASS", "")
    if last_bid is None or len(calls) < 4 or calls[-3:] != [PASS] * 3:
        raise InvalidAuction(_("The auction has not ended: it ends with three passes after the last bid."))
    index, bid = last_bid
    bid_side = (first + index) % 2
    strain = bid[1:]
    declarer_at = next(i for i, c in enumerate(calls) if (first + i) % 2 == bid_side and c[1:] == strain)
    return Auction(SEATS[first], tuple(calls), frozenset(alerts), bid + doubled, SEATS[(first + declarer_at) % 4])
