"""Progressive euchre with stars on the party engine (progressive-euchre-and-500.txt).

Play stops at every table when a pair at the head table makes five points. Winners at the head table get
a gold star and keep their seats; the losers go to the booby table. Winners at the other tables get a red
star and move up; the losers at the booby table get a green star. Losers everywhere but the head table stay
and exchange partners with the newcomers (Law 6's mixed-party change; see :mod:`..progression`). The
engine's tally counts the stars; the pages show their colours (:func:`stars_from`). A tie at a table goes to
the pair holding the most tricks towards the next hand: the host is asked ("ask"). The lady and the
gentleman with the most gold stars win (ties: more red, then fewer green: :func:`euchre_ranking`).
Deal points: the makers' three or four tricks score 1, all five 2, all five alone 4; makers held to fewer
than three are euchred and their opponents score 2.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..progression import other_side
from ..tallies import TableResult
from ..types import Guest
from .base import Entry, PartnershipGame, RoundEnd, check_int, gettext_noop

__all__ = [
    "GAME",
    "STAR_PRIZES",
    "ProgressiveEuchre",
    "Stars",
    "euchre_points",
    "euchre_ranking",
    "star_prizes",
    "stars_from",
]

MAX_DEALS = 30


def euchre_points(tricks: int, alone: bool) -> tuple[int, int]:
    """(makers' points, opponents' points) for the makers' tricks."""
    if tricks < 3:
        return 0, 2
    if tricks < 5:
        return 1, 0
    return (4 if alone else 2), 0


@dataclass
class Stars:
    """A guest's stars: gold (won at the head table), red (won elsewhere), green (lost at the booby table)."""

    gold: int = 0
    red: int = 0
    green: int = 0

    def key(self) -> tuple[int, int, int]:
        return (-self.gold, -self.red, self.green)


def stars_from(guests: Iterable[Guest], results: Iterable[TableResult], tables: int) -> dict[str, Stars]:
    """Stars earned from each table's winners; ``tables`` is the number of tables (the last is the booby)."""
    stars = {g.id: Stars() for g in guests}
    for res in results:
        if res.winner is None:
            continue
        for who in res.seating.pair(res.winner):
            if res.table == 1:
                stars[who].gold += 1
            else:
                stars[who].red += 1
        if res.table == tables:
            for who in res.seating.pair(other_side(res.winner)):
                stars[who].green += 1
    return stars


def euchre_ranking(guests: Sequence[Guest], stars: dict[str, Stars]) -> list[str]:
    """Most gold stars first; a tie goes to more red stars, then to fewer green stars, then by name."""
    names = {g.id: g.name for g in guests}
    return sorted(stars, key=lambda g: (*stars[g].key(), names.get(g, ""), g))


class ProgressiveEuchre(PartnershipGame):
    """Entry per deal: ``{"makers": 0 or 1 (the side, first dealer's is 0), "tricks": 0-5, "alone": bool}``."""

    code = "euchre"
    label = gettext_noop("Progressive Euchre")
    total_noun = gettext_noop("points")
    tie_rules = ("ask", "cut")
    head_table_keeps_partners = True  # "The winners at the head table ... keep their seats"
    star_tallies = True
    host_tie_rules = ("host", "cut")  # "the holders of the most tricks toward the next hand", or a cut
    progressions = ("standard",)
    progression_message = gettext_noop("Progressive euchre uses the head-table progression (winners up).")
    deals_message = gettext_noop("Euchre is entered as the two pairs' points.")

    def round_end(self, players: int) -> RoundEnd:
        return RoundEnd(deals=MAX_DEALS, bell=5, bell_at_head_table_only=True)

    def score_deals(self, entries: Sequence[Entry], players: Sequence[str]) -> list[dict[str, int]]:
        sides = self.sides(players)
        scores = []
        for number, entry in enumerate(entries, start=1):
            makers = check_int(entry.get("makers"), 0, 1, deal=number, field="makers", what="the makers' side")
            tricks = check_int(entry.get("tricks"), 0, 5, deal=number, field="tricks", what="the makers' tricks")
            ours, theirs = euchre_points(tricks, bool(entry.get("alone")))
            scores.append({**dict.fromkeys(sides[makers], ours), **dict.fromkeys(sides[1 - makers], theirs)})
        return scores

    def tally(
        self, players: Sequence[str], totals: Mapping[str, int], winners: Sequence[str], how: str
    ) -> dict[str, float]:
        """A star to each winner."""
        return {p: 1.0 if p in winners else 0.0 for p in players}

    def random_entry(self, rng: random.Random, players: Sequence[str], deal: int) -> dict[str, Any]:
        tricks = rng.choices([1, 2, 3, 4, 5], weights=[3, 8, 35, 30, 24])[0]
        return {"makers": rng.randint(0, 1), "tricks": tricks, "alone": tricks == 5 and rng.random() < 0.15}


GAME = ProgressiveEuchre()


STAR_PRIZES = {
    "ladies_highest": gettext_noop("Lady with most gold stars"),
    "gentlemen_highest": gettext_noop("Gentleman with most gold stars"),
    "highest": gettext_noop("Most gold stars"),
    "booby": gettext_noop("Most green stars (booby)"),
}


def star_prizes(
    codes: Sequence[str], group: Mapping[str, str | None], stars: Mapping[str, Stars], ranking: Sequence[str]
) -> list[tuple[str, str]]:
    """The prizes of a star tally (the game's ``star_tallies``), as (label, guest): the lady and the gentleman
    with most gold stars (ties: red, then fewer green), most gold stars, most green stars for the booby."""
    out: list[tuple[str, str]] = []
    for code in codes:
        if code in ("ladies_highest", "gentlemen_highest"):
            want = "lady" if code.startswith("ladies") else "gentleman"
            pool = [g for g in ranking if group[g] == want]
        elif code == "highest":
            pool = list(ranking)
        elif code == "booby":
            pool = sorted(ranking, key=lambda g: (-stars[g].green, stars[g].gold, stars[g].red))
            if pool and stars[pool[0]].green:
                out.append((STAR_PRIZES[code], pool[0]))
            continue
        else:
            continue
        if pool:
            out.append((STAR_PRIZES[code], pool[0]))
    return out
