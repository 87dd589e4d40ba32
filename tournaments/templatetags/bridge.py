"""Template filters for bridge notation: ``{% load bridge %}`` then ``{{ result.contract|contract }}``."""

from __future__ import annotations

from django import template

from tournaments.core import notation

register = template.Library()


@register.filter(name="contract")
def contract(value: object) -> str:
    """A stored contract with suit symbols and the active language's no-trump (``4♥X``, ``3SA``)."""
    return notation.shown("" if value is None else str(value))


@register.simple_tag
def no_trump() -> str:
    """The no-trump key's label in the active language's notation ("NT", "SA", "BA")."""
    return notation.active_notation().no_trump
