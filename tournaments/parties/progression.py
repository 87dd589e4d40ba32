"""Law 5 (progression), Law 6 (selection of partners) and Law 7 (draw for deal), and the winner at a table.

Given one round's seating and each table's winning side, :func:`next_seating` says where everyone sits in
the next round. The three methods are Law 5's standard progression and the two alternatives in the comment
to Law 6 (fixed partners; N-S stationary with E-W moving); who moves is the party engine's, one progression
for every game (:func:`.engine.progress`), and this module seats a table of four by Law 6.

Partners (Law 6): at a mixed party "the visiting lady at each table becomes partner of the gentleman who
remains"; otherwise the two arrivals draw (the higher deals first and chooses a seat; the lower sits at the
dealer's left) and then the two who remain draw (the higher partners the dealer). Cards are drawn with the
``rng`` the caller passes, so a seeded party is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .engine import PlayedTable, mixed_seat, progress
from .types import LEFT, OPPOSITE, SEATS, PartyError, Side, TableSeating

__all__ = ["next_seating", "other_side", "table_winner"]


def other_side(side: str) -> str:
    """The other two seats: the other pair, or the two who did not progress at an individual game."""
    return "".join(s for s in SEATS if s not in side)


def _is_side(value: str | None) -> bool:
    """Two different seats, in seat order: "NS", "EW", or an individual game's two winners ("NE", "SW")."""
    if not value or len(value) != 2 or any(s not in SEATS for s in value):
        return False
    return SEATS.index(value[0]) < SEATS.index(value[1])


def table_winner(
    ns_total: int,
    ew_total: int,
    rule: str,
    *,
    deal_scores: Sequence[tuple[int, int]] = (),
    rng: random.Random | None = None,
    host_choice: str | None = None,
    cut: str | None = None,
) -> tuple[Side, str]:
    """The winning side at a table and how it was decided ("score" or the tie rule that settled it).

    ``deal_scores`` are the (ns, ew) points of each deal in order, for the "last_deal" rule. A tie under
    "host" needs ``host_choice`` ("NS" or "EW"); "cut" and a "last_deal" tie with no deciding deal need
    ``rng``, unless ``cut`` ("NS" or "EW") gives the cut already made (at the table, or a simulated party's).
    """
    if ns_total != ew_total:
        return ("NS" if ns_total > ew_total else "EW"), "score"
    if rule == "north_south":
        return "NS", "north_south"
    if rule == "host":
        if host_choice not in ("NS", "EW"):
            raise PartyError("The scores are tied: say which pair won the tie at the table.")
        return host_choice, "host"  # type: ignore[return-value]
    if rule == "last_deal":
        for ns, ew in reversed(deal_scores):
            if ns != ew:
                return ("NS" if ns > ew else "EW"), "last_deal"
    elif rule not in ("cut", "half"):
        raise PartyError(f"Unknown tie rule {rule!r}.")
    how = "half" if rule == "half" else "cut"
    if cut in ("NS", "EW"):
        return cut, how  # type: ignore[return-value]
    if rng is None:
        raise PartyError("A tie to be settled by a cut needs the cards (a random generator).")
    # "half" (cinch): the cut decides who moves, each player scores half a game; otherwise it is a plain cut
    return rng.choice(("NS", "EW")), how


def _seat_keeping_partners(
    stayers: Mapping[str, str],
    arrivals: Sequence[str],
    groups: Mapping[str, str | None],
    rng: random.Random,
    mixed: bool,
) -> tuple[dict[str, str], str]:
    """Stayers keep their seats, the arriving pair takes the other line; first dealer by Law 7."""
    if mixed:
        return mixed_seat(stayers, arrivals, groups, True)
    seats = dict(stayers)
    first, second = arrivals
    if "N" in seats:
        seats["E"], seats["W"] = first, second
    else:
        seats["N"], seats["S"] = first, second
    return seats, rng.choice(SEATS)


def _seat_changing_partners(
    stayers: Mapping[str, str],
    arrivals: Sequence[str],
    groups: Mapping[str, str | None],
    rng: random.Random,
    mixed: bool,
) -> tuple[dict[str, str], str]:
    """Law 6: the couples split, so each arrival partners one of the two who remain."""
    if mixed:
        return mixed_seat(stayers, arrivals, groups, False)
    high_arrival, low_arrival = rng.sample(list(arrivals), 2)
    high_stayer, low_stayer = rng.sample(list(stayers.values()), 2)
    # The higher arrival chooses a seat (Bridgedesk seats the first dealer North) and deals first; the lower
    # sits at the dealer's left; the higher of the two who remain becomes the dealer's partner.
    dealer = "N"
    seats = {dealer: high_arrival, LEFT[dealer]: low_arrival, OPPOSITE[dealer]: high_stayer}
    seats[OPPOSITE[LEFT[dealer]]] = low_stayer
    return seats, dealer


def next_seating(
    seating: Sequence[TableSeating],
    winners: Mapping[int, str],
    method: str,
    rng: random.Random,
    *,
    groups: Mapping[str, str | None],
    mixed: bool,
    head_table_keeps_partners: bool = False,
) -> list[TableSeating]:
    """The seating of the next round from this round's seating and each table's winning side ("NS"/"EW").

    Who moves where is the engine's (:func:`engine.progress`); this seats a table of four by Law 6.
    ``head_table_keeps_partners`` follows the specimen announcement ("except at Table 1, where the couple
    with the high score will remain and not change partners") instead of applying Law 6 at table 1 too.
    """
    tables = sorted(t.table for t in seating)
    if tables != list(range(1, len(tables) + 1)) or len(tables) < 2:
        raise PartyError("Tables must be numbered 1, 2, ... and there must be at least two.")
    by_table = {t.table: t for t in seating}
    if method != "ns_stationary":
        missing = [t for t in tables if not _is_side(winners.get(t))]
        if missing:
            raise PartyError(f"No winner yet at table {', '.join(map(str, missing))}.")
    played = [
        PlayedTable(t, list(by_table[t].pair("NESW")), progressors=by_table[t].pair(winners[t]) if t in winners else ())
        for t in tables
    ]

    def seat(
        index: int, old: Sequence[str], stayers: Sequence[str], arrivals: Sequence[str], keep: bool
    ) -> TableSeating:
        kept: dict[str, str] = {SEATS[old.index(p)]: p for p in stayers}
        place = _seat_keeping_partners if keep else _seat_changing_partners
        seats, dealer = place(kept, arrivals, groups, rng, mixed)
        return TableSeating(table=index + 1, seats=seats, first_dealer=dealer)  # type: ignore[arg-type]

    return progress(played, seat, method=method, head_keeps=head_table_keeps_partners)
