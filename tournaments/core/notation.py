"""Contracts as the active language writes them: read what a person typed, fill a field, show a result.

The tables are pure (``scoring.notation``); this edge picks one by the language the request or job runs in.
Only text a person typed goes through :func:`read_typed`: the phone keypad and the stored results carry the
canonical English letters (``4CX`` is clubs), which a French table would misread as hearts, so they are parsed
without a notation. A stored contract put back into a field for editing goes through :func:`for_typing`, which
writes it so the active language reads it back the same (``4♣X`` in French).
"""

from __future__ import annotations

from django.utils.translation import get_language, pgettext

import scoring
from scoring import Notation

__all__ = ["active_notation", "for_typing", "read_typed", "shown"]


def active_notation() -> Notation:
    """The notation table of the active language (English when none is active or it is not shipped)."""
    return scoring.notation_for(get_language())


def read_typed(text: str) -> str:
    """What a person typed, in the active language's notation, as the canonical contract (``"4CX"`` in French
    -> ``"4HX"``); text that is no contract is returned as typed, so the service's check words the error."""
    try:
        return str(scoring.parse_contract(text, active_notation()))
    except scoring.ScoringError:
        return text


def for_typing(contract: str) -> str:
    """A stored (canonical) contract as an edit field shows it: the letters themselves in English, elsewhere
    the suit symbols and the language's no-trump, which :func:`read_typed` reads back unchanged."""
    notation = active_notation()
    if notation.language == "en" or not contract:
        return contract
    return scoring.shown_contract(contract, notation)


def shown(contract: str, notation: Notation | None = None) -> str:
    """A stored contract as scores and recaps show it: ``"4♥X"``, ``"3SA"`` in French; other text (an
    adjusted score's "A60") unchanged. Pass ``notation`` when showing many (a page of travellers)."""
    if not contract:
        return contract
    text = scoring.shown_contract(contract, notation or active_notation())
    # Translators: a passed-out deal in a contract column (all four players passed).
    return pgettext("bridge contract", "PASS") if text == "PASS" else text
