"""The Mitchell variants a club director reaches for when the plain Mitchell does not fit the room or the evening.

Each is built from the plain Mitchell's two circuits (NS pairs stay, EW pairs move up one table, boards move
down one table) and validated like every other movement (tests prove each sound for every size it is offered):

- "web": more tables than rounds. The section is woven from g strands of k tables (k odd, k divides the tables):
  table t plays set ((t - 1) + (r - 1)) mod k in round r, so tables t, t + k, t + 2k ... play the same set at
  once (g copies of each board, or the tables pass them between them). EW pairs still move up one table over
  the whole section, so each meets k NS pairs and plays each of the k sets once.
- "hesitation" (odd tables): one winner without an arrow switch. The moving pairs follow a circuit of the EW
  seats plus the NS seat of the middle table (the hesitation table): the EW pair there stays a round, turning
  NS. n + 1 rounds on n tables with n + 1 sets (one on a bye stand by table 1); the other NS pairs stay put.
- "scrambled": the plain (or relay) Mitchell with the arrow switched at a third of the tables each round (at
  table t in round r when t + r is a multiple of 3), so every pair plays some boards each way and the field
  has one winner.
- "share-relay": an even number of tables without a bye stand. Tables 1 .. n-1 play n - 1 sets moving two
  tables up a round, the last table shares table 1's boards (the relay), EW pairs move up one table: n - 2
  rounds (with n - 1 rounds no such arrangement exists; a search over every slot layout for 6-10 tables shows it).
- "rover" (rover.py): an extra pair; see there.
"""

from __future__ import annotations

import math

from scoring.messages import gettext as _

from .mitchell import mitchell
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
    check_rounds,
)

__all__ = [
    "MITCHELL_EXTRA_VARIANTS",
    "hesitation_mitchell",
    "scrambled_mitchell",
    "share_relay_mitchell",
    "web_mitchell",
    "web_strands",
]

MITCHELL_EXTRA_VARIANTS = ("web", "hesitation", "scrambled", "share-relay", "rover", "bowman")


def _tables(pairs: int, boards_per_round: int | None, what: str, least: int = 6) -> tuple[int, int]:
    if pairs < least:
        raise MovementError(
            _("A %(what)s needs at least %(least)s pairs, not %(pairs)s.")
            % {"what": what, "least": least, "pairs": pairs}
        )
    check_pairs(pairs, MAX_MITCHELL_PAIRS, what)
    bpr = check_boards_per_round(2 if boards_per_round is None else boards_per_round)
    return math.ceil(pairs / 2), bpr


def _ew_at(table: int, r: int, tables: int) -> int:
    return (table - 1 - (r - 1)) % tables + 1


def web_strands(tables: int) -> list[int]:
    """The rounds a web Mitchell on `tables` tables can play: odd proper divisors of the tables, 3 upwards."""
    return [k for k in range(3, tables, 2) if tables % k == 0]


def web_mitchell(pairs: int, *, boards_per_round: int | None = None, rounds: int | None = None) -> Movement:
    """A web Mitchell: k rounds on g * k tables, tables k apart playing the same set (see the module docstring)."""
    tables, bpr = _tables(pairs, boards_per_round, "web Mitchell", least=12)
    strands = web_strands(tables)
    if not strands:
        raise MovementError(
            _(
                "A web Mitchell needs a number of tables with an odd divisor of 3 or more below it; "
                "%(tables)s tables play a plain or relay Mitchell."
            )
            % {"tables": tables}
        )
    k = strands[-1] if rounds is None else rounds
    if k not in strands:
        raise MovementError(
            _("A web Mitchell on %(tables)s tables plays %(items)s rounds, not %(rounds)s.")
            % {"tables": tables, "items": " or ".join(map(str, strands)), "rounds": k}
        )
    half_table = pairs % 2 == 1
    rows: list[Row] = []
    shares: list[Share] = []
    for r in range(1, k + 1):
        at: dict[int, list[int]] = {}
        for t in range(1, tables + 1):
            s = ((t - 1) + (r - 1)) % k + 1
            at.setdefault(s, []).append(t)
            ns = None if half_table and t == tables else f"{t}NS"
            rows.append(Row(r, t, ns, f"{_ew_at(t, r, tables)}EW", board_set(s, bpr)))
        shares += [Share(r, tuple(ts), board_set(s, bpr)) for s, ts in sorted(at.items())]
    copies = tables // k
    description = (
        f"web Mitchell, {tables} tables in {copies} strands of {k}: tables {k} apart play the same boards "
        f"(make {copies} copies of each board)" + (" (half table)" if half_table else "")
    )
    return Movement(
        kind="mitchell",
        variant="web",
        pairs=pairs,
        tables=tables,
        rounds=k,
        boards_per_round=bpr,
        rows=tuple(rows),
        winners=2,
        shares=tuple(shares),
        meet_once=True,
        all_meet=False,
        phantom=f"{tables}NS" if half_table else None,
        description=description,
    )


