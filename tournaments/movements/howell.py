"""Howell movements: every pair meets every other pair once (or a given number of rounds of that schedule).

The seating is the classic cyclic round robin: with P pairs (P even; an odd field gets a phantom pair and
a sit-out), pair P stays at the last table and pairs 1..P-1 rotate, so in round r pair r meets pair P and
pairs r+d and r-d (mod P-1) meet at table d. Board sets then rotate with the round: table d plays set
c_d + r. The offsets c_d are found by a small search so that every pair plays every set exactly once and no
set is at two tables in a round; for the few small fields where no such rotation exists (3 and fewer
tables) a general set search is used, and two tables share a set (a relay) only when nothing else works.

Three-quarter and half Howells (variants "three-quarter", "half") play the first three quarters (half) of the
rounds of the same schedule, for any size: nobody meets twice or replays a set, and the validator reports how
often each board is compared.
"""

from __future__ import annotations

import math
import random
from functools import cache

from scoring.messages import gettext as _

from .sets import assign_sets
from .standard import standard_howell
from .types import MAX_HOWELL_PAIRS, Movement, MovementError, Row, Share, board_set, check_boards_per_round, check_pairs

__all__ = ["HOWELL_VARIANTS", "howell", "rotation_offsets"]

HOWELL_VARIANTS = ("three-quarter", "half", "standard")
_SEARCH_CELLS = 700  # above this the general set search is not tried (the rotation always exists there)
_RESTARTS = 200
_BUDGET = 3_000


@cache
def rotation_offsets(m: int) -> tuple[int, ...] | None:
    """Offsets c_0..c_h (h = (m-1)/2), distinct, with {c_0} ∪ {c_d ± d} covering Z_m once; None if none found.

    c_0 is the set offset of the stationary pair's table; table d holds pairs r±d. Pair i then plays sets
    i + c_0 and i + c_d ∓ d, so covering Z_m once means each pair plays each of the m sets exactly once,
    and distinct offsets keep a set at one table per round. (This is a strong starter in disguise: they
    exist for every odd m except 3, 5 and 9.) Randomised depth-first search, most constrained element first,
    with restarts; deterministic seeds so a movement is the same every time.
    """
    h = (m - 1) // 2
    if h < 1 or m in (3, 5, 9):
        return None
    for attempt in range(_RESTARTS):
        found = _offsets_attempt(m, random.Random(attempt))
        if found is not None:
            return found
    return None


def _offsets_attempt(m: int, rng: random.Random) -> tuple[int, ...] | None:
    h = (m - 1) // 2
    used = [False] * m
    used[0] = True  # c_0 = 0: translating every offset gives an equivalent movement
    d_used = [False] * (h + 1)
    offsets = [0] * (h + 1)
    taken = {0}
    steps = 0

    def options(x: int) -> list[tuple[int, int, int]]:
        out = []
        for d in range(1, h + 1):
            if d_used[d]:
                continue
            for sign in (1, -1):
                c = (x + sign * d) % m
                other = (x + 2 * sign * d) % m
                if not used[other] and c not in taken and other != x:
                    out.append((d, c, other))
        return out

    def solve() -> bool:
        nonlocal steps
        steps += 1
        if steps > _BUDGET:
            return False
        best: tuple[int, list[tuple[int, int, int]]] | None = None
        for x in range(m):
            if not used[x]:
                opts = options(x)
                if best is None or len(opts) < len(best[1]):
                    best = (x, opts)
                    if len(opts) <= 1:
                        break
        if best is None:
            return True
        x, opts = best
        rng.shuffle(opts)
        for d, c, other in opts:
            used[x] = used[other] = d_used[d] = True
            taken.add(c)
            offsets[d] = c
            if solve():
                return True
            used[x] = used[other] = d_used[d] = False
            taken.discard(c)
        return False

    return tuple(offsets) if solve() else None


def _seating(m: int, rounds: int) -> list[list[tuple[int, int]]]:
    """Pairs (0-based, pair m is the stationary one) at tables 0..h for each round, NS first."""
    h = (m - 1) // 2
    plan: list[list[tuple[int, int]]] = []
    for r in range(rounds):
        tables: list[tuple[int, int]] = []
        for d in range(1, h + 1):
            a, b = (r + d) % m, (r - d) % m
            # Alternate who sits NS by d so each pair plays about half its rounds each way.
            tables.append((a, b) if d % 2 else (b, a))
        tables.append((m, r) if r % 2 == 0 else (r, m))
        plan.append(tables)
    return plan


def _choose_sets(plan: list[list[tuple[int, int]]], m: int, n_rounds: int) -> tuple[list[list[int]], int]:
    """Board set (0-based) per round and table, and how many sets are used.

    The sets of the complete Howell, cut to the rounds played: a partial Howell keeps its first rounds,
    so nobody replays a set, though some sets are then played a little less often than others.
    """
    full = _full_sets(m)
    cut = [list(sets) for sets in full[:n_rounds]]
    return cut, len({s for sets in cut for s in sets})


