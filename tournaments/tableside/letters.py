"""Seats and cards a table terminal sends in its language's letters, read back to the stored English ones.

The phone's keypad sends the English letters it keeps under its local labels, so a post with no ``letters`` is
read as English, as before. A terminal where players type (or a phone page built on another language's letters)
says which language its letters are in (``"letters": "fr"``): then ``"O"`` is West and ``"PR"`` the spade king
in French. Only then: read in French, the English ``"CK"`` would be the heart king, so a language is never
guessed from the request.
"""

from __future__ import annotations

from typing import Any

import scoring

__all__ = ["canonical", "canonical_card", "canonical_seat"]


def canonical_seat(text: str, letters: str) -> str:
    """A seat in the ``letters`` language's letters (or English) as stored (``"O"`` -> ``"W"`` in French); text
    that is no seat comes back as sent, for the service to refuse in its own words."""
    if not letters or not text.strip():
        return text
    try:
        return scoring.read_seat(text, scoring.notation_for(letters))
    except scoring.ScoringError:
        return text


def canonical_card(text: str, letters: str) -> str:
    """A card in the ``letters`` language's letters (or English) as stored (``"PR"`` -> ``"SK"`` in French)."""
    if not letters or not text.strip():
        return text
    try:
        return scoring.read_card(text, scoring.notation_for(letters))
    except scoring.ScoringError:
        return text


def canonical(data: dict[str, Any]) -> dict[str, Any]:
    """A result's body with its declarer and lead in the stored English letters (``letters`` says whose)."""
    letters = str(data.get("letters") or "")
    if not letters:
        return data
    declarer = canonical_seat(str(data.get("declarer") or ""), letters)
    return data | {"declarer": declarer, "lead": canonical_card(str(data.get("lead") or ""), letters)}
