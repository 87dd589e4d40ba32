"""Season competitions: a club's standings over many sessions, in plain arithmetic (docs/competitions.md).

Players, not pairs, take part (partnerships change over a season); each session gives each of its players a
score, and a competition adds them up under one of three rules:

- ``best``: "best N of M": the player's ``counting`` best session percentages are added (all of them when
  ``counting`` is 0); a player with fewer sessions adds what they have, so playing enough sessions matters.
- ``ladder``: each session gives place points, ``field - rank + 1`` (the winner of a field of 12 earns 12, the
  last 1, tied players the points of their shared place); the best ``counting`` sessions are added (all: 0).
- ``championship``: as ``best``, plus each player's carry-over (typically a share of their total in an earlier
  competition, the qualifying stage), typed or carried by the caller.

Totals are ranked highest first; totals equal to two decimals share the place (``"2="``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from scoring.errors import ScoringError
from scoring.matchpoints import rank_with_ties
from scoring.messages import gettext as _

__all__ = ["KINDS", "Kind", "Rules", "Score", "Standing", "carried", "session_points", "standings"]

Kind = Literal["best", "ladder", "championship"]
KINDS: tuple[Kind, ...] = ("best", "ladder", "championship")


@dataclass(frozen=True)
class Score:
    """One player's result in one session: the pair's percentage and its rank in a field of ``field`` entries (or,
    from a teams event, the team's VPs, at most ``most``, and the team's place)."""

    player: str
    percentage: float
    rank: int
    field: int
    most: float = 100.0  # the most the score can be: 100 for a percentage, the top total for a teams event's VPs


@dataclass(frozen=True)
class Rules:
    kind: Kind = "best"
    counting: int = 0  # sessions that count (the best ones); 0: every session
    carry: Mapping[str, float] = field(default_factory=dict)  # player -> carry-over (championship only)


@dataclass(frozen=True)
class Standing:
    player: str
    place: str  # "1", "2=" (rank_with_ties)
    total: float
    carry: float
    scores: tuple[float | None, ...]  # the player's points in each session, None where they did not play
    counted: tuple[bool, ...]  # which of those count towards the total
    played: int

    @property
    def average(self) -> float | None:
        """The mean of the counted sessions' points (None when none counts)."""
        kept = [s for s, c in zip(self.scores, self.counted, strict=True) if c and s is not None]
        return sum(kept) / len(kept) if kept else None


def _check(score: Score) -> None:
    if not math.isfinite(score.percentage) or not 0 <= score.percentage <= score.most:
        if score.most != 100.0:  # a teams event's VPs
            raise ScoringError(
                _("An event's points are between 0 and %(most)s, not %(points)s.")
                % {"most": score.most, "points": repr(score.percentage)}
            )
        raise ScoringError(
            _("A session percentage is between 0 and 100, not %(percentage)s.") % {"percentage": repr(score.percentage)}
        )
    if not 1 <= score.rank <= score.field:
        raise ScoringError(
            _("A place is between 1 and the size of the field (%(field)s), not %(rank)s.")
            % {"field": score.field, "rank": score.rank}
        )


def session_points(kind: Kind, score: Score) -> float:
    """What one session's result is worth under the rule: its percentage, or its place points on a ladder."""
    _check(score)
    if kind == "ladder":
        return float(score.field - score.rank + 1)
    return score.percentage


def _counted(scores: Sequence[float | None], counting: int) -> tuple[bool, ...]:
    """The best ``counting`` sessions played (all when 0); of equal scores, the earlier session counts."""
    played = sorted((i for i, s in enumerate(scores) if s is not None), key=lambda i: (-(scores[i] or 0.0), i))
    kept = set(played if counting == 0 else played[:counting])
    return tuple(i in kept for i in range(len(scores)))


def standings(sessions: Sequence[Sequence[Score]], rules: Rules) -> list[Standing]:
    """The competition's standings, best first (ties by player key), from each session's scores in order.

    A player listed twice in one session is an error (a data slip the caller must settle)."""
    if rules.kind not in KINDS:
        raise ScoringError(
            _("A competition is best-of, a ladder or a championship, not %(kind)s.") % {"kind": rules.kind}
        )
    if rules.counting < 0:
        raise ScoringError(_("The sessions that count are 0 (all) or more, not %(n)s.") % {"n": rules.counting})
    table: dict[str, list[float | None]] = {}
    for index, session in enumerate(sessions):
        for score in session:
            row = table.setdefault(score.player, [None] * len(sessions))
            if row[index] is not None:
                raise ScoringError(
                    _("Player %(player)s has two results in session %(n)s.") % {"player": score.player, "n": index + 1}
                )
            row[index] = session_points(rules.kind, score)
    carry = dict(rules.carry) if rules.kind == "championship" else {}
    for player in carry:
        table.setdefault(player, [None] * len(sessions))
    players = sorted(table)
    rows: list[tuple[str, float, tuple[bool, ...]]] = []
    for player in players:
        scores = table[player]
        counted = _counted(scores, rules.counting)
        total = carry.get(player, 0.0) + sum(s for s, c in zip(scores, counted, strict=True) if c and s is not None)
        rows.append((player, round(total, 2), counted))
    places = rank_with_ties([total for _, total, _ in rows], tolerance=0.001)
    out = [
        Standing(
            player=player,
            place=place,
            total=total,
            carry=carry.get(player, 0.0),
            scores=tuple(table[player]),
            counted=counted,
            played=sum(s is not None for s in table[player]),
        )
        for (player, total, counted), place in zip(rows, places, strict=True)
    ]
    out.sort(key=lambda s: (-s.total, s.player))
    return out


def carried(earlier: Sequence[Standing], percent: float) -> dict[str, float]:
    """The carry-over into a championship: ``percent`` of each player's total in the earlier competition."""
    if not math.isfinite(percent) or not 0 <= percent <= 100:
        raise ScoringError(_("A carry-over is between 0 and 100 percent, not %(percent)s.") % {"percent": percent})
    return {s.player: round(s.total * percent / 100, 2) for s in earlier}
