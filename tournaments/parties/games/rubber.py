"""Progressive rubber bridge on the party engine: the round's deals on rubber pads (``parties.rubber``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..deals import DealError
from ..rubber import score_rubber_round
from ..types import PartyError
from .base import Entry, GameError, RoundEnd
from .bridge import ProgressiveBridge, deal_entry, per_player

__all__ = ["GAME", "ProgressiveRubber"]


class ProgressiveRubber(ProgressiveBridge):
    """As progressive bridge, but a round is six deals on a rubber pad; an unfinished rubber's premium counts."""

    code = "rubber"
    label = "Progressive Rubber Bridge"

    def round_end(self, players: int) -> RoundEnd:
        return RoundEnd(deals=6)

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
