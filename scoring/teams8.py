"""Teams of eight: a team of eight plays two four-player matches against the other team of eight at once.

Each pairing takes four tables: match 1 at two tables (rooms 1 and 2) and match 2 at the other two (rooms 3 and
4), with the same rule in each as in any team match (room 1 / room 3: home N-S; room 2 / room 4: home E-W). The
team's score is the aggregate: the IMPs of the two matches added, then VPs on the event's scale. The scale is the
one for twice the match length (the aggregate compares ``2 * boards`` deals), so a 12-IMP margin over two 8-board
matches is worth what it is worth over 16 boards.

In a knockout the aggregate IMPs decide. The Laws leave a tie to the conditions of contest; ours follow the common
practice for a team of eight, which is one side of eight players, not two teams of four: both matches play the
same extra boards and the aggregate of both goes on deciding (no match decides alone, no toss). Extra board
``k`` is stored after the two matches as two numbers, ``2 * boards + 2k - 1`` (match 1, rooms 1-2) and
``2 * boards + 2k`` (the same deal in match 2, rooms 3-4); each counts in its own match, so the aggregate takes
both. One more extra board is played while the aggregate is level after every board before it
(``knockout_open``).

A club's own VP table (the teams app's ``club_victory_points``) can be applied to ``net`` by the caller; this
module gives the named WBF scales (scoring.vpscales).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.errors import InvalidScore
from scoring.imps import match_totals, team_board_imps
from scoring.messages import gettext as _
from scoring.vpscales import scale_victory_points

__all__ = ["MAX_EXTRA", "EightScore", "HalfScore", "eight_match", "in_first_match", "knockout_open", "split_boards"]


@dataclass(frozen=True, slots=True)
class HalfScore:
    """One of the two matches: its IMPs per board to the home team and the IMPs each side won."""

    board_imps: tuple[int, ...]
    imps_home: int
    imps_away: int

    @property
    def net(self) -> int:
        return self.imps_home - self.imps_away


@dataclass(frozen=True, slots=True)
class EightScore:
    """Both matches and their sum; VPs only once both matches are complete."""

    first: HalfScore
    second: HalfScore
    vp_home: float | None
    vp_away: float | None
    complete: bool

    @property
    def imps_home(self) -> int:
        return self.first.imps_home + self.second.imps_home

    @property
    def imps_away(self) -> int:
        return self.first.imps_away + self.second.imps_away

    @property
    def net(self) -> int:
        return self.imps_home - self.imps_away


def _half(room1_ns: Sequence[int], room2_ns: Sequence[int]) -> HalfScore:
    per_board = team_board_imps(room1_ns, room2_ns)
    home, away = match_totals(per_board)
    return HalfScore(tuple(per_board), int(home), int(away))


def eight_match(
    first: tuple[Sequence[int], Sequence[int]],
    second: tuple[Sequence[int], Sequence[int]],
    *,
    boards: int,
    vp_scale: str | None = "wbf_continuous",
) -> EightScore:
    """Score a teams-of-eight pairing: ``first`` and ``second`` are each match's (home-N-S room, home-E-W room)
    N-S scores of the boards in so far; ``boards`` is the length of one match. ``vp_scale`` None leaves the VPs
    to the caller (a club's own table)."""
    if boards < 1:
        raise InvalidScore(_("A match has at least one board."))
    one, two = _half(*first), _half(*second)
    # both matches in, and as many extra boards in each (an extra board counts once both matches have played it)
    complete = len(one.board_imps) == len(two.board_imps) >= boards
    vp_home = vp_away = None
    if complete and vp_scale is not None:
        vp_home, vp_away = scale_victory_points(vp_scale, one.net + two.net, 2 * boards)
    return EightScore(one, two, vp_home, vp_away, complete)


MAX_EXTRA = 16  # extra boards (each played in both matches) before a knockout tie is left to the director


def in_first_match(number: int, boards: int) -> bool:
    """Whether a stored board number is played in match 1: boards 1 to ``boards``, and the odd-offset extra boards
    of a knockout tie (``2 * boards + 1``, ``+ 3``, ...)."""
    if number <= 2 * boards:
        return number <= boards
    return (number - 2 * boards) % 2 == 1


def split_boards(
    stored: Mapping[int, tuple[int, int]], boards: int, *, extra: int = 0
) -> tuple[tuple[list[int], list[int]], tuple[list[int], list[int]]]:
    """The two matches from a pairing's boards as the teams app stores them: board ``k`` of match 1 as number
    ``k``, board ``k`` of match 2 as number ``boards + k``, each as (home-N-S room, home-E-W room) N-S scores;
    with ``extra`` (a knockout), up to that many extra boards after them, each in both matches (module note)."""
    if boards < 1:
        raise InvalidScore(_("A match has at least one board."))
    first: tuple[list[int], list[int]] = ([], [])
    second: tuple[list[int], list[int]] = ([], [])
    most = 2 * boards + 2 * extra
    for number in sorted(stored):
        if not 1 <= number <= most:
            raise InvalidScore(
                _("A teams-of-eight pairing has boards 1 to %(most)s, not %(number)s.")
                % {"most": most, "number": number}
            )
        target = first if in_first_match(number, boards) else second
        target[0].append(stored[number][0])
        target[1].append(stored[number][1])
    return first, second


def knockout_open(board_imps: Mapping[int, int], boards: int, carry: float = 0) -> int:
    """The highest board number a knockout pairing has room for: both matches (``2 * boards``), then one extra
    board in both matches (two numbers) at a time while the aggregate (with any carry-over, scoring.knockout) is
    level after every board before it."""
    n = 2 * boards
    while (
        n < 2 * boards + 2 * MAX_EXTRA
        and all(k in board_imps for k in range(1, n + 1))
        and carry + sum(board_imps[k] for k in range(1, n + 1)) == 0
    ):
        n += 2
    return n
