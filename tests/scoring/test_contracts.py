"""Contracts, results and duplicate scores, table-driven from the scoring table in the laws."""

from __future__ import annotations

import pytest

from scoring import (
    Contract,
    InvalidContract,
    InvalidResult,
    contract_score,
    ns_score,
    parse_contract,
    parse_tricks,
    score_parts,
)


@pytest.mark.parametrize(
    ("text", "canonical", "level", "strain", "doubled"),
    [
        ("3NT", "3NT", 3, "NT", 0),
        ("3nt", "3NT", 3, "NT", 0),
        (" 3 N ", "3NT", 3, "NT", 0),
        ("4HX", "4HX", 4, "H", 1),
        ("4h x", "4HX", 4, "H", 1),
        ("4♥*", "4HX", 4, "H", 1),
        ("6SXX", "6SXX", 6, "S", 2),
        ("6 s xx", "6SXX", 6, "S", 2),
        ("6S**", "6SXX", 6, "S", 2),
        ("2NTX", "2NTX", 2, "NT", 1),
        ("1ntxx", "1NTXX", 1, "NT", 2),
        ("7C", "7C", 7, "C", 0),
        ("4 Spades X", "4SX", 4, "S", 1),
        ("5♦", "5D", 5, "D", 0),
        ("PASS", "PASS", 0, None, 0),
        ("pass", "PASS", 0, None, 0),
        ("Passed out", "PASS", 0, None, 0),
        ("AP", "PASS", 0, None, 0),
    ],
)
def test_parse_contract(text: str, canonical: str, level: int, strain: str | None, doubled: int) -> None:
    contract = parse_contract(text)
    assert str(contract) == canonical
    assert (contract.level, contract.strain, contract.doubled) == (level, strain, doubled)
    assert contract.is_passout == (level == 0)
    assert parse_contract(str(contract)) == contract


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "missing"),
        ("   ", "missing"),
        ("8NT", "1 to 7"),
        ("0S", "1 to 7"),
        ("3Z", "strain"),
        ("NT3", "not a contract"),
        ("4SXXX", "strain"),
        ("three spades", "not a contract"),
    ],
)
def test_parse_contract_rejects_nonsense(text: str, fragment: str) -> None:
    with pytest.raises(InvalidContract, match=fragment):
        parse_contract(text)


def test_errors_are_value_errors() -> None:
    assert issubclass(InvalidContract, ValueError)
    assert issubclass(InvalidResult, ValueError)
    with pytest.raises(InvalidContract):
        Contract(8, "S")
    with pytest.raises(InvalidContract):
        Contract(3, "Z")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("result", "contract", "tricks"),
    [
        (10, "4S", 10),
        ("10", "4S", 10),
        ("=", "4S", 10),
        ("+1", "4S", 11),
        ("-2", "4S", 8),
        (" - 2 ", "4S", 8),
        ("7", "3NT", 7),
        (0, "1C", 0),
        ("+6", "1C", 13),
        ("-7", "1C", 0),
        ("=", "7NTXX", 13),
        (None, "PASS", 0),
        ("", "PASS", 0),
    ],
)
def test_parse_tricks(result: int | str | None, contract: str, tricks: int) -> None:
    assert parse_tricks(result, contract) == tricks


@pytest.mark.parametrize(
    ("result", "contract", "fragment"),
    [
        ("+4", "4S", "only 13"),
        ("-11", "4S", "at most 10"),
        (14, "4S", "between 0 and 13"),
        (-1, "4S", "between 0 and 13"),
        ("14", "3NT", "between 0 and 13"),
        ("made it", "3NT", "not a result"),
        ("", "3NT", "not a result"),
        (None, "3NT", "missing"),
    ],
)
def test_parse_tricks_rejects_impossible_results(result: int | str | None, contract: str, fragment: str) -> None:
    with pytest.raises(InvalidResult, match=fragment):
        parse_tricks(result, contract)


