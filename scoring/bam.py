"""Board-a-match and Patton: teams scored board by board (win, draw, loss) instead of in IMPs.

Board-a-match (ACBL's "board-a-match", the EBU's "point-a-board"): on each board the home team's net score is
its N-S score in room 1 less the N-S score in room 2 (where it sits E-W). A positive net wins the board (1 point),
a negative one loses it (0), a zero net is a draw (½ each). Any difference wins, even 10 points: that is the
ACBL's rule and the EBU's. Some clubs count small differences as a draw, so ``tie_within`` (in points) is a
parameter: 0 is the standard rule, 10 makes "within 10 points" a draw.

Patton (EBU Tournament Focus, Winter 2009, "Patton Teams"): each board gives 2 for a win, 1 for a draw and 0 for
a loss, and the aggregate of the match's net scores is worth as many points again (2 a board): the team ahead on
aggregate takes them all, a level aggregate shares them. So a four-board match has 16 points at stake: win three
boards (6 of 8) and draw the aggregate (4 of 8) and the team has 10.

Both sides' points always add up to the points at stake; nothing here rounds (halves are exact in floats).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.errors import InvalidScore
from scoring.messages import gettext as _

__all__ = ["PattonScore", "bam_match", "board_points", "patton_match"]


def _nets(room1_ns: Sequence[int], room2_ns: Sequence[int]) -> list[int]:
    if len(room1_ns) != len(room2_ns):
        raise InvalidScore(_("Both tables of a team match must have a score for every board."))
    return [a - b for a, b in zip(room1_ns, room2_ns, strict=True)]


def board_points(net: int, *, tie_within: int = 0) -> float:
    """The home team's share of one board (1, ½ or 0) from its net score; ``|net| <= tie_within`` is a draw."""
    if tie_within < 0:
        raise InvalidScore(_("A draw margin cannot be negative."))
    if abs(net) <= tie_within:
        return 0.5
    return 1.0 if net > 0 else 0.0


def bam_match(room1_ns: Sequence[int], room2_ns: Sequence[int], *, tie_within: int = 0) -> tuple[float, float]:
    """Board-a-match points of a match (home, away): one point a board, shared on a draw."""
    home = sum(board_points(n, tie_within=tie_within) for n in _nets(room1_ns, room2_ns))
    return home, len(room1_ns) - home


@dataclass(frozen=True, slots=True)
class PattonScore:
    """A Patton match: the board element and the aggregate element of each side, and their totals."""

    boards_home: float
    boards_away: float
    aggregate_home: float
    aggregate_away: float
    aggregate_net: int  # the home team's aggregate net score

    @property
    def home(self) -> float:
        return self.boards_home + self.aggregate_home

    @property
    def away(self) -> float:
        return self.boards_away + self.aggregate_away


def patton_match(room1_ns: Sequence[int], room2_ns: Sequence[int], *, tie_within: int = 0) -> PattonScore:
    """Patton points of a match: 2/1/0 a board, plus 2 a board for the aggregate (shared when level)."""
    nets = _nets(room1_ns, room2_ns)
    home_boards = 2 * sum(board_points(n, tie_within=tie_within) for n in nets)
    at_stake = 2 * len(nets)
    total = sum(nets)
    aggregate = float(at_stake) if total > 0 else at_stake / 2 if total == 0 else 0.0
    return PattonScore(home_boards, at_stake - home_boards, aggregate, at_stake - aggregate, total)