@cache
def _full_sets(m: int) -> tuple[tuple[int, ...], ...]:
    """Sets for the complete Howell on m rotating pairs: the cyclic rotation when it exists, else a search
    in which the last k rounds are played with one set shared by all tables (a relay), k as small as
    possible (needed for 2 and 3 tables; 5 tables have a relay-free schedule found by the search)."""
    plan = _seating(m, m)
    tables = len(plan[0])
    offsets = rotation_offsets(m)
    if offsets is not None:
        order = [*offsets[1:], offsets[0]]  # tables 1..h, then the stationary pair's table
        return tuple(tuple((order[t] + r) % m for t in range(tables)) for r in range(m))
    for shared in range(m + 1):
        head = m - shared
        found = assign_sets(plan[:head], head) if head and tables * head <= _SEARCH_CELLS else None
        if found is not None or head == 0:
            tail = [[head + i] * tables for i in range(shared)]
            return tuple(tuple(sets) for sets in (found or []) + tail)
    raise MovementError(_("No board-set schedule found for a Howell on %(tables)s tables.") % {"tables": tables})


def _check(pairs: int, variant: str | None) -> None:
    """Refuse too few or too many pairs and unknown variants before any work."""
    if pairs < 3:
        raise MovementError(
            _("A Howell needs at least 3 pairs (2 tables with a sit-out), not %(pairs)s.") % {"pairs": pairs}
        )
    if variant not in (None, *HOWELL_VARIANTS):
        raise MovementError(
            _("Unknown Howell variant %(variant)s: leave it out or use three-quarter, half or standard.")
            % {"variant": repr(variant)}
        )
    check_pairs(pairs, MAX_HOWELL_PAIRS, "Howell")


def _rounds(pairs: int, m: int, variant: str | None, rounds: int | None) -> int:
    """The rounds asked for, or the variant's share of the `m` rounds of a complete Howell."""
    share = {"three-quarter": 0.75, "half": 0.5}.get(variant or "", 1.0)
    n_rounds = max(1, math.ceil(share * m)) if rounds is None else rounds
    if not 1 <= n_rounds <= m:
        raise MovementError(
            _("A Howell for %(pairs)s pairs plays at least 1 and at most %(most)s rounds, not %(n_rounds)s.")
            % {"pairs": pairs, "most": m, "n_rounds": n_rounds}
        )
    return n_rounds


def _rows_and_shares(
    plan: list[list[tuple[int, int]]], sets_by_cell: list[list[int]], phantom: int, bpr: int
) -> tuple[list[Row], list[Share]]:
    """The rows of the seating plan with their board sets, and the tables that share a set in a round."""
    shares: list[Share] = []
    rows: list[Row] = []
    for r, tables_in_round in enumerate(plan):
        for t, (a, b) in enumerate(tables_in_round):
            ns = None if a == phantom else str(a + 1)
            ew = None if b == phantom else str(b + 1)
            rows.append(Row(r + 1, t + 1, ns, ew, board_set(sets_by_cell[r][t] + 1, bpr)))
        by_set: dict[int, list[int]] = {}
        for t, s in enumerate(sets_by_cell[r]):
            by_set.setdefault(s, []).append(t + 1)
        for s, shared in sorted(by_set.items()):
            if len(shared) > 1:
                shares.append(Share(r + 1, tuple(shared), board_set(s + 1, bpr)))
    return rows, shares


def _description(pairs: int, variant: str | None, n_rounds: int, m: int, n_sets: int, relay: bool) -> str:
    kind_words = "Howell" if n_rounds == m else f"{n_rounds}-round Howell"
    if variant in ("three-quarter", "half"):
        kind_words = f"{variant} Howell ({n_rounds} of {m} rounds)"
    tables = (pairs + pairs % 2) // 2
    description = f"{kind_words}, {pairs} pairs on {tables} tables, {n_sets} board sets"
    if pairs % 2:
        description += f"; one pair sits out each round at table {tables}"
    if relay:
        description += "; tables share boards (relay)"
    return description


def howell(
    pairs: int,
    *,
    boards_per_round: int | None = None,
    rounds: int | None = None,
    variant: str | None = None,
) -> Movement:
    """A Howell for `pairs` pairs (3 upwards); `variant` None (complete), "three-quarter", "half" or "standard" (the
    published movement for the tables, where there is one: see standard.py)."""
    if variant == "standard":
        return standard_howell(pairs, boards_per_round=boards_per_round, rounds=rounds)
    _check(pairs, variant)
    bpr = check_boards_per_round(2 if boards_per_round is None else boards_per_round)
    full_pairs = pairs + pairs % 2
    m = full_pairs - 1  # rounds in a complete Howell, and number of rotating pairs
    tables = full_pairs // 2
    n_rounds = _rounds(pairs, m, variant, rounds)
    plan = _seating(m, n_rounds)
    phantom = m if pairs % 2 else -1  # 0-based index of the phantom pair, if any
    sets_by_cell, n_sets = _choose_sets(plan, m, n_rounds)
    rows, shares = _rows_and_shares(plan, sets_by_cell, phantom, bpr)
    return Movement(
        kind="howell",
        variant=variant,
        pairs=pairs,
        tables=tables,
        rounds=n_rounds,
        boards_per_round=bpr,
        rows=tuple(rows),
        winners=1,
        shares=tuple(shares),
        relay_tables=tuple(sorted({t for s in shares for t in s.tables})),
        meet_once=True,
        all_meet=n_rounds == m,
        phantom=str(full_pairs) if pairs % 2 else None,
        description=_description(pairs, variant, n_rounds, m, n_sets, bool(shares)),
    )