# (contract, tricks, vulnerable, current laws, 1963 table)
DUPLICATE_SCORES = [
    # Part scores: trick value plus 50.
    ("1C", 7, False, 70, 70),
    ("1NT", 7, False, 90, 90),
    ("2H", 8, True, 110, 110),
    ("2S", 9, False, 140, 140),
    ("3D", 9, True, 110, 110),
    ("2NT", 8, False, 120, 120),
    ("1NT", 10, True, 180, 180),
    # Games: 300 not vulnerable, 500 vulnerable.
    ("3NT", 9, False, 400, 400),
    ("3NT", 9, True, 600, 600),
    ("3NT", 10, False, 430, 430),
    ("4S", 10, False, 420, 420),
    ("4S", 10, True, 620, 620),
    ("4H", 11, True, 650, 650),
    ("5C", 11, False, 400, 400),
    ("5D", 12, True, 620, 620),
    # Slams: small 500/750, grand 1000/1500.
    ("6S", 12, False, 980, 980),
    ("6S", 12, True, 1430, 1430),
    ("6NT", 12, False, 990, 990),
    ("6NT", 12, True, 1440, 1440),
    ("7C", 13, True, 2140, 2140),
    ("7NT", 13, False, 1520, 1520),
    ("7NT", 13, True, 2220, 2220),
    # Doubled, made: double trick points, 50 for the insult, 100/200 per overtrick.
    ("1NTX", 7, False, 180, 180),
    ("1NTX", 7, True, 180, 180),
    ("2CX", 8, False, 180, 180),
    ("2HX", 8, False, 470, 470),
    ("2HX", 8, True, 670, 670),
    ("1SX", 8, False, 260, 260),
    ("1SX", 8, True, 360, 360),
    ("3NTX", 9, False, 550, 550),
    ("4SX", 10, True, 790, 790),
    ("4SX", 11, True, 990, 990),
    ("6SX", 12, True, 1660, 1660),
    # Redoubled, made: four times the trick points; 100 insult now, 50 in 1963.
    ("1NTXX", 7, False, 560, 510),
    ("1NTXX", 7, True, 760, 710),
    ("1SXX", 7, False, 520, 470),
    ("1SXX", 8, False, 720, 670),
    ("1SXX", 8, True, 1120, 1070),
    ("2CXX", 8, False, 560, 510),
    ("6SXX", 12, True, 2070, 2020),
    ("7NTXX", 13, True, 2980, 2930),
    # Undoubled undertricks: 50/100 each.
    ("4S", 9, False, -50, -50),
    ("4S", 9, True, -100, -100),
    ("3NT", 6, True, -300, -300),
    ("7NT", 0, False, -650, -650),
    # Doubled undertricks not vulnerable: 100, 300, 500, 800, 1100 now; 100, 300, 500, 700, 900 in 1963.
    ("4SX", 9, False, -100, -100),
    ("4SX", 8, False, -300, -300),
    ("4SX", 7, False, -500, -500),
    ("4SX", 6, False, -800, -700),
    ("4SX", 5, False, -1100, -900),
    ("1CX", 0, False, -1700, -1300),
    ("7NTX", 0, False, -3500, -2500),
    # Doubled undertricks vulnerable: 200, 500, 800, 1100 (both editions).
    ("4SX", 9, True, -200, -200),
    ("4SX", 8, True, -500, -500),
    ("3NTX", 7, True, -500, -500),
    ("4SX", 7, True, -800, -800),
    ("4SX", 6, True, -1100, -1100),
    ("7NTX", 0, True, -3800, -3800),
    # Redoubled undertricks: twice the doubled ones.
    ("4SXX", 9, False, -200, -200),
    ("4SXX", 8, False, -600, -600),
    ("4SXX", 7, False, -1000, -1000),
    ("4SXX", 6, False, -1600, -1400),
    ("4SXX", 9, True, -400, -400),
    ("4SXX", 7, True, -1600, -1600),
    # Passed out.
    ("PASS", 0, False, 0, 0),
    ("PASS", 0, True, 0, 0),
]


@pytest.mark.parametrize(("contract", "tricks", "vulnerable", "current", "older"), DUPLICATE_SCORES)
def test_contract_score(contract: str, tricks: int, vulnerable: bool, current: int, older: int) -> None:
    assert contract_score(contract, tricks, vulnerable) == current
    assert contract_score(contract, tricks, vulnerable, edition="current") == current
    assert contract_score(contract, tricks, vulnerable, edition="1963") == older
    assert contract_score(parse_contract(contract), tricks, vulnerable) == current


def test_contract_score_accepts_result_text() -> None:
    assert contract_score("4S", "=", False) == 420
    assert contract_score("3NT", "+2", True) == 660
    assert contract_score("4HX", "-1", True) == -200


def test_unknown_edition_is_an_error() -> None:
    with pytest.raises(InvalidContract, match="edition"):
        contract_score("4S", 10, False, edition="1932")


def test_score_parts_split_above_and_below_the_line() -> None:
    parts = score_parts("2C", 10, False)
    assert (parts.trick_points, parts.overtrick_points, parts.made) == (40, 40, True)
    parts = score_parts("6DX", 12, True)
    assert (parts.trick_points, parts.insult_points, parts.slam_points) == (240, 50, 750)
    parts = score_parts("4HX", 9, True)
    assert (parts.made, parts.undertrick_points, parts.trick_points) == (False, 200, 0)


@pytest.mark.parametrize(
    ("contract", "declarer", "tricks", "vulnerability", "expected"),
    [
        ("4S", "N", 10, 1, 420),
        ("4S", "E", 10, 1, -420),
        ("4S", "S", 10, 2, 620),  # board 2: N-S vulnerable
        ("4S", "W", 10, 2, -420),
        ("3NT", "E", "-1", 3, 100),  # board 3: E-W vulnerable
        ("3NT", "north", "=", "All", 600),
        ("2HX", "W", 8, "None", -470),
        ("PASS", None, None, 7, 0),
        ("pass", "N", 0, "All", 0),
    ],
)
def test_ns_score(
    contract: str, declarer: str | None, tricks: int | str | None, vulnerability: int | str, expected: int
) -> None:
    assert ns_score(contract, declarer, tricks, vulnerability) == expected


def test_ns_score_needs_a_declarer() -> None:
    with pytest.raises(InvalidResult, match="declarer"):
        ns_score("4S", None, 10, 1)
