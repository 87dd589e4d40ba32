"""Dealer and vulnerability of board N, from the table printed in the laws."""

from __future__ import annotations

import pytest

from scoring import (
    InvalidBoard,
    board_dealer,
    board_sets,
    board_vulnerability,
    is_vulnerable,
    parse_seat,
    parse_side,
    parse_vulnerability,
    partner,
    side_of,
)

# The laws: "Dealer N-1, 5, 9, 13 ... Vulnerability Neither-1, 8, 11, 14; N-S only-2, 5, 12, 15;
# E-W only-3, 6, 9, 16; Both-4, 7, 10, 13."
LAWS_DEALER = {"N": (1, 5, 9, 13), "E": (2, 6, 10, 14), "S": (3, 7, 11, 15), "W": (4, 8, 12, 16)}
LAWS_VULNERABILITY = {
    "None": (1, 8, 11, 14),
    "NS": (2, 5, 12, 15),
    "EW": (3, 6, 9, 16),
    "All": (4, 7, 10, 13),
}


@pytest.mark.parametrize("board", range(1, 17))
def test_first_cycle_matches_the_laws(board: int) -> None:
    assert board in LAWS_DEALER[board_dealer(board)]
    assert board in LAWS_VULNERABILITY[board_vulnerability(board)]


@pytest.mark.parametrize("board", [17, 25, 32, 33, 100, 1000])
def test_boards_repeat_every_sixteen(board: int) -> None:
    base = (board - 1) % 16 + 1
    assert board_dealer(board) == board_dealer(base)
    assert board_vulnerability(board) == board_vulnerability(base)


@pytest.mark.parametrize("bad", [0, -3])
def test_no_board_zero(bad: int) -> None:
    with pytest.raises(InvalidBoard):
        board_dealer(bad)
    with pytest.raises(InvalidBoard):
        board_vulnerability(bad)


def test_seats_and_sides() -> None:
    assert parse_seat(" north ") == "N"
    assert side_of("W") == "EW"
    assert partner("E") == "W"
    with pytest.raises(InvalidBoard):
        parse_seat("X")
    assert parse_side(" n-s ") == "NS" and parse_side("E/W") == "EW"
    with pytest.raises(InvalidBoard):
        parse_side("NE")


@pytest.mark.parametrize(
    ("vulnerability", "seat", "expected"),
    [
        (1, "N", False),
        (2, "S", True),
        (2, "E", False),
        (3, "EW", True),
        (4, "W", True),
        ("Both", "NS", True),
        ("Love", "E", False),
        ("E-W", "N", False),
    ],
)
def test_is_vulnerable(vulnerability: int | str, seat: str, expected: bool) -> None:
    assert is_vulnerable(vulnerability, seat) is expected


def test_parse_vulnerability_rejects_nonsense() -> None:
    assert parse_vulnerability("n/s") == "NS"
    with pytest.raises(InvalidBoard):
        parse_vulnerability("some")


def test_board_sets() -> None:
    assert board_sets(3, 2) == [range(1, 4), range(4, 7)]
    assert [list(s) for s in board_sets(2, 2, first=5)] == [[5, 6], [7, 8]]
