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

__all__ = [
    "active_notation",
    "card_for_typing",
    "cards",
    "double_mark",
    "for_typing",
    "letters",
    "read_typed",
    "read_typed_bid",
    "read_typed_card",
    "read_typed_seat",
    "seat",
    "shown",
    "vulnerability_names",
]

_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def active_notation() -> Notation:
    """The notation table of the active language (English when none is active or it is not shipped)."""
    return scoring.notation_for(get_language())


def read_typed_bid(text: str) -> str:
    """A typed five hundred bid in the active language's letters as stored (``"7C"`` in French -> ``"7H"``);
    other bids (``NULLO``, a number, a solo's words) as typed, for the game's rules to read or refuse."""
    return scoring.read_bid(text, active_notation())


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


def cards(holding: str) -> str:
    """A holding or a rank in the active language's letters (``"AKQT3"`` -> ``"ARD103"`` in French)."""
    return scoring.shown_cards(holding, active_notation())


def seat(letter: str) -> str:
    """A seat's letter in the active language (``"W"`` -> ``"O"`` in French)."""
    return scoring.shown_seat(letter, active_notation())


def read_typed_seat(text: str) -> str:
    """A seat a person typed, in the active language's letters or English (``"O"`` -> ``"W"`` in French);
    text that is no seat is returned as typed, so the service's check words the error."""
    if not text.strip():
        return text
    try:
        return scoring.read_seat(text, active_notation())
    except scoring.ScoringError:
        return text


def read_typed_card(text: str) -> str:
    """A card (an opening lead) a person typed, in the active language's letters or English (``"PR"`` ->
    ``"SK"`` in French); text that is no card is returned as typed, for the service's check to word."""
    if not text.strip():
        return text
    try:
        return scoring.read_card(text, active_notation())
    except scoring.ScoringError:
        return text


def card_for_typing(card: str) -> str:
    """A stored card (``"HT"``) as an edit field shows it: ``"H10"`` in English, the suit symbol and the
    language's rank elsewhere (``"♥R"`` for the heart king in French), which :func:`read_typed_card` reads back."""
    if len(card) != 2:
        return card
    if active_notation().language == "en":
        return card[0] + cards(card[1])
    return _SUIT_SYMBOLS.get(card[0], card[0]) + cards(card[1])


def letters() -> dict[str, object]:
    """The active language's letters for a page's script (the phone's keypad, bidding box and sign-in), so the
    JS shows them without a table of its own: each seat's and rank's letter, each suit's one letter, the
    no-trump. Keys are the stored English letters, which the phone keeps sending."""
    table = active_notation()
    suits: dict[str, str] = {s: k for k, s in table.strains.items() if len(k) == 1 and s != "NT"}
    return {
        "language": table.language,
        "seats": {s: scoring.shown_seat(s, table) for s in "NESW"},
        "ranks": {r: scoring.shown_cards(r, table) for r in "AKQJT98765432"},
        "suits": {s: suits.get(s, s) for s in "SHDC"},
        "no_trump": table.no_trump,
        "doubles": {"X": table.double_marks[0], "XX": table.double_marks[1]},
        "vulnerability": vulnerability_names(table),
    }


def vulnerability_names(table: Notation | None = None) -> dict[str, str]:
    """Each stored vulnerability (``None``, ``NS``, ``EW``, ``All``) as the active language says it: the sides in
    its seat letters (``NZ``, ``OW`` in Dutch), none and all translated."""
    table = table or active_notation()
    side = {pair: "".join(scoring.shown_seat(s, table) for s in pair) for pair in ("NS", "EW")}
    return {"None": pgettext("vulnerability", "None"), **side, "All": pgettext("vulnerability", "All")}


def double_mark(doubled: int) -> str:
    """The active language's mark for a double (1) or a redouble (2): ``X``/``XX``, Swedish ``D``/``RD``."""
    return active_notation().double_marks[doubled - 1] if doubled in (1, 2) else ""
