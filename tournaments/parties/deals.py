"""The deals of a round: who deals each (Law 7, then in turn to the left), vulnerability (Law 9), and scores.

The arithmetic of a deal's score is the scoring package's (``scoring.progressive_deal_score``); this module
only decides which deal is dealt by whom at what vulnerability, and reads what the table wrote down.
"""

from __future__ import annotations

from dataclasses import dataclass

import scoring
from scoring.messages import gettext as _

from .tallies import DealLine
from .types import LEFT, PartyError

__all__ = [
    "DEALS_PER_ROUND",
    "DealEntry",
    "DealError",
    "deal_plan",
    "dealer_of",
    "read_entry",
    "score_deal",
    "score_round",
]

DEALS_PER_ROUND = 4  # Law 3: four deals, one by each player


def dealer_of(first_dealer: str, deal: int) -> str:
    """The dealer of deal ``deal`` (1-based): the deal passes to the left each time (Laws 3 and 4)."""
    seat = first_dealer
    for _step in range((deal - 1) % 4):
        seat = LEFT[seat]
    return seat


def deal_plan(first_dealer: str, method: str, deals: int = DEALS_PER_ROUND) -> list[tuple[int, str, str]]:
    """(deal, dealer, vulnerability) for a round; ``method`` is "law9", "none" or "all" (announced)."""
    plan: list[tuple[int, str, str]] = []
    for n in range(1, deals + 1):
        dealer = dealer_of(first_dealer, n)
        if method == "law9":
            vul = scoring.progressive_vulnerability((n - 1) % 4 + 1, dealer)
        elif method == "none":
            vul = "None"
        elif method == "all":
            vul = "All"
        else:
            raise PartyError(f"Unknown vulnerability method {method!r}.")
        plan.append((n, dealer, vul))
    return plan


class DealError(PartyError):
    """A deal that cannot be scored; ``deal`` (1-based) and ``field`` say where, for the entry form."""

    def __init__(self, message: str, *, deal: int, field: str) -> None:
        super().__init__(message)
        self.deal = deal
        self.field = field


@dataclass(frozen=True)
class DealEntry:
    """What the scorer at the table writes for a deal: contract (or PASS), declarer, tricks, honors."""

    contract: str
    declarer: str | None = None
    tricks: int | str | None = None
    honors_side: str | None = None
    honors_points: int = 0


def read_entry(entry: DealEntry, number: int) -> tuple[scoring.Contract, str | None, int | None]:
    """Check what the table wrote, field by field: (contract, declarer, tricks); None for a passed-out deal.

    Raises :class:`DealError` naming the deal and the field, with the scoring package's message.
    """

    def fail(field: str, message: object) -> DealError:
        # the problem is a whole sentence already in the reader's language (the scoring's, or one of these)
        return DealError(
            _("Deal %(deal)s: %(problem)s") % {"deal": number, "problem": message}, deal=number, field=field
        )

    try:
        contract = scoring.parse_contract(entry.contract)
    except scoring.ScoringError as exc:
        raise fail("contract", exc) from exc
    if contract.is_passout:
        if entry.honors_points:
            raise fail("honors", _("A passed-out deal has no honors."))
        return contract, None, None
    if not entry.declarer:
        raise fail("declarer", _("Who was declarer? Choose N, E, S or W."))
    try:
        declarer = scoring.parse_seat(entry.declarer)
    except scoring.ScoringError as exc:
        raise fail("declarer", exc) from exc
    if entry.tricks is None or entry.tricks == "":
        raise fail("tricks", _("How many tricks did declarer take? (10, or =, +1, -2)"))
    try:
        tricks = scoring.parse_tricks(entry.tricks, contract)
    except scoring.ScoringError as exc:
        raise fail("tricks", exc) from exc
    if entry.honors_points and entry.honors_side not in ("NS", "EW"):
        raise fail("honors", _("Say which side held the honors: N-S or E-W."))
    return contract, declarer, tricks


def score_deal(entry: DealEntry, vulnerable: str, number: int = 1) -> tuple[str, str | None, int | None, int, int]:
    """(canonical contract, declarer, tricks, ns points, ew points) under the progressive party rules."""
    contract, declarer, tricks = read_entry(entry, number)
    if contract.is_passout:
        return "PASS", None, None, 0, 0
    side, points = _honors(entry)
    try:
        ns, ew = scoring.progressive_deal_score(
            contract, declarer, tricks, vulnerable, honors_side=side, honors_points=points
        )
    except scoring.ScoringError as exc:
        field = "honors" if "honor" in str(exc).lower() or "aces" in str(exc).lower() else "tricks"
        raise DealError(
            _("Deal %(deal)s: %(problem)s") % {"deal": number, "problem": exc}, deal=number, field=field
        ) from exc
    return str(contract), declarer, tricks, ns, ew


def _honors(entry: DealEntry) -> tuple[str | None, int]:
    if not entry.honors_points:
        return None, 0
    if entry.honors_side not in ("NS", "EW"):
        raise scoring.InvalidResult("Say which side held the honors: N-S or E-W.")
    return entry.honors_side, entry.honors_points


def score_round(first_dealer: str, method: str, entries: list[DealEntry]) -> list[DealLine]:
    """Score a Progressive Bridge round of four deals (Law 3), each deal on its own (no carry-over)."""
    if len(entries) != DEALS_PER_ROUND:
        raise PartyError("A round is four deals, one by each player (Law 3).")
    lines = []
    for (number, dealer, vul), entry in zip(deal_plan(first_dealer, method), entries, strict=True):
        contract, declarer, tricks, ns, ew = score_deal(entry, vul, number)
        has_honors = contract != "PASS" and bool(entry.honors_side) and bool(entry.honors_points)
        lines.append(
            DealLine(
                deal=number, dealer=dealer, vulnerable=vul, contract=contract, declarer=declarer,
                tricks=tricks, honors_side=entry.honors_side if has_honors else None,
                honors_points=entry.honors_points if has_honors else 0, ns=ns, ew=ew,
            )
        )  # fmt: skip
    return lines
