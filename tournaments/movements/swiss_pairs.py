"""Swiss pairs: each round drawn from the standings, every table playing the same boards that round.

Round 1 pairs 1 v 2, 3 v 4, ... at tables 1, 2, ...; each later round comes from the standings after the
previous one (`swiss_draw`, the teams' Swiss: top-down, no pair meets another twice while that can be avoided,
an odd field's bye to the lowest pair that has not had one). The leading pair of a match sits North-South at the
lower table. Round ``r`` plays boards ``(r-1)*B+1 .. r*B`` at every table (duplicated sets), so each board is
compared across the whole field. A bye is a row without East-West, its boards idle.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scoring.draws import swiss_draw
from scoring.errors import DrawError
from scoring.messages import gettext as _

from .types import MAX_ROUNDS, Movement, MovementError, Row, check_boards_per_round

__all__ = ["MAX_SWISS_PAIRS", "swiss_pairs", "swiss_pairs_round"]

MAX_SWISS_PAIRS = 120


def _boards(round_number: int, boards_per_round: int) -> tuple[int, ...]:
    start = (round_number - 1) * boards_per_round + 1
    return tuple(range(start, start + boards_per_round))


def swiss_pairs_round(
    round_number: int,
    standings: Sequence[int],
    *,
    boards_per_round: int,
    history: Iterable[tuple[int, int]] = (),
    byes: Iterable[int] = (),
) -> list[Row]:
    """The rows of one round drawn from ``standings`` (pair numbers, best first)."""
    check_boards_per_round(boards_per_round)
    if not 1 <= round_number <= MAX_ROUNDS:
        raise MovementError(
            _("A Swiss has at most %(most)s rounds, not %(round_number)s.")
            % {"most": MAX_ROUNDS, "round_number": round_number}
        )
    if round_number == 1:
        order = sorted(standings)
        matches = [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]
        bye = order[-1] if len(order) % 2 else None
    else:
        try:
            draw = swiss_draw(standings, history, byes=byes)
        except DrawError as exc:  # the movement's callers expect a MovementError
            raise MovementError(str(exc)) from exc
        rank = {pair: i for i, pair in enumerate(standings)}
        matches = sorted(((a, b) if rank[a] < rank[b] else (b, a) for a, b in draw.matches), key=lambda m: rank[m[0]])
        bye = draw.bye
    boards = _boards(round_number, boards_per_round)
    rows = [Row(round_number, table, str(ns), str(ew), boards) for table, (ns, ew) in enumerate(matches, start=1)]
    if bye is not None:
        rows.append(Row(round_number, len(matches) + 1, str(bye), None, boards))
    return rows


def swiss_pairs(pairs: int, *, boards_per_round: int | None = None, rounds: int | None = None) -> Movement:
    """A Swiss pairs of ``rounds`` rounds with its first round drawn (the others are drawn as play goes on)."""
    if not 4 <= pairs <= MAX_SWISS_PAIRS:
        raise MovementError(
            _("A Swiss pairs is drawn for 4 to %(most)s pairs, not %(pairs)s.")
            % {"most": MAX_SWISS_PAIRS, "pairs": pairs}
        )
    bpr = check_boards_per_round(boards_per_round or 4)
    most = pairs - 1 if pairs % 2 == 0 else pairs
    planned = rounds or min(7, most)
    if not 2 <= planned <= min(most, MAX_ROUNDS):
        raise MovementError(
            _("%(pairs)s pairs play a Swiss of 2 to %(most)s rounds (no pair meets another twice), not %(planned)s.")
            % {"pairs": pairs, "most": min(most, MAX_ROUNDS), "planned": planned}
        )
    first = swiss_pairs_round(1, list(range(1, pairs + 1)), boards_per_round=bpr)
    return Movement(
        kind="swiss",
        variant=None,
        pairs=pairs,
        tables=(pairs + 1) // 2,
        rounds=planned,
        boards_per_round=bpr,
        rows=tuple(first),
        description=f"Swiss pairs: {planned} rounds of {bpr} boards, each round drawn from the standings",
    )
