"""Individual movements for 8 and 12 players, as in the laws: an anchor keeps North at table 1, everyone else
moves each round to the seat vacated by the player of next-lower number (player 1 follows player 7 or 11).

The starting seats are found by a small search rather than copied from a book: seat s starts with player
x_s and holds player x_s + r - 1 (mod 7 or 11) in round r, so partners and opponents are fixed by the
differences between seats. The search picks starting seats whose partner differences cover every
difference once and opponent differences every difference twice: each player then partners every other
player once and opposes every other player twice, which is the laws' promise. A new set is played each
round at every table (shared by design, "circulated at convenience").
"""

from __future__ import annotations

from functools import cache

from scoring.messages import gettext as _

from .types import Movement, MovementError, Row, Share, board_set, check_boards_per_round

__all__ = ["individual", "starting_seats"]

# Seats per table, in the order N, S, E, W; partners are (N, S) and (E, W).
_PARTNERS = ((0, 1), (2, 3))
_OPPONENTS = ((0, 2), (0, 3), (1, 2), (1, 3))


@cache
def starting_seats(players: int) -> tuple[int, ...]:
    """Round-1 seating as player numbers for seats 1N,1S,1E,1W,2N,...; the anchor (player `players`) is 1N."""
    m = players - 1
    h = (m - 1) // 2
    seats = 4 * (players // 4)
    values: list[int] = [-1] * seats  # residues 0..m-1, -1 for the anchor
    values[0] = -1
    used = [False] * m
    partner_count = [0] * (h + 1)
    opponent_count = [0] * (h + 1)

    def cls(a: int, b: int) -> int:
        d = (a - b) % m
        return min(d, m - d)

    def links(seat: int) -> list[tuple[int, bool]]:
        """Earlier seats at the same table linked to `seat`: (other seat, is partner)."""
        table, pos = divmod(seat, 4)
        out = []
        for a, b in _PARTNERS:
            if b == pos:
                out.append((table * 4 + a, True))
        for a, b in _OPPONENTS:
            if b == pos:
                out.append((table * 4 + a, False))
        return out

    def place(seat: int) -> bool:
        if seat == seats:
            return True
        for value in range(m):
            if used[value] or (seat == 1 and value != 0):
                continue  # the anchor's partner may start as player 1: translation fixes it
            added: list[tuple[int, bool]] = []
            fine = True
            for other, partner in links(seat):
                if values[other] < 0:
                    continue
                c = cls(value, values[other])
                counts, limit = (partner_count, 1) if partner else (opponent_count, 2)
                counts[c] += 1
                added.append((c, partner))
                if counts[c] > limit:
                    fine = False
            if fine:
                used[value] = True
                values[seat] = value
                if place(seat + 1):
                    return True
                used[value] = False
                values[seat] = -1
            for c, partner in added:
                (partner_count if partner else opponent_count)[c] -= 1
        return False

    if not place(1):
        raise MovementError(_("No individual movement found for %(players)s players.") % {"players": players})
    return tuple(players if v < 0 else v + 1 for v in values)


def individual(
    players: int,
    *,
    boards_per_round: int | None = None,
    rounds: int | None = None,
    variant: str | None = None,
) -> Movement:
    """The laws' individual for 8 or 12 players: 7 or 11 rounds, seat labels "N-S" / "E-W" player numbers."""
    if players not in (8, 12):
        raise MovementError(
            _(
                "Individual movements are for 8 or 12 players (2 or 3 tables), not %(players)s; "
                "for an individual --pairs counts players."
            )
            % {"players": players}
        )
    if variant is not None:
        raise MovementError(_("The individual movement has no variant %(variant)s.") % {"variant": repr(variant)})
    bpr = check_boards_per_round(3 if boards_per_round is None else boards_per_round)
    m = players - 1
    n_rounds = m if rounds is None else rounds
    if not 1 <= n_rounds <= m:
        raise MovementError(
            _("The %(players)s-player individual plays at least 1 and at most %(most)s rounds, not %(n_rounds)s.")
            % {"players": players, "most": m, "n_rounds": n_rounds}
        )
    start = starting_seats(players)
    tables = players // 4

    def player(seat: int, r: int) -> int:
        first = start[seat]
        return first if first == players else (first - 1 + r - 1) % m + 1

    rows: list[Row] = []
    shares: list[Share] = []
    for r in range(1, n_rounds + 1):
        boards = board_set(r, bpr)
        for t in range(tables):
            n, s, e, w = (player(4 * t + i, r) for i in range(4))
            rows.append(Row(r, t + 1, f"{n}-{s}", f"{e}-{w}", boards))
        shares.append(Share(r, tuple(range(1, tables + 1)), boards))
    return Movement(
        kind="individual",
        variant=None,
        pairs=players,
        tables=tables,
        rounds=n_rounds,
        boards_per_round=bpr,
        rows=tuple(rows),
        winners=1,
        shares=tuple(shares),
        relay_tables=tuple(range(1, tables + 1)),
        meet_once=False,
        all_meet=n_rounds == m,
        description=(
            f"individual for {players} players on {tables} tables, player {players} anchored at 1 North; "
            "after each round every other player takes the seat of the next-lower number"
        ),
    )
