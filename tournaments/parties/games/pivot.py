"""Pivot bridge on the party engine: one table of four or five where each player partners each other player.

Law 1: the highest draw is the pivot (North, first dealer), the second highest his first partner (South),
the third sits at his left (East), the fourth at his right (West), a fifth sits out the first round.
The diagrams of Laws 2 and 3 are missing from our copy of the laws, so the rotations below are built to
have exactly the properties the laws state, and the tests check those properties:

- four players, three rounds: the pivot keeps his seat and partners each of the others once;
- five players, five rounds: each player partners each other player once, opposes each twice, and sits
  out one round in turn.

After the cycle the players draw again (Laws 2 and 3), so round 4 (or 6) starts a new draw. Scoring is
progressive bridge's (:mod:`.bridge`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scoring.messages import gettext as _

from ..types import PartyError, TableSeating
from .base import gettext_noop
from .bridge import ProgressiveBridge

__all__ = ["GAME", "PivotBridge", "cycle_length", "pivot_draw", "pivot_round"]


def cycle_length(players: int) -> int:
    """Rounds before the players draw again: 3 for four players, 5 for five."""
    if players not in (4, 5):
        raise PartyError(_("Pivot bridge is for 4 or 5 players at one table, not %(n)s.") % {"n": players})
    return 3 if players == 4 else 5


def pivot_draw(players: Sequence[str], rng: random.Random) -> list[str]:
    """Law 1: the order of the draw, highest first (pivot, first partner, left, right, fifth)."""
    cycle_length(len(players))
    order = list(players)
    rng.shuffle(order)
    return order


def pivot_round(draw: Sequence[str], round_in_cycle: int) -> TableSeating:
    """The seating for round ``round_in_cycle`` (1-based) of a cycle, from the draw order of Law 1."""
    n = cycle_length(len(draw))
    if not 1 <= round_in_cycle <= n:
        message = _("A pivot cycle for %(players)s players has rounds 1 to %(rounds)s.")
        raise PartyError(message % {"players": len(draw), "rounds": n})
    r = round_in_cycle - 1
    if n == 3:
        pivot, others = draw[0], list(draw[1:])
        # The pivot stays North; his partner (South) is the next of the others, who rotate through S, E, W.
        seats = {"N": pivot, "S": others[r % 3], "E": others[(r + 1) % 3], "W": others[(r + 2) % 3]}
        return TableSeating(table=1, seats=seats, first_dealer="N")
    # Five players: label them 0..4 so that in round r the player labelled r' sits out and the partnerships
    # are {r'+1, r'+4} and {r'+2, r'+3} (mod 5). Over five rounds that pairs every two players once.
    # Labels are chosen so round 1 is Law 1's draw: pivot(0) with first partner(1), left(2) and right(3),
    # the fifth (4) out.
    label = {0: draw[0], 3: draw[1], 1: draw[2], 2: draw[3], 4: draw[4]}
    out = (4, 0, 1, 2, 3)[r]
    a, b = label[(out + 1) % 5], label[(out + 4) % 5]
    c, d = label[(out + 2) % 5], label[(out + 3) % 5]
    seats = {"N": a, "S": b, "E": c, "W": d}
    return TableSeating(table=1, seats=seats, first_dealer="N", sitting_out=(label[out],))


class PivotBridge(ProgressiveBridge):
    """Progressive bridge scoring at a single table where everyone partners everyone (Laws 1-3)."""

    code = "pivot"
    label = gettext_noop("Pivot Bridge")
    table_sizes = (4, 5)
    single_table = True
    single_table_message = gettext_noop("Pivot bridge is played at a single table.")
    single_table_size_message = gettext_noop("Pivot bridge is for 4 or 5 players at one table; you have %(n_guests)s.")

    def single_table_cycle(self, players: int) -> int:
        return cycle_length(players)

    def single_table_seating(self, guests: Sequence[str], round_no: int) -> tuple[list[str], tuple[str, ...]]:
        """``guests`` in the order of the draw; the cycle repeats (the engine's draw stands for the redraw)."""
        seating = pivot_round(guests, (round_no - 1) % cycle_length(len(guests)) + 1)
        return [seating.seats[s] for s in "NESW"], seating.sitting_out


GAME = PivotBridge()
