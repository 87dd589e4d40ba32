"""Progressive Rubber Bridge: a round's deals scored on a rubber scorepad (scoring.RubberScorepad).

Vulnerability follows the state of the score, not Law 9; at the end of the round an unfinished rubber earns
300 for a single game and 50 for a part-score, and a new rubber starts with the next round.
"""

from __future__ import annotations

from .deals import DealEntry
from .tallies import DealLine

__all__ = ["MAX_RUBBER_DEALS", "score_rubber_round"]

MAX_RUBBER_DEALS = 16


def score_rubber_round(first_dealer: str, entries: list[DealEntry]) -> list[DealLine]:
    """Score the deals of one round of rubbers; the last line carries the unfinished-rubber bonuses."""
    raise NotImplementedError
