"""Sit-outs and ghosts: when the guests do not fill the tables, some sit out each round, in turn, fairly;
or, when the host sets up one table more, a ghost fills each empty seat (the partner plays its hand as
dummy) and moves with the progression like anyone, never two ghosts at one table.

Up to one guest per table may sit out (more, and the host should add a table). Round 1's sit-outs are drawn
with the tally cards; at each progression every guest who sat out takes the seat of a player who has sat out
the fewest rounds so far (a cut among equals), who sits out the next round instead. At a mixed party a lady
replaces a lady and a gentleman a gentleman, so every couple stays mixed. A round sat out counts nothing on
the tally: its net is 0, which is exactly the average net of a round (every net is someone else's minus).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .types import Guest, PartyError, TableSeating

__all__ = ["draw_sitters", "ghost_groups", "rotate_sitters", "sitter_count", "spread_ghosts"]


def sitter_count(guests: Sequence[Guest], tables: int, *, mixed: bool) -> int:
    """How many sit out each round; a message for the host when there are more than the tables can take."""
    extra = len(guests) - 4 * tables
    if extra <= 0:
        return 0  # too few guests: the tally-card draw says so
    if extra > tables:
        raise PartyError(
            f"{len(guests)} guests at {tables} tables would leave {extra} sitting out, more than one a table: "
            "add a table."
        )
    if mixed and extra:
        for group, label in (("lady", "ladies"), ("gentleman", "gentlemen")):
            if sum(g.group == group for g in guests) < 2 * tables:
                raise PartyError(f"A mixed party at {tables} tables needs at least {2 * tables} {label}.")
    return extra


def draw_sitters(guests: Sequence[Guest], tables: int, rng: random.Random, *, mixed: bool) -> list[str]:
    """Round 1: who sits out (drawn), so that the others fill the tables (half ladies when mixed)."""
    count = sitter_count(guests, tables, mixed=mixed)
    if not count:
        return []
    if not mixed:
        return rng.sample([g.id for g in guests], count)
    sitters: list[str] = []
    for group in ("lady", "gentleman"):
        pile = [g.id for g in guests if g.group == group]
        sitters += rng.sample(pile, len(pile) - 2 * tables)
    return sitters


def rotate_sitters(
    seating: Sequence[TableSeating],
    sitters: Sequence[str],
    sat_out: Mapping[str, int],
    rng: random.Random,
    *,
    groups: Mapping[str, str | None],
    mixed: bool,
) -> list[TableSeating]:
    """The next round: each of ``sitters`` takes the seat of a player who has sat out least; those sit out.

    ``sat_out`` counts the rounds each guest has sat out so far (this round's sitters included). The new
    sitters are recorded one a table, from table 1.
    """
    if len(sitters) > len(seating):
        raise PartyError("More guests sit out than there are tables.")
    seats = {t.table: dict(t.seats) for t in seating}
    new_sitters: list[str] = []
    for comer in sitters:
        pool = [
            (table, seat, who)
            for table, places in sorted(seats.items())
            for seat, who in places.items()
            if who not in sitters and who not in new_sitters and (not mixed or groups.get(who) == groups.get(comer))
        ]
        if not pool:
            raise PartyError("Nobody to change places with the guest who sat out.")
        fewest = min(sat_out.get(who, 0) for _t, _s, who in pool)
        table, seat, leaving = rng.choice([p for p in pool if sat_out.get(p[2], 0) == fewest])
        seats[table][seat] = comer
        new_sitters.append(leaving)
    result = []
    for i, t in enumerate(sorted(seating, key=lambda t: t.table)):
        out = (new_sitters[i],) if i < len(new_sitters) else ()
        result.append(TableSeating(table=t.table, seats=seats[t.table], first_dealer=t.first_dealer, sitting_out=out))
    return result


def ghost_groups(guests: Sequence[Guest], tables: int, *, mixed: bool) -> list[str | None]:
    """The ghosts needed to fill the tables (their group at a mixed party): at most one a table."""
    short = 4 * tables - len(guests)
    if short <= 0 or short > tables:
        return []  # too few for a ghost a table: the tally-card draw says how many the tables seat
    if not mixed:
        return [None] * short
    ladies = 2 * tables - sum(g.group == "lady" for g in guests)
    gentlemen = 2 * tables - sum(g.group == "gentleman" for g in guests)
    if ladies < 0 or gentlemen < 0:
        raise PartyError(f"A mixed party at {tables} tables seats {2 * tables} ladies and {2 * tables} gentlemen.")
    groups: list[str | None] = []
    groups += ["lady"] * ladies
    groups += ["gentleman"] * gentlemen
    return groups


def spread_ghosts(seating: Sequence[TableSeating], ghosts: set[str]) -> list[TableSeating]:
    """Never two ghosts at a table: a second ghost changes seats with the player in the same seat at the
    first table without a ghost (the same seat keeps a mixed party's ladies and gentlemen in place)."""
    tables = [TableSeating(t.table, dict(t.seats), t.first_dealer, t.sitting_out) for t in seating]
    for t in tables:
        extra = [seat for seat, who in t.seats.items() if who in ghosts][1:]
        for seat in extra:
            free = next((o for o in tables if not any(w in ghosts for w in o.seats.values())), None)
            if free is None:
                raise PartyError("More ghosts than tables.")
            t.seats[seat], free.seats[seat] = free.seats[seat], t.seats[seat]
    return tables