def hesitation_mitchell(pairs: int, *, boards_per_round: int | None = None, rounds: int | None = None) -> Movement:
    """A hesitation Mitchell: the EW pairs circle through the middle table's NS seat (see the module docstring)."""
    tables, bpr = _tables(pairs, boards_per_round, "hesitation Mitchell")
    if tables % 2 == 0:
        raise MovementError(
            _("A hesitation Mitchell is for an odd number of tables, not %(tables)s.") % {"tables": tables}
        )
    top = tables + 1
    n_rounds = check_rounds(
        rounds,
        tables=tables,
        top=top,
        refusal=_("A hesitation Mitchell on %(tables)s tables plays 1 to %(top)s rounds, not %(n_rounds)s."),
    )
    h = tables // 2 + 1
    # The circuit of seats the moving pairs follow, one seat a round: EW 1..h, NS h, EW h+1..n.
    circuit = [(t, "EW") for t in range(1, h + 1)] + [(h, "NS")] + [(t, "EW") for t in range(h + 1, tables + 1)]
    movers = [f"{t}{side}" for t, side in circuit]
    phantom = f"{tables}NS" if pairs % 2 else None
    rows: list[Row] = []
    stands: list[ByeStand] = []
    for r in range(n_rounds):
        seats = {circuit[(i + r) % top]: p for i, p in enumerate(movers)}
        for t in range(1, tables + 1):
            ns = seats[(t, "NS")] if t == h else f"{t}NS"
            # Set t + r (mod n + 1): boards move down one table; set r lies on the stand by table 1.
            s = (t + r) % top + 1
            rows.append(Row(r + 1, t, None if ns == phantom else ns, seats[(t, "EW")], board_set(s, bpr)))
        stands.append(ByeStand(r + 1, (1, tables), board_set(r % top + 1, bpr)))
    return Movement(
        kind="mitchell",
        variant="hesitation",
        pairs=pairs,
        tables=tables,
        rounds=n_rounds,
        boards_per_round=bpr,
        rows=tuple(rows),
        winners=1,
        bye_stands=tuple(stands),
        meet_once=True,
        all_meet=False,
        phantom=phantom,
        description=(
            f"hesitation Mitchell, {tables} tables, {top} board sets: EW pairs move up one table, and at table {h} "
            "the EW pair stays a round and sits NS (it hesitates); boards move down one table, via a bye stand "
            f"between tables 1 and {tables}; one winner" + (" (half table)" if phantom else "")
        ),
    )


def scrambled_mitchell(pairs: int, *, boards_per_round: int | None = None, rounds: int | None = None) -> Movement:
    """A scrambled Mitchell: the arrow switched at a third of the tables each round, for one winner."""
    base = mitchell(pairs, boards_per_round=boards_per_round, rounds=rounds)
    rows = []
    for row in base.rows:
        if row.played and (row.table + row.round) % 3 == 0:
            rows.append(Row(row.round, row.table, row.ew, row.ns, row.boards))
        else:
            rows.append(row)
    return Movement(
        kind="mitchell",
        variant="scrambled",
        pairs=pairs,
        tables=base.tables,
        rounds=base.rounds,
        boards_per_round=base.boards_per_round,
        rows=tuple(rows),
        winners=1,
        shares=base.shares,
        bye_stands=base.bye_stands,
        relay_tables=base.relay_tables,
        meet_once=True,
        all_meet=base.all_meet,
        phantom=base.phantom,
        description=f"scrambled {base.description}: the arrow is switched at table t in round r when t + r is a "
        "multiple of 3; one winner",
    )


def share_relay_mitchell(pairs: int, *, boards_per_round: int | None = None, rounds: int | None = None) -> Movement:
    """A share-and-relay Mitchell for an even number of tables: n - 1 sets, no bye stand (module docstring)."""
    tables, bpr = _tables(pairs, boards_per_round, "share-and-relay Mitchell", least=8)
    if tables % 2:
        raise MovementError(
            _("A share-and-relay Mitchell is for an even number of tables, not %(tables)s.") % {"tables": tables}
        )
    n_sets, step = tables - 1, tables // 2 - 1
    top = tables - 2
    n_rounds = check_rounds(
        rounds,
        tables=tables,
        top=top,
        refusal=_("A share-and-relay Mitchell on %(tables)s tables plays 1 to %(top)s rounds, not %(n_rounds)s."),
    )
    half_table = pairs % 2 == 1
    rows: list[Row] = []
    shares: list[Share] = []
    for r in range(1, n_rounds + 1):
        for t in range(1, tables + 1):
            # Table t holds set (t - 1) * (n/2 - 1) + r - 1 (mod n - 1): the sets move two tables up among
            # tables 1 .. n-1 (a multiplier coprime to n - 1), and the last table shares table 1's set.
            s = ((0 if t == tables else t - 1) * step + r - 1) % n_sets + 1
            ns = None if half_table and t == tables else f"{t}NS"
            rows.append(Row(r, t, ns, f"{_ew_at(t, r, tables)}EW", board_set(s, bpr)))
        if not half_table:
            shares.append(Share(r, (1, tables), board_set((r - 1) % n_sets + 1, bpr)))
    return Movement(
        kind="mitchell",
        variant="share-relay",
        pairs=pairs,
        tables=tables,
        rounds=n_rounds,
        boards_per_round=bpr,
        rows=tuple(rows),
        winners=2,
        shares=tuple(shares),
        relay_tables=(1, tables) if not half_table else (),
        meet_once=True,
        all_meet=False,
        phantom=f"{tables}NS" if half_table else None,
        description=f"share-and-relay Mitchell, {tables} tables, {n_sets} board sets, {top} rounds: table {tables} "
        "shares table 1's boards (no bye stand), boards move two tables up among tables 1 to "
        f"{tables - 1}" + (" (half table)" if half_table else ""),
    )
