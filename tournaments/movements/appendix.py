"""Appendix movements: more tables than the usual movement for the board sets holds, by sharing boards.

- Appendix Howell ("howell" variant "appendix", alias "appendix-howell"): a Howell for P - 2 pairs with one
  table appended. Table 1 of the Howell (or the next one playing a new set each round) is the appendage table; the
  appendix table (numbered last, set beside it) shares its boards every round. The pair that would sit
  EW at table 1 goes to the appendix table instead and keeps its direction; the vacant seats are taken by two
  stationary pairs, P - 1 (EW at table 1) and P (NS at the appendix table). The moving pairs move on as if they
  had met. So every moving pair meets all but one or two others, the stationary pairs meet every moving pair
  that reaches table 1, nobody meets twice or replays a set, and every set is played once more than in the
  Howell (the comparisons stay balanced). With an odd P the Howell underneath has its phantom pair.
- Bowman ("mitchell" variant "bowman", alias "bowman"): the EBU's "1½-table appendix Mitchell", for two tables more
  than the board sets: T tables play T - 2 rounds on T - 2 sets. NS pairs stay, EW pairs move up one table a round
  (no skip: the rounds run out before an EW pair comes back), table T - 1 shares table 1's boards every round, and
  in each round one or more other sets are shared by two tables the guide card names (the published movement has the
  last table share with a different table each round; ours need not). The board layouts are found by a search (the
  set at each table in each round, with every NS and EW pair playing every set once) and kept in bowman_data.py, so each
  is the same every time; the tests prove each sound. Offered for 8 to 15 tables (the EBU's own examples: 10 tables
  for 24 boards, 11 tables for 27, 15 tables for 26); a half table leaves EW pairs a sit-out in turn.
"""

from __future__ import annotations

from scoring.messages import gettext as _

from .bowman_data import BOWMAN_SETS
from .howell import howell
from .types import Movement, MovementError, Row, Share, board_set, check_boards_per_round, check_rounds

__all__ = ["BOWMAN_TABLES", "appendix_howell", "bowman_mitchell"]

BOWMAN_TABLES = tuple(sorted(BOWMAN_SETS))


def appendix_howell(pairs: int, *, boards_per_round: int | None = None, rounds: int | None = None) -> Movement:
    """A Howell for `pairs` - 2 pairs with an appendix table and two stationary pairs (module docstring)."""
    if pairs < 7:
        raise MovementError(
            _("An appendix Howell needs at least 7 pairs, not %(pairs)s; play a Howell.") % {"pairs": pairs}
        )
    base = howell(pairs - 2, boards_per_round=boards_per_round, rounds=rounds)
    appendage = _appendage(base)
    if appendage is None:
        raise MovementError(
            _("No appendix Howell for %(pairs)s pairs: every table of the Howell replays a board set.")
            % {"pairs": pairs}
        )
    stay_ew, stay_ns = str(pairs - 1), str(pairs)
    appendix = base.tables + 1
    rows: list[Row] = []
    shares = list(base.shares)
    for row in base.rows:
        if row.table != appendage:
            rows.append(row)
            continue
        rows.append(Row(row.round, row.table, row.ns, stay_ew, row.boards))
        rows.append(Row(row.round, appendix, stay_ns, row.ew, row.boards))
        shares.append(Share(row.round, (appendage, appendix), row.boards))
    description = (
        f"appendix Howell, {pairs} pairs on {appendix} tables, {base.rounds} rounds: a Howell for {pairs - 2} "
        f"pairs with table {appendix} sharing table {appendage}'s boards; pairs {stay_ew} (EW at table "
        f"{appendage}) and {stay_ns} (NS at table {appendix}) stay put, and the pair due EW at table "
        f"{appendage} plays at table {appendix}"
    )
    if base.phantom:
        description += "; one pair sits out each round"
    return Movement(
        kind="howell",
        variant="appendix",
        pairs=pairs,
        tables=appendix,
        rounds=base.rounds,
        boards_per_round=base.boards_per_round,
        rows=tuple(sorted(rows, key=lambda r: (r.round, r.table))),
        winners=1,
        shares=tuple(sorted(shares, key=lambda s: (s.round, s.tables))),
        relay_tables=tuple(sorted({t for s in shares for t in s.tables})),
        meet_once=True,
        all_meet=False,
        # The Howell's phantom was numbered pairs - 1; the stationary pairs take that number, so renumber it.
        phantom=str(pairs + 1) if base.phantom else None,
        description=description,
    )


