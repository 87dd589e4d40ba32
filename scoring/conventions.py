"""Conventions other scoring programs follow where the laws leave a choice: how a factored board is rounded.

A board played fewer times is factored up with Neuberg's formula, which rarely gives a round number
((21 + 1) x 19/18 - 1 = 22.2222...). Programs differ in what they add up:

- ``"none"``: the exact figure (Bridgedesk's default);
- ``"0.01"`` / ``"0.1"``: the match points rounded to two or one decimals on each board;
- ``"0.01%"``: the board's percentage of the top rounded to two decimals, then turned back into match
  points. Compscore3's published totals follow this one: a top of 34 on 18 results, factored to 19, is
  35.9444 exactly, 99.85% of 36 after rounding, so 35.946 in its total (35.94 or 35.9 would not give the
  total it prints).

Rounding is half up, on the decimal figure (so 0.125 becomes 0.13, as a person rounding would write it).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Literal, TypeAlias

from scoring.errors import InvalidScore
from scoring.messages import gettext as _

__all__ = ["ROUNDINGS", "Rounding", "round_factored"]

Rounding: TypeAlias = Literal["none", "0.01", "0.1", "0.01%"]
ROUNDINGS: tuple[Rounding, ...] = ("none", "0.01", "0.1", "0.01%")


def _half_up(value: float, step: str) -> float:
    return float(Decimal(repr(value)).quantize(Decimal(step), rounding=ROUND_HALF_UP))


def round_factored(points: float, *, top: float, rounding: str) -> float:
    """Neuberg-factored match points on one board, rounded as the convention says, before they are added up.

    ``top`` is the full top the points are out of (needed by the percentage rounding).
    ``round_factored(35.9444, top=36, rounding="0.01%")`` is 35.946 (99.85% of 36).
    """
    if rounding == "none":
        return points
    if rounding in ("0.01", "0.1"):
        return _half_up(points, rounding)
    if rounding == "0.01%":
        if top <= 0:
            raise InvalidScore(_("Rounding to a percentage needs a top of more than zero."))
        return _half_up(100.0 * points / top, "0.01") * top / 100.0
    raise InvalidScore(
        _("Unknown rounding %(rounding)s: use one of %(items)s.")
        % {"rounding": repr(rounding), "items": ", ".join(ROUNDINGS)}
    )
