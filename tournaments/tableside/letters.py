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

__all__ = ["canonical", "canonical_card", "canonical_contract", "canonical_party", "canonical_seat"]


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


def canonical_contract(text: str, letters: str) -> str:
    """A contract in the ``letters`` language's letters (or English) as stored (``"4C"`` -> ``"4H"`` in French,
    ``"3SA"`` -> ``"3NT"``); text that is no contract comes back as sent, for the party's rules to refuse."""
    if not letters or not text.strip():
        return text
    try:
        return str(scoring.parse_contract(text, scoring.notation_for(letters)))
    except scoring.ScoringError:
        return text


def canonical_party(data: dict[str, Any]) -> dict[str, Any]:
    """A party table's round with each deal's contract and declarer in the stored English letters."""
    letters = str(data.get("letters") or "")
    deals = data.get("deals")
    if not letters or not isinstance(deals, list):
        return data
    out = []
    for deal in deals:
        if isinstance(deal, dict):
            deal = deal | {
                "contract": canonical_contract(str(deal.get("contract") or ""), letters),
                "declarer": canonical_seat(str(deal.get("declarer") or ""), letters),
            }
        out.append(deal)
    return data | {"deals": out}
