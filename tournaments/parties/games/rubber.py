"""Progressive Rubber Bridge on the party engine: a round's deals scored on rubber scorepads.

Vulnerability follows the state of the score (``scoring.RubberScorepad``), not Law 9; a finished rubber is
followed by a new one; at the end of the round an unfinished rubber earns 300 for a single game and 50 for a
lone part-score, and the next round starts a fresh rubber ("vulnerability lapses at the conclusion of a round").
"""

from __future__ import annotations

from collections.abc import Sequence

import scoring
from scoring.messages import gettext as _

from ..deals import DealEntry, DealError, _honors, dealer_of, read_entry
from ..tallies import DealLine
from ..types import PartyError
from .base import Entry, GameError, RoundEnd, gettext_noop
from .bridge import ProgressiveBridge, deal_entry, per_player

__all__ = ["GAME", "MAX_RUBBER_DEALS", "ProgressiveRubber", "score_rubber_round"]

MAX_RUBBER_DEALS = 16


def _vulnerability(pad: scoring.RubberScorepad) -> str:
    ns, ew = pad.vulnerable("NS"), pad.vulnerable("EW")
    return "All" if ns and ew else "NS" if ns else "EW" if ew else "None"


def _line(
    number: int, first_dealer: str, vul: str, rec: scoring.DealRecord, honors: tuple[str | None, int]
) -> DealLine:
    return DealLine(
        deal=number,
        dealer=dealer_of(first_dealer, number),
        vulnerable=vul,
        contract=str(rec.contract),
        declarer=rec.declarer,
        tricks=None if rec.contract.is_passout else rec.tricks,
        honors_side=honors[0],
        honors_points=honors[1],
        ns=rec.below["NS"] + rec.above["NS"],
        ew=rec.below["EW"] + rec.above["EW"],
    )


def score_rubber_round(first_dealer: str, entries: list[DealEntry]) -> tuple[list[DealLine], tuple[int, int]]:
    """The deals of one round as scored on the rubber pad(s), and the (ns, ew) unfinished-rubber premiums."""
    if not 1 <= len(entries) <= MAX_RUBBER_DEALS:
        raise PartyError(_("A round of rubber bridge has 1 to %(n)s deals.") % {"n": MAX_RUBBER_DEALS})
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
            # the scoring's own sentence (already in the reader's language), placed after the deal's number
            message = _("Deal %(deal)s: %(problem)s") % {"deal": number, "problem": exc}
            raise DealError(message, deal=number, field=field) from exc
        lines.append(_line(number, first_dealer, vul, rec, (side, points)))
    premium = {"NS": 0, "EW": 0} if pad.finished else pad.end_unfinished()
    return lines, (premium["NS"], premium["EW"])


class ProgressiveRubber(ProgressiveBridge):
    """As progressive bridge, but a round's deals go on a rubber pad; an unfinished rubber's premium counts."""

    code = "rubber"
    label = gettext_noop("Progressive Rubber Bridge")
    vulnerability_by_score = True
    max_deals = MAX_RUBBER_DEALS

    def round_end(self, players: int) -> RoundEnd:
        return RoundEnd(deals=6)

    def score_bridge_round(
        self, first_dealer: str, vulnerability: str, deals: Sequence[DealEntry]
    ) -> tuple[list[DealLine], tuple[int, int]]:
        """The announced vulnerability does not apply: it follows the rubber's score."""
        return score_rubber_round(first_dealer, list(deals))

    def score_deals(self, entries: Sequence[Entry], players: Sequence[str]) -> list[dict[str, int]]:
        try:
            lines, (ns, ew) = score_rubber_round("N", [deal_entry(e) for e in entries])
        except DealError as exc:
            raise GameError(str(exc), deal=exc.deal, field=exc.field) from exc
        except PartyError as exc:
            raise GameError(str(exc)) from exc
        scores = per_player(lines, players)
        north, east, south, west = players
        for who, premium in ((north, ns), (south, ns), (east, ew), (west, ew)):
            scores[-1][who] += premium  # the premium for the rubber left unfinished when the round ends
        return scores


GAME = ProgressiveRubber()
