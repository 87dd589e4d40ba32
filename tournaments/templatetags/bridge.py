"""Template filters for bridge notation: ``{% load bridge %}`` then ``{{ result.contract|contract }}``."""

from __future__ import annotations

from django import template
from django.utils.html import json_script
from django.utils.safestring import SafeString

from tournaments.core import notation
from tournaments.core.text import isolated_names

register = template.Library()


@register.filter(name="contract")
def contract(value: object) -> str:
    """A stored contract with suit symbols and the active language's no-trump (``4♥X``, ``3SA``)."""
    return notation.shown("" if value is None else str(value))


@register.simple_tag
def no_trump() -> str:
    """The no-trump key's label in the active language's notation ("NT", "SA", "BA")."""
    return notation.active_notation().no_trump


@register.simple_tag
def double_mark(doubled: int) -> str:
    """A double's (1) or redouble's (2) mark in the active language's notation ("X"/"XX", Swedish "D"/"RD")."""
    return notation.double_mark(doubled)


@register.filter(name="seat")
def seat(value: object) -> str:
    """A seat's stored letter as the active language writes it (``W`` -> ``O`` in French)."""
    return notation.seat("" if value is None else str(value))


@register.filter(name="rank")
def rank(value: object) -> str:
    """A card's rank (or a holding) in the active language's letters (``K`` -> ``R`` in French, ``T`` -> ``10``)."""
    return notation.cards("" if value is None else str(value))


@register.simple_tag
def letters_json() -> SafeString:
    """The active language's letters as a JSON blob (``<script id="bd-letters">``) for the phone's scripts."""
    return json_script(notation.letters(), "bd-letters")


@register.filter(name="names")
def names(value: object) -> SafeString | str:
    """A pair's or team's names ("A & B") with each name in its own ``<bdi>`` (``core.text.isolated_names``)."""
    return isolated_names("" if value is None else str(value))