def _appendage(base: Movement) -> int | None:
    """The first Howell table (not the stationary pair's, the last) that plays a different set every round and
    shares with no other table: the stationary pairs there play every set they meet once."""
    for table in range(1, base.tables):
        played = [base.row_at(r, table).boards for r in range(1, base.rounds + 1)]
        if len(set(played)) == len(played) and table not in base.relay_tables:
            return table
    return None


def bowman_mitchell(pairs: int, *, boards_per_round: int | None = None, rounds: int | None = None) -> Movement:
    """A Bowman (1½-table appendix Mitchell) for `pairs` pairs: T tables, T - 2 rounds and sets (module docstring)."""
    tables = (pairs + 1) // 2
    if tables not in BOWMAN_SETS:
        raise MovementError(
            _("A Bowman is played on %(low)s to %(high)s tables (%(least)s to %(most)s pairs), not %(pairs)s pairs.")
            % {
                "low": BOWMAN_TABLES[0],
                "high": BOWMAN_TABLES[-1],
                "least": BOWMAN_TABLES[0] * 2 - 1,
                "most": BOWMAN_TABLES[-1] * 2,
                "pairs": pairs,
            }
        )
    bpr = check_boards_per_round(2 if boards_per_round is None else boards_per_round)
    layout = _layout(tables)
    top = tables - 2
    n_rounds = check_rounds(
        rounds,
        tables=tables,
        top=top,
        refusal=_("A Bowman on %(tables)s tables plays 1 to %(top)s rounds, not %(n_rounds)s."),
    )
    half_table = pairs % 2 == 1
    rows: list[Row] = []
    shares: list[Share] = []
    for r in range(1, n_rounds + 1):
        sets = layout[r - 1]
        for t in range(1, tables + 1):
            ns = None if half_table and t == tables else f"{t}NS"
            ew = f"{(t - 1 - (r - 1)) % tables + 1}EW"
            rows.append(Row(r, t, ns, ew, board_set(sets[t - 1] + 1, bpr)))
        for s in sorted(set(sets)):
            at = tuple(t + 1 for t, x in enumerate(sets) if x == s and not (half_table and t + 1 == tables))
            if len(at) > 1:
                shares.append(Share(r, at, board_set(s + 1, bpr)))
    description = (
        f"Bowman (1½-table appendix Mitchell), {tables} tables, {top} board sets, {n_rounds} rounds: NS pairs stay, "
        f"EW pairs move up one table; table {tables - 1} shares table 1's boards and other sets are shared "
        "by two tables in some rounds (see the guide card)"
    )
    if half_table:
        description += f"; half table: EW pairs sit out at table {tables}"
    return Movement(
        kind="mitchell",
        variant="bowman",
        pairs=pairs,
        tables=tables,
        rounds=n_rounds,
        boards_per_round=bpr,
        rows=tuple(rows),
        winners=2,
        shares=tuple(shares),
        relay_tables=(1, tables - 1),
        meet_once=True,
        all_meet=False,
        phantom=f"{tables}NS" if half_table else None,
        description=description,
    )


def _layout(tables: int) -> list[list[int]]:
    """The set (0-based) at each table in each round, from the stored text "a b c ...|a b c ...|..."."""
    return [[int(x) for x in line.split()] for line in BOWMAN_SETS[tables].split("|")]
