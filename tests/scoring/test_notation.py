"""Contracts typed in each shipped language's notation, beside the English letters and the suit symbols."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    Contract,
    InvalidContract,
    InvalidLead,
    notation_for,
    parse_contract,
    read_card,
    read_seat,
    shown_cards,
    shown_contract,
    shown_seat,
)
from scoring.contracts import STRAINS, Notation
from scoring.notation import NOTATIONS, SYMBOLS

ENGLISH_STRAINS = {
    "C": ("C", "CLUBS", "♣"),
    "D": ("D", "DIAMONDS", "♦"),
    "H": ("H", "HEARTS", "♥"),
    "S": ("S", "SPADES", "♠"),
    "NT": ("NT", "N", "NOTRUMP"),
}
ENGLISH_DOUBLES = {0: ("",), 1: ("X", "*"), 2: ("XX", "**")}


@pytest.mark.parametrize(
    ("language", "typed", "meant"),
    [
        # The letters the issue names, and the ones of the other shipped languages.
        ("fr", "4P", "4S"),
        ("fr", "4C", "4H"),  # French C is cœur ...
        ("en", "4C", "4C"),  # ... English C is clubs: the active language decides.
        ("fr", "2K", "2D"),
        ("fr", "1T", "1C"),
        ("fr", "3SA", "3NT"),
        ("fr", "4 pique contre", "4SX"),
        ("fr", "passe", "PASS"),
        ("nl", "4S", "4S"),
        ("nl", "4H", "4H"),
        ("nl", "5R", "5D"),
        ("nl", "3K", "3C"),  # Dutch K is klaveren (clubs) ...
        ("de", "3K", "3D"),  # ... German K is Karo (diamonds).
        ("de", "2T", "2C"),
        ("de", "4PX", "4SX"),
        ("de", "3SA", "3NT"),
        ("pl", "4C", "4H"),
        ("pl", "5K", "5D"),
        ("pl", "3BA", "3NT"),
        ("pl", "4P rekontra", "4SXX"),
        ("it", "5F", "5C"),
        ("it", "4Q", "4D"),
        ("it", "4CX", "4HX"),
        ("it", "3SA", "3NT"),
        ("es", "2T", "2C"),
        ("es", "4D", "4D"),
        ("es", "1ST", "1NT"),
        ("es", "4 picas doblo", "4SX"),
        ("sv", "3K", "3C"),
        ("sv", "4R", "4D"),
        ("sv", "4HD", "4HX"),  # Swedish D after the strain: dubbelt.
        ("sv", "3 sang", "3NT"),
        # English letters and symbols stay accepted wherever the language does not read them otherwise.
        ("fr", "4♥X", "4HX"),
        ("fr", "4H", "4H"),
        ("fr", "4S", "4S"),
        ("de", "4D", "4D"),
        ("pl", "3NT", "3NT"),
        ("sv", "4♣", "4C"),
        # An unknown or regional code falls back to its language, then to English.
        ("fr-be", "4C", "4H"),
        ("pt", "4C", "4C"),
        (None, "4C", "4C"),
    ],
)
def test_local_letters(language: str | None, typed: str, meant: str) -> None:
    assert str(parse_contract(typed, notation_for(language))) == meant


def test_english_reading_is_unchanged_without_a_notation() -> None:
    assert str(parse_contract("4C")) == "4C"
    with pytest.raises(InvalidContract, match="strain"):
        parse_contract("4P")
    with pytest.raises(InvalidContract, match="strain"):
        parse_contract("4SXXX", notation_for("fr"))


@pytest.mark.parametrize(
    ("contract", "language", "shown"),
    [
        ("4HX", "en", "4♥X"),
        ("3NT", "en", "3NT"),
        ("3NT", "fr", "3SA"),
        ("3NTXX", "pl", "3BAXX"),
        ("PASS", "fr", "PASS"),
        ("4HX", "sv", "4♥D"),  # Swedish players write a double D and a redouble RD, as the phone's keypad
        ("3NTXX", "sv", "3NTRD"),
        ("6SXX", "fr", "6♠XX"),
    ],
)
def test_shown_with_symbols(contract: str, language: str, shown: str) -> None:
    assert shown_contract(contract, notation_for(language)) == shown


def _ways_to_write(notation: Notation, strain: str, doubled: int) -> list[tuple[str, str]]:
    """Every (strain, double) spelling a player of ``notation`` may use for a strain and a double."""
    own = [word for word, meant in notation.strains.items() if meant == strain]
    english = [word for word in ENGLISH_STRAINS[strain] if word not in notation.strains]
    doubles = [mark for mark, n in notation.doubles.items() if n == doubled] + list(ENGLISH_DOUBLES[doubled])
    return [(s, d) for s in own + english for d in doubles]


@st.composite
def typed_contracts(draw: st.DrawFn) -> tuple[Notation, Contract, str]:
    notation = draw(st.sampled_from(list(NOTATIONS.values())))
    contract = Contract(draw(st.integers(1, 7)), draw(st.sampled_from(STRAINS)), draw(st.integers(0, 2)))
    strain, double = draw(st.sampled_from(_ways_to_write(notation, str(contract.strain), contract.doubled)))
    gap = draw(st.sampled_from(["", " ", "."]))
    text = f"{contract.level}{gap}{strain}{gap}{double}"
    return notation, contract, draw(st.sampled_from([text, text.lower(), text.title()]))


@given(typed_contracts())
def test_every_spelling_of_every_notation_reads_back(case: tuple[Notation, Contract, str]) -> None:
    notation, contract, text = case
    assert parse_contract(text, notation) == contract


@given(st.sampled_from(list(NOTATIONS.values())), st.integers(1, 7), st.sampled_from(STRAINS), st.integers(0, 2))
def test_shown_contract_reads_back_in_its_language(notation: Notation, level: int, strain: str, doubled: int) -> None:
    contract = Contract(level, strain, doubled)  # type: ignore[arg-type]
    shown = shown_contract(contract, notation)
    assert parse_contract(shown, notation) == contract
    assert shown.startswith(str(level)) and (strain == "NT" or SYMBOLS[contract.strain] in shown)  # type: ignore[index]


@given(st.sampled_from(list(NOTATIONS.values())), st.text(max_size=12))
def test_any_text_is_read_or_refused_cleanly(notation: Notation, text: str) -> None:
    try:
        contract = parse_contract(text, notation)
    except InvalidContract:
        return
    assert parse_contract(str(contract)) == contract


def test_hands_and_seats_are_shown_in_each_languages_letters() -> None:
    assert shown_cards("AKQJT32", notation_for("fr")) == "ARDV1032"
    assert shown_cards("AKQJT32", notation_for("nl")) == "AHVB1032"
    assert shown_cards("AKQJT32", notation_for("sv")) == "EKDKn1032"
    assert shown_cards("AKQJT32") == "AKQJ1032"  # English: only the ten is written out
    assert [shown_seat(s, notation_for("fr")) for s in "NESW"] == ["N", "E", "S", "O"]
    assert [shown_seat(s, notation_for("nl")) for s in "NESW"] == ["N", "O", "Z", "W"]


def test_a_typed_seat_or_card_is_read_in_the_language_then_in_english() -> None:
    fr, nl, sv = notation_for("fr"), notation_for("nl"), notation_for("sv")
    assert (read_seat("O", fr), read_seat("o", nl), read_seat("Z", nl), read_seat("west", nl)) == ("W", "E", "S", "W")
    assert read_card("PR", fr) == "SK" and read_card("♥D", fr) == "HQ" and read_card("cd", fr) == "HQ"
    assert read_card("SK", fr) == "SK" and read_card("H10", fr) == "HT"  # English letters still read
    assert read_card("KKn", sv) == "CJ" and read_card("HV", nl) == "HQ" and read_card("♠E", sv) == "SA"
    with pytest.raises(InvalidLead):
        read_card("XX", fr)


@given(st.sampled_from(list(NOTATIONS.values())), st.sampled_from("SHDC"), st.sampled_from("AKQJT98765432"))
def test_a_card_shown_in_a_language_reads_back(notation: Notation, suit: str, rank: str) -> None:
    symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[suit]
    assert read_card(symbol + shown_cards(rank, notation), notation) == suit + rank


@given(st.sampled_from(list(NOTATIONS.values())), st.sampled_from("NESW"))
def test_a_seat_shown_in_a_language_reads_back(notation: Notation, seat: str) -> None:
    assert read_seat(shown_seat(seat, notation), notation) == seat


@pytest.mark.parametrize(
    ("language", "typed", "stored"),
    [
        ("fr", "7C", "7H"),
        ("fr", "10 sa", "10NT"),
        ("fr", "8P", "8S"),
        ("fr", "6T", "6C"),
        ("de", "9K", "9D"),
        ("pl", "7BA", "7NT"),
        ("en", "7C", "7C"),
        ("en", "10N", "10NT"),
        ("fr", "NULLO", "NULLO"),
        ("fr", "8", "8"),
        ("fr", "Spade Solo", "Spade Solo"),
        ("fr", "7Z", "7Z"),
    ],
)
def test_five_hundred_bids_are_read_in_the_local_letters(language, typed, stored):
    from scoring.notation import notation_for, read_bid

    assert read_bid(typed, notation_for(language)) == stored


@given(st.sampled_from(list(NOTATIONS.values())), st.integers(1, 7), st.sampled_from(STRAINS), st.integers(1, 2))
def test_a_shown_double_is_the_keypads_mark(notation: Notation, level: int, strain: str, doubled: int) -> None:
    shown = shown_contract(Contract(level, strain, doubled), notation)  # type: ignore[arg-type]
    assert shown.endswith(notation.double_marks[doubled - 1])
