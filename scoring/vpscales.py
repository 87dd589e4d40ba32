"""Named victory-point scales: the WBF continuous 20-VP scale and the WBF's whole-number ("discrete") 20-0 scale.

Both come from the WBF Scoring Panel's technical report *The New WBF IMP to VP Scales* (Bavin, Bethe, Bramley,
Buchen, di Sacco; adopted for the 2013 Bali championships). The continuous scale is :func:`scoring.imps.
victory_points`. The discrete scale gives a range of IMPs for each whole VP, built from the same curve
V(I) = 10 + 10 (1 - tau^(3I/X)) / (1 - tau^3), X = 15 sqrt(boards):

1. the top of the band that earns V VPs (V = 10 ... 19) is the whole part of the margin at which the curve
   reaches V + 0.5 (so a band holds the margins whose continuous VPs round to V);
2. then the report's concavity rule: no band is narrower than the one before it, the drawn band counting both
   sides (-b ... +b, so 2b + 1 margins wide); where one is, the top of the band before it comes down by one IMP,
   until none is.

A fractional margin (Butler or cross-IMPs) is rounded to the nearest whole IMP first, halves away from zero (a
margin strictly between -0.5 and +0.5 is a draw), as EBUScore does with its "WBF-D" scale. Checked against the
10-board table EBUScore shows (1-3 IMPs 11-9, 23-27 IMPs 17-3; EBU forum, "VP scales in Swiss Pairs").

The EBU has used the WBF's scales since 1 September 2013, the discrete one for all events but the Premier League
and trials (EBU news archive, July 2013, "New WBF Victory Point scales come into force"): an EBU 20-0 match since
then is on this discrete scale. The ACBL's whole-number 20-VP scale for 6-11 boards is below
(:func:`acbl_20_victory_points`, its source named there). Not here: the WBF's old 25-0 scales and the EBU's own
20-0 table of before 2013.
No public source that prints either was found (searched 2026-11-25; docs/interchange.md says where), and a scale
is not written down from memory; a club that uses one types it as its own table.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from typing import Literal, TypeAlias

from scoring.errors import InvalidScore
from scoring.imps import MAX_VP_BOARDS, victory_points
from scoring.messages import gettext as _
from scoring.messages import gettext_noop as N_

__all__ = [
    "ACBL_20_BANDS",
    "VP_SCALES",
    "VpScale",
    "acbl_20_table",
    "acbl_20_victory_points",
    "discrete_bands",
    "discrete_table",
    "discrete_victory_points",
    "scale_victory_points",
]

VpScale: TypeAlias = Literal["wbf_continuous", "wbf_discrete"]
VP_SCALES: dict[str, str] = {  # marked for makemessages, translated where shown
    "wbf_continuous": N_("WBF continuous 20-0 (two decimals)"),
    "wbf_discrete": N_("WBF discrete 20-0 (whole VPs, 2013)"),
}

_TAU = (math.sqrt(5) - 1) / 2


def _check_boards(boards: int) -> None:
    if not 1 <= boards <= MAX_VP_BOARDS:
        raise InvalidScore(
            _("A match has at least one board and at most %(most)s, not %(boards)s.")
            % {"most": MAX_VP_BOARDS, "boards": boards}
        )


def _margin_for(vps: float, blitz: float) -> float:
    """The IMP margin at which the continuous curve reaches ``vps`` (10 <= vps < 20)."""
    return blitz * math.log(1 - (vps - 10) * (1 - _TAU**3) / 10) / (3 * math.log(_TAU))


@lru_cache(maxsize=256)
def discrete_bands(boards: int) -> tuple[int, ...]:
    """The top IMP margin of each band of the WBF discrete scale: ``bands[k]`` is the most IMPs that earn
    ``10 + k`` VPs (k = 0 ... 9); a margin above ``bands[9]`` earns 20. 16 boards: (1, 4, 8, 12, 17, 22, 28,
    35, 43, 53), so 0-1 IMPs 10-10, 2-4 IMPs 11-9 ... 54 and over 20-0."""
    _check_boards(boards)
    blitz = 15 * math.sqrt(boards)
    tops = [math.floor(_margin_for(v + 0.5, blitz)) for v in range(10, 20)]
    while True:
        widths = [2 * tops[0] + 1] + [tops[k] - tops[k - 1] for k in range(1, len(tops))]
        narrow = next((k for k in range(1, len(widths)) if widths[k] < widths[k - 1]), None)
        if narrow is None:
            return tuple(tops)
        tops[narrow - 1] -= 1


def _whole_margin(imp_margin: float) -> int:
    if not math.isfinite(imp_margin):
        raise InvalidScore(
            _("An IMP margin is a number of IMPs, not %(imp_margin)s.") % {"imp_margin": repr(imp_margin)}
        )
    return int(Decimal(repr(abs(imp_margin))).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def discrete_victory_points(imp_margin: float, boards: int) -> tuple[float, float]:
    """VPs on the WBF discrete 20-0 scale (this team, its opponents): whole numbers adding up to 20."""
    bands = discrete_bands(boards)
    margin = _whole_margin(imp_margin)
    winner = next((10 + k for k, top in enumerate(bands) if margin <= top), 20)
    return (float(winner), float(20 - winner)) if imp_margin >= 0 else (float(20 - winner), float(winner))


def discrete_table(boards: int) -> list[float]:
    """The discrete scale as a club table (the winner's VPs for 0, 1, 2 ... IMPs, the last for any more)."""
    bands = discrete_bands(boards)
    return [discrete_victory_points(m, boards)[0] for m in range(bands[-1] + 2)]


# The ACBL's whole-number 20-VP scale for Swiss teams as BridgeHands' encyclopedia prints it ("Victory Points",
# bridgehands.com, updated 2011-01-22: "the two common scales used in North America for multi-board per match Swiss
# team games"), for the two match lengths it gives: the lowest IMP margin that earns the winner 11, 12 ... 20 VPs
# (0 IMPs is 10-10). 6-8 boards: 1-2 IMPs 11-9 ... 28+ 20-0; 9-11 boards: 1-2 11-9, 3-5 12-8 ... 36+ 20-0.
# Not the WBF's or the EBU's scale; ACBLscore's files are not read here, but its VPs typed into another program's
# file are then named rather than "unexplained". Other match lengths are not in the source and are not extrapolated.
ACBL_20_BANDS: dict[range, tuple[int, ...]] = {
    range(6, 9): (1, 3, 5, 8, 11, 14, 17, 20, 24, 28),
    range(9, 12): (1, 3, 6, 10, 14, 18, 22, 26, 31, 36),
}


def _acbl_bands(boards: int) -> tuple[int, ...]:
    for lengths, bands in ACBL_20_BANDS.items():
        if boards in lengths:
            return bands
    raise InvalidScore(
        _("The ACBL 20-VP scale is known here for matches of 6 to 11 boards, not %(boards)s.") % {"boards": boards}
    )


def acbl_20_victory_points(imp_margin: float, boards: int) -> tuple[float, float]:
    """VPs (this team, its opponents) on the ACBL 20-VP scale for a match of 6 to 11 boards: whole numbers adding
    up to 20; a fractional margin is rounded to the nearest whole IMP first, halves away from zero."""
    bands = _acbl_bands(boards)
    margin = _whole_margin(imp_margin)
    winner = 10 + sum(1 for lowest in bands if margin >= lowest)
    return (float(winner), float(20 - winner)) if imp_margin >= 0 else (float(20 - winner), float(winner))


def acbl_20_table(boards: int) -> list[float]:
    """The ACBL scale as a club table (the winner's VPs for 0, 1, 2 ... IMPs, the last for any more)."""
    return [acbl_20_victory_points(m, boards)[0] for m in range(_acbl_bands(boards)[-1] + 1)]


def scale_victory_points(scale: str, imp_margin: float, boards: int) -> tuple[float, float]:
    """VPs (this team, its opponents) on the named scale, ``wbf_continuous`` or ``wbf_discrete``."""
    if scale == "wbf_continuous":
        return victory_points(imp_margin, boards)
    if scale == "wbf_discrete":
        return discrete_victory_points(imp_margin, boards)
    raise InvalidScore(
        _("Unknown VP scale %(scale)s: use one of %(items)s.") % {"scale": repr(scale), "items": ", ".join(VP_SCALES)}
    )
