"""Handicaps and strata: the two ways a club lets weaker pairs win something, in plain arithmetic.

**Handicap** (docs/handicaps.md). A pair's handicap is in percentage points: what the pair is expected to score
above an average pair. Typed by the director, or taken from the club rating (a percentage, 50 = average): the
mean of the two players' ratings less 50, to one decimal (halves away from zero). The handicapped percentage is
``percentage - share * handicap``, ``share`` being 1 (full) or 1/2 (half): a pair rated 58 that scores 60%
has 52% handicapped in full, 56% in half. The scratch ranking is never touched: the handicapped ranking is a
second ranking beside it.

**Strata**. The director names strata from the top with the least figure (rating or master points) a pair
needs for each, ``A: 55, B: 48, C``: a pair is in the first stratum whose floor its figure reaches; the last
stratum (its floor may be left out) takes everyone else. Each stratum is ranked on its own: the overall
ranking filtered to its pairs, places counted again from 1 (ties as ``2=``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from scoring.errors import ScoringError
from scoring.matchpoints import rank_with_ties
from scoring.messages import gettext as _
from scoring.rounding import half_up

__all__ = [
    "AVERAGE",
    "SHARES",
    "Stratum",
    "handicapped",
    "handicapped_places",
    "pair_handicap",
    "parse_strata",
    "stratum_of",
    "stratum_places",
]

AVERAGE = 50.0  # the club rating of an average player
SHARES = {"full": 1.0, "half": 0.5}  # how much of the handicap comes off the percentage
MAX_STRATA = 6
_NAME = re.compile(r"^[A-Za-z0-9]{1,8}$")
_ITEM = re.compile(r"^\s*([^:\s]{1,20})\s*(?::\s*(-?\d{1,6}(?:\.\d{1,2})?))?\s*$")


def pair_handicap(ratings: Sequence[float]) -> float:
    """The handicap of a pair from its players' club ratings: their mean less the average, to one decimal."""
    if not ratings:
        return 0.0
    return float(half_up(sum(ratings) / len(ratings) - AVERAGE, 1))


def handicapped(percentage: float, handicap: float, share: float) -> float:
    """The percentage after the handicap: ``percentage - share * handicap`` (a weak pair's handicap is negative,
    so it gains)."""
    if share not in SHARES.values():
        raise ScoringError(_("A handicap is applied in full (1) or half (0.5), not %(share)s.") % {"share": share})
    return percentage - share * handicap


def handicapped_places(percentages: Sequence[float], handicaps: Sequence[float], share: float) -> list[str]:
    """Places by handicapped percentage, in input order, ties as ``2=`` (the scratch places are not these)."""
    if len(percentages) != len(handicaps):
        raise ScoringError(_("Every pair needs a handicap (0 for none)."))
    return rank_with_ties([handicapped(p, h, share) for p, h in zip(percentages, handicaps, strict=True)])


@dataclass(frozen=True)
class Stratum:
    """A stratum: its name and the least figure a pair needs for it (None: the last one, everyone else)."""

    name: str
    floor: float | None


def parse_strata(text: str) -> tuple[Stratum, ...]:
    """Read ``A: 55, B: 48, C`` (commas or new lines): names from the top, floors falling; the last stratum may
    have no floor. A wrong item is an error naming it."""
    items = [item for item in re.split(r"[,\n;]", text) if item.strip()]
    if len(items) < 2:
        raise ScoringError(_("Name at least two strata from the top, like 'A: 55, B: 48, C'."))
    if len(items) > MAX_STRATA:
        raise ScoringError(_("At most %(most)s strata, not %(count)s.") % {"most": MAX_STRATA, "count": len(items)})
    out: list[Stratum] = []
    for number, item in enumerate(items, start=1):
        match = _ITEM.match(item)
        if match is None or not _NAME.match(match.group(1)):
            raise ScoringError(
                _("Stratum %(number)s should read like 'B: 48' (a short name, the least figure), not %(text)s.")
                % {"number": number, "text": repr(item.strip())}
            )
        name, floor = match.group(1).upper(), match.group(2)
        if any(s.name == name for s in out):
            raise ScoringError(_("Stratum %(name)s is named twice.") % {"name": name})
        if floor is None and number < len(items):
            raise ScoringError(
                _("Stratum %(name)s needs its least figure; only the last may leave it out.") % {"name": name}
            )
        value = None if floor is None else float(floor)
        previous = out[-1].floor if out else None
        if value is not None and previous is not None and value >= previous:
            raise ScoringError(
                _("Stratum %(name)s's least figure (%(floor)s) must be below the one above it (%(previous)s).")
                % {"name": name, "floor": floor, "previous": format(previous, "g")}
            )
        out.append(Stratum(name, value))
    return tuple(out)


def stratum_of(value: float, strata: Sequence[Stratum]) -> str:
    """The first stratum whose floor the figure reaches; the last stratum takes everyone else."""
    for stratum in strata:
        if stratum.floor is not None and value >= stratum.floor:
            return stratum.name
    return strata[-1].name


def stratum_places(totals: Sequence[float], strata_of: Sequence[str]) -> list[str]:
    """Each pair's place within its own stratum, in input order: the overall ranking filtered to the stratum."""
    if len(totals) != len(strata_of):
        raise ScoringError(_("Every pair needs its stratum."))
    places = [""] * len(totals)
    for name in dict.fromkeys(strata_of):
        members = [i for i, s in enumerate(strata_of) if s == name]
        for i, place in zip(members, rank_with_ties([totals[i] for i in members]), strict=True):
            places[i] = place
    return places
