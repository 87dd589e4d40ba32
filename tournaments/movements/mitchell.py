"""Mitchell movements as the laws describe them: NS pairs stay, EW pairs move up, boards move down.

- Odd number of tables: one set per table, the plain progression, n rounds.
- Even number of tables, "relay" (the default): sets on tables 1..n/2, the next set on the bye (relay)
  stand between tables n/2 and n/2+1, the rest on tables n/2+1..n-1; the last table shares table 1's boards.
  Boards from table n/2+1 go to the stand, table n/2 takes its boards from the stand.
- Even number of tables, "skip": every table has a set; after n/2 rounds the EW pairs skip a table.
  Only n-1 rounds are possible (the n-th would bring each EW pair back to its first NS pair).
- Odd number of pairs: the odd pair sits EW at the highest table with no NS pair opposite and sits out the
  first round; each EW pair sits out when it reaches that table (the laws' half table).
- "arrow-switch": the same movement with the last quarter of the rounds played with the arrow turned, so
  NS and EW pairs are compared against each other and there is one winner.
"""

from __future__ import annotations

import math

from scoring.messages import gettext as _

from .types import (
    MAX_MITCHELL_PAIRS,
    ByeStand,
    Movement,
    MovementError,
    Row,
    Share,
    board_set,
    check_boards_per_round,
    check_pairs,
)

__all__ = ["MITCHELL_VARIANTS", "arrow_switch_rounds", "mitchell"]

MITCHELL_VARIANTS = ("relay", "skip", "arrow-switch")


def arrow_switch_rounds(rounds: int) -> tuple[int, ...]:
    """The rounds played arrow-switched: the last quarter (at least one), so each pair meets both fields."""
    count = max(1, round(rounds / 4))
    return tuple(range(rounds - count + 1, rounds + 1))


def _check_common(pairs: int, boards_per_round: int) -> int:
    if pairs < 6:
        raise MovementError(
            _("A Mitchell needs at least 6 pairs (3 tables); %(pairs)s pairs can play a Howell instead.")
            % {"pairs": pairs}
        )
    check_pairs(pairs, MAX_MITCHELL_PAIRS, "Mitchell")
    check_boards_per_round(boards_per_round)
    return math.ceil(pairs / 2)


def _base(variant: str | None, tables: int) -> str | None:
    """The underlying movement ("relay", "skip" or None for the plain one), checked against the table count."""
    if variant not in (None, *MITCHELL_VARIANTS):
        raise MovementError(
            _("Unknown Mitchell variant %(variant)s: choose relay, skip or arrow-switch.") % {"variant": repr(variant)}
        )
    even = tables % 2 == 0
    base = variant if variant in ("relay", "skip") else ("relay" if even else None)
    if base is not None and not even:
        raise MovementError(
            _("The %(base)s Mitchell is for an even number of tables; %(tables)s tables play the plain Mitchell.")
            % {"base": base, "tables": tables}
        )
    return base


def _rounds(base: str | None, tables: int, rounds: int | None) -> int:
    """The number of rounds asked for (all that are possible by default), refused past what the movement allows."""
    max_rounds = tables - 1 if base == "skip" else tables
    n_rounds = max_rounds if rounds is None else rounds
    if not 1 <= n_rounds <= max_rounds:
        if base == "relay":
            wrong = _(
                "A relay Mitchell on %(tables)s tables plays at least 1 and at most %(most)s rounds, not %(rounds)s."
            )
        elif base == "skip":
            wrong = _(
                "A skip Mitchell on %(tables)s tables plays at least 1 and at most %(most)s rounds, not %(rounds)s."
            )
        else:
            wrong = _("A Mitchell on %(tables)s tables plays at least 1 and at most %(most)s rounds, not %(rounds)s.")
        raise MovementError(wrong % {"tables": tables, "most": max_rounds, "rounds": n_rounds})
    return n_rounds


def _ew_at(base: str | None, tables: int, table: int, r: int) -> int:
    """The EW pair at `table` in round `r` (1-based): it started `r - 1` tables lower (plus the skip)."""
    step = r - 1
    if base == "skip" and r > tables // 2:
        step += 1
    return (table - 1 - step) % tables + 1


def _set_at(base: str | None, tables: int, table: int, r: int) -> int:
    """The board set at `table` in round `r`: boards move down one position a round."""
    if base == "relay":
        # Board positions: tables 1..n/2, the stand, tables n/2+1..n-1; table n shares table 1's set.
        position = 0 if table == tables else (table - 1 if table <= tables // 2 else table)
    else:
        position = table - 1
    return (position + r - 1) % tables + 1


def _round_rows(base: str | None, tables: int, r: int, bpr: int, *, half_table: bool, switched: bool) -> list[Row]:
    """Round `r`'s rows: NS stays, EW and the boards move; the half table's NS seat is empty."""
    rows = []
    for table in range(1, tables + 1):
        ns: str | None = f"{table}NS"
        ew: str | None = f"{_ew_at(base, tables, table, r)}EW"
        if half_table and table == tables:
            ns = None
        if switched and ns is not None:
            ns, ew = ew, ns
        # The last table of a relay Mitchell has no set of its own; if it is the half table, it is idle.
        idle_relay = base == "relay" and half_table and table == tables
        boards = () if idle_relay else board_set(_set_at(base, tables, table, r), bpr)
        rows.append(Row(r, table, ns, ew, boards))
    return rows


def _description(base: str | None, tables: int, half_table: bool, switched: tuple[int, ...]) -> str:
    name = {"relay": "relay and bye stand Mitchell", "skip": "skip Mitchell", None: "Mitchell"}[base]
    description = f"{name}, {tables} tables" + (" (half table)" if half_table else "")
    if switched:
        description += f", arrow-switched in round{'s' if len(switched) > 1 else ''} " + ", ".join(map(str, switched))
    return description


def mitchell(
    pairs: int,
    *,
    boards_per_round: int | None = None,
    rounds: int | None = None,
    variant: str | None = None,
) -> Movement:
    """A Mitchell for `pairs` pairs; `variant` is None, "relay", "skip" or "arrow-switch"."""
    bpr = 2 if boards_per_round is None else boards_per_round
    tables = _check_common(pairs, bpr)
    base = _base(variant, tables)
    arrow = variant == "arrow-switch"
    n_rounds = _rounds(base, tables, rounds)
    switched = arrow_switch_rounds(n_rounds) if arrow else ()
    half_table = pairs % 2 == 1
    rows: list[Row] = []
    shares: list[Share] = []
    stands: list[ByeStand] = []
    for r in range(1, n_rounds + 1):
        rows += _round_rows(base, tables, r, bpr, half_table=half_table, switched=r in switched)
        if base == "relay" and not half_table:
            shares.append(Share(r, (1, tables), board_set(_set_at(base, tables, 1, r), bpr)))
        if base == "relay":
            stand_set = (tables // 2 + r - 1) % tables + 1
            stands.append(ByeStand(r, (tables // 2, tables // 2 + 1), board_set(stand_set, bpr)))
    return Movement(
        kind="mitchell",
        variant=variant if variant is not None else base,
        pairs=pairs,
        tables=tables,
        rounds=n_rounds,
        boards_per_round=bpr,
        rows=tuple(rows),
        winners=1 if arrow else 2,
        shares=tuple(shares),
        bye_stands=tuple(stands),
        relay_tables=(1, tables) if base == "relay" and not half_table else (),
        arrow_switch_rounds=switched,
        meet_once=True,
        all_meet=n_rounds == tables,
        phantom=f"{tables}NS" if half_table else None,
        description=_description(base, tables, half_table, switched),
    )
