"""Progressive bridge: each deal scored on its own, as the Laws of Progressive Bridge say.

- Game premium 300 not vulnerable, 500 vulnerable, only for game bid and made in one deal.
- 50 for making any contract less than game; slam premiums only when bid.
- No side scores more than 1,000 points on one deal, except for a slam contract made.
- A passed-out deal scores zero for both sides (it is not redealt).
- Honors as in rubber bridge. Vulnerability: first deal of a round none, second and third the dealer's side,
  fourth both (:func:`progressive_vulnerability`).
"""

from __future__ import annotations

from scoring.boards import Side, Vulnerability, is_vulnerable, parse_seat, parse_side, side_of
from scoring.contracts import Contract, parse_contract, score_parts
from scoring.errors import InvalidResult
from scoring.messages import gettext as _
from scoring.scorepads import SIDES, check_honors, chicago_vulnerability

__all__ = ["PROGRESSIVE_DEAL_LIMIT", "progressive_deal_score", "progressive_vulnerability"]

PROGRESSIVE_DEAL_LIMIT = 1000


def progressive_vulnerability(deal: int, dealer: str, *, dealer_vulnerable: bool = True) -> Vulnerability:
    """Law 9: deal 1 of a round neither vulnerable; deals 2 and 3 the dealer's side; deal 4 both."""
    return chicago_vulnerability(deal, dealer, dealer_vulnerable=dealer_vulnerable)


def progressive_deal_score(
    contract: str | Contract,
    declarer: str | None,
    tricks: int | str | None,
    vulnerable: bool | str,
    *,
    honors_side: str | None = None,
    honors_points: int = 0,
    edition: str = "current",
) -> tuple[int, int]:
    """Points of one progressive deal as ``(ns_points, ew_points)``; both are zero or more.

    ``vulnerable`` is whether declarer's side is vulnerable, or the deal's vulnerability
    (``"None"``/``"NS"``/``"EW"``/``"All"``, e.g. from :func:`progressive_vulnerability`).
    ``honors_side``/``honors_points`` credit 100 or 150 for honors to the side that held them.
    """
    con = parse_contract(contract)
    check_honors(con, honors_points)
    if con.is_passout:
        return (0, 0)
    if declarer is None:
        raise InvalidResult(_("%(con)s needs a declarer (N, E, S or W).") % {"con": con})
    seat = parse_seat(declarer)
    side: Side = side_of(seat)
    vul = is_vulnerable(vulnerable, seat) if isinstance(vulnerable, str) else bool(vulnerable)
    parts = score_parts(con, tricks if tricks is not None else "", vul, edition=edition)
    points: dict[Side, int] = {"NS": 0, "EW": 0}
    defenders: Side = "EW" if side == "NS" else "NS"
    if parts.made:
        premium = (500 if vul else 300) if parts.trick_points >= 100 else 50
        points[side] = parts.trick_points + parts.declarer_above + premium
    else:
        points[defenders] = parts.undertrick_points
    if honors_points:
        if honors_side is None:
            raise InvalidResult(_("Say which side held the honors."))
        points[parse_side(honors_side)] += honors_points
    slam_made = parts.made and con.is_slam
    for s in SIDES:
        if not (slam_made and s == side):
            points[s] = min(points[s], PROGRESSIVE_DEAL_LIMIT)
    return (points["NS"], points["EW"])
