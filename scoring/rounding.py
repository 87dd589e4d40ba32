"""The one rounding rule for every figure a person reads: halves go up, on the decimal a person would write.

`f"{52.125:.2f}"` gives "52.12" (Python rounds the binary value half to even), while Django's `floatformat`
gives "52.13" (half up on the decimal): the page, the PDF and the e-mail disagreed by a hundredth. Every
shown figure is rounded here, the way `floatformat` does, so they all agree.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

__all__ = ["half_up", "shown", "signed"]


def half_up(value: float, places: int = 2) -> Decimal:
    """`value` rounded to `places` decimals, halves up, from its shortest decimal form (52.125 -> 52.13)."""
    return Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def shown(value: float, places: int = 2, *, trim: bool = False) -> str:
    """A figure as text, as `floatformat` shows it: "52.13"; with `trim`, a whole number without decimals ("7")
    and any other with all of them ("6.50"), like floatformat:"-2"."""
    if trim and float(value) == int(value):
        return str(int(value))
    rounded = half_up(value, places)
    return f"{abs(rounded) if rounded == 0 else rounded:f}"  # never "-0.00"


def signed(value: float, places: int = 1) -> str:
    """A signed figure (IMPs): "+3.5", "-1.0", and "0.0" for nothing either way."""
    text = shown(value, places)
    return text if text.startswith("-") or half_up(value, places) == 0 else "+" + text
