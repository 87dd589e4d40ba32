"""Club ratings: a percentage-based rating in the spirit of the EBU's NGS, in plain arithmetic (docs/ratings.md).

A rating is a percentage: 50 is the club's average player. It is the weighted mean of the player's session
performances, each weighted by its boards, older boards fading by ``DECAY`` per board played since, with a
starting prior of 50% worth ``PRIOR_BOARDS`` boards (so a newcomer's first 60% evening does not make them 60).

A session performance corrects the pair's percentage for who they played and with whom:

- field strength: ``adjusted = pct + (opponents - 50)``, where ``opponents`` is the mean rating, before the
  session, of every other player in the field (beating a strong field is worth more);
- partner: the pair was expected to score the mean of its two ratings; the excess over that is both players',
  so each player's performance is ``own + (adjusted - (own + partner) / 2)``.

The state after a session is ``weight' = weight * DECAY**boards + boards`` and
``rating' = (rating * weight * DECAY**boards + performance * boards) / weight'``: the same figure as the
weighted mean over the whole history, computed one session at a time.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from scoring.errors import ScoringError
from scoring.messages import gettext as _

__all__ = [
    "AVERAGE",
    "DECAY",
    "PRIOR_BOARDS",
    "PairResult",
    "Rated",
    "Rating",
    "performance",
    "rate_session",
    "updated",
]

AVERAGE = 50.0
DECAY = 0.995  # weight kept per board played since: a board 140 boards old counts half
PRIOR_BOARDS = 24.0  # the 50% a newcomer starts from weighs one evening of 24 boards


@dataclass(frozen=True)
class Rating:
    """A player's rating and the weight (in boards, faded) of the history behind it."""

    rating: float = AVERAGE
    weight: float = PRIOR_BOARDS


@dataclass(frozen=True)
class PairResult:
    """One pair in one field of a session: its players (keys; None for a guest) and its percentage."""

    players: tuple[str | None, ...]
    percentage: float
    boards: int


@dataclass(frozen=True)
class Rated:
    """What one session did to one player's rating."""

    player: str
    before: Rating
    performance: float
    after: Rating
    boards: int


def _check(percentage: float, boards: int) -> None:
    if not math.isfinite(percentage) or not 0 <= percentage <= 100:
        raise ScoringError(
            _("A session percentage is between 0 and 100, not %(percentage)s.") % {"percentage": repr(percentage)}
        )
    if boards < 1:
        raise ScoringError(_("A rated session has at least one board played, not %(boards)s.") % {"boards": boards})


def performance(percentage: float, own: float, partner: float, opponents: float) -> float:
    """The player's performance in one session: the pair's percentage corrected for field and partner."""
    adjusted = percentage + (opponents - AVERAGE)
    return own + (adjusted - (own + partner) / 2)


def updated(state: Rating, perf: float, boards: int) -> Rating:
    """The rating after one more session of ``boards`` boards with performance ``perf``."""
    kept = state.weight * DECAY**boards
    weight = kept + boards
    return Rating((state.rating * kept + perf * boards) / weight, weight)


def rate_session(ratings: dict[str, Rating], field: Sequence[PairResult]) -> list[Rated]:
    """Rate every member of one field (pairs ranked together) from the ratings before the session.

    Guests (None) count as average players and get no rating. ``ratings`` is not changed: the caller keeps
    the ``after`` states. Every pair's correction uses the ratings before the session, so order is irrelevant.
    """
    for pair in field:
        _check(pair.percentage, pair.boards)

    def before(key: str | None) -> Rating:
        return ratings.get(key, Rating()) if key is not None else Rating()

    everyone = [before(p).rating for pair in field for p in pair.players]
    total, count = sum(everyone), len(everyone)
    out: list[Rated] = []
    for pair in field:
        own_ratings = [before(p).rating for p in pair.players]
        others = count - len(own_ratings)
        opponents = (total - sum(own_ratings)) / others if others else AVERAGE
        for i, key in enumerate(pair.players):
            if key is None:
                continue
            partners = own_ratings[:i] + own_ratings[i + 1 :]
            partner = sum(partners) / len(partners) if partners else own_ratings[i]
            state = before(key)
            perf = performance(pair.percentage, state.rating, partner, opponents)
            out.append(Rated(key, state, perf, updated(state, perf, pair.boards), pair.boards))
    return out
