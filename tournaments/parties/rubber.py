"""Progressive Rubber Bridge: a round's deals scored on rubber scorepads (``scoring.RubberScorepad``).

Vulnerability follows the state of the score, not Law 9; a finished rubber is followed by a new one; at the
end of the round an unfinished rubber earns 300 for a single game and 50 for a lone part-score, and the next
round starts a fresh rubber ("vulnerability lapses at the conclusion of a round").
"""

from __future__ import annotations

import scoring

from .deals import DealEntry, DealError, _honors, dealer_of, read_entry
from .tallies import DealLine
from .types import PartyError

__all__ = ["MAX_RUBBER_DEALS", "score_rubber_round"]

MAX_RUBBER_DEALS = 16


def _vulnerability(pad: scoring.RubberScorepad) -> str:
    ns, ew = pad.vulnerable("NS"), pad.vulnerable("EW")
    return "All" if ns and ew else "NS" if ns else "EW" if ew else "None"


def score_rubber_round(first_dealer: str, entries: list[DealEntry]) -> tuple[list[DealLine], tuple[int, int]]:
    """The deals of one round as scored on the rubber pad(s), and the (ns, ew) unfinished-rubber premiums."""
    if not 1 <= len(entries) <= MAX_RUBBER_DEALS:
        raise PartyError(f"A round of rubber bridge has 1 to {MAX_RUBBER_DEALS} deals.")
    pad = scoring.RubberScorepad()
    lines = []
    for number, entry in enumerate(entries, start=1):
        if pad.finished:
            pad = scoring.RubberScorepad()  # the rubber is over: a new one starts on the next deal
        vul = _vulnerability(pad)
        contract, declarer, tricks = read_entry(entry, number)
        side, points = _honors(entry)
        try:
            rec = pad.record(contract, declarer, tricks, honors=side, honor_points=points)
        except scoring.ScoringError as exc:
            field = "honors" if "honor" in str(exc).lower() or "aces" in str(exc).lower() else "tricks"
            raise DealError(f"Deal {number}: {exc}", deal=number, field=field) from exc
        ns = rec.below["NS"] + rec.above["NS"]
        ew = rec.below["EW"] + rec.above["EW"]
        lines.append(
            DealLine(
                deal=number,
                dealer=dealer_of(first_dealer, number),
                vulnerable=vul,
                contract=str(rec.contract),
                declarer=rec.declarer,
                tricks=None if rec.contract.is_passout else rec.tricks,
                honors_side=side,
                honors_points=points,
                ns=ns,
                ew=ew,
            )
        )
    premium = {"NS": 0, "EW": 0} if pad.finished else pad.end_unfinished()
    return lines, (premium["NS"], premium["EW"])
