"""Two small fixed movements from the laws: the two-table team-of-four match and replay duplicate.

Team of four (8 players, 4 pairs): team 1's pairs "1A" (NS at table 1) and "1B" (EW at table 2), team 2's
"2A" (EW at table 1) and "2B" (NS at table 2). Each stage has two rounds: the tables play different sets,
then exchange and replay them; after a stage team 2's pairs exchange places. The laws play two stages
(four rounds, a quarter of the boards per round).

Replay duplicate (4 players, pairs "1" and "2", one table): the boards are played, then replayed later
with the arrow turned, so each pair holds the other pair's cards. Each board is played twice by each pair,
once each way, by design.
"""

from __future__ import annotations

from scoring.messages import gettext as _

from .types import MAX_ROUNDS, Movement, MovementError, Row, board_set, check_boards_per_round

__all__ = ["replay", "teams"]


def _paired_rounds(n: int, what: str, uneven: str) -> int:
    """Rounds come in pairs (play, then replay the same boards the other way), up to MAX_ROUNDS."""
    if n > MAX_ROUNDS:
        raise MovementError(
            _("%(what)s is generated for at most %(most)s rounds, not %(rounds)s.")
            % {"what": what, "most": MAX_ROUNDS, "rounds": n}
        )
    if n < 2 or n % 2:
        raise MovementError(f"{what} {uneven.format(n=n)}")
    return n


def teams(
    pairs: int = 4,
    *,
    boards_per_round: int | None = None,
    rounds: int | None = None,
    variant: str | None = None,
) -> Movement:
    """The two-table team-of-four match: 4 pairs, 2 tables, an even number of rounds (4 by default)."""
    if pairs not in (4, 8):
        raise MovementError(
            _("The team-of-four match is for two teams: 4 pairs (8 players) on two tables, not %(pairs)s.")
            % {"pairs": pairs}
        )
    if variant is not None:
        raise MovementError(_("The team-of-four match has no variant %(variant)s.") % {"variant": repr(variant)})
    bpr = check_boards_per_round(6 if boards_per_round is None else boards_per_round)
    n_rounds = _paired_rounds(
        4 if rounds is None else rounds,
        "A team match",
        "is played in pairs of rounds (play, then exchange and replay): {n} rounds cannot be.",
    )
    rows: list[Row] = []
    for stage in range(n_rounds // 2):
        first, second = 2 * stage + 1, 2 * stage + 2
        opponents_1 = "2A" if stage % 2 == 0 else "2B"
        opponents_2 = "2B" if stage % 2 == 0 else "2A"
        set_1, set_2 = board_set(first, bpr), board_set(second, bpr)
        for r, (at_1, at_2) in ((first, (set_1, set_2)), (second, (set_2, set_1))):
            rows.append(Row(r, 1, "1A", opponents_1, at_1))
            rows.append(Row(r, 2, opponents_2, "1B", at_2))
    return Movement(
        kind="teams",
        variant=None,
        pairs=4,
        tables=2,
        rounds=n_rounds,
        boards_per_round=bpr,
        rows=tuple(rows),
        winners=1,
        meet_once=False,
        all_meet=False,
        description=(
            "team-of-four match: tables exchange boards after each round; team 2's pairs change places "
            "after every second round"
        ),
    )


def replay(
    pairs: int = 2,
    *,
    boards_per_round: int | None = None,
    rounds: int | None = None,
    variant: str | None = None,
) -> Movement:
    """Replay duplicate for four players: original rounds, then the same boards replayed the other way."""
    if pairs not in (2, 4):
        raise MovementError(_("Replay duplicate is for four players (2 pairs), not %(pairs)s.") % {"pairs": pairs})
    if variant is not None:
        raise MovementError(_("Replay duplicate has no variant %(variant)s.") % {"variant": repr(variant)})
    bpr = check_boards_per_round(12 if boards_per_round is None else boards_per_round)
    n_rounds = _paired_rounds(
        2 if rounds is None else rounds, "Replay duplicate", "needs an even number of rounds (play, replay), not {n}."
    )
    half = n_rounds // 2
    rows = [Row(r, 1, "1", "2", board_set(r, bpr)) for r in range(1, half + 1)]
    rows += [Row(half + r, 1, "2", "1", board_set(r, bpr)) for r in range(1, half + 1)]
    return Movement(
        kind="replay",
        variant=None,
        pairs=2,
        tables=1,
        rounds=n_rounds,
        boards_per_round=bpr,
        rows=tuple(rows),
        winners=1,
        meet_once=False,
        all_meet=False,
        description=(
            f"replay duplicate: rounds 1-{half} played with the arrow North, rounds {half + 1}-{n_rounds} "
            "replay the same boards with the arrow East"
        ),
    )
