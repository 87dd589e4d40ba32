"""The vectorised field scorer gives exactly what matchpoints gives, board by board."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import InvalidScore, matchpoint_array, matchpoint_field, matchpoints

SCORE = st.sampled_from([-1100, -500, -100, -50, 0, 50, 90, 110, 140, 400, 420, 450, 620, 650, 1430])


@settings(max_examples=200)
@given(st.lists(st.lists(SCORE, max_size=20), max_size=40), st.sampled_from(["ebu", "acbl"]))
def test_ragged_field_equals_matchpoints_board_by_board(boards: list[list[int]], scale: str) -> None:
    got = matchpoint_field(boards, scale=scale)
    assert len(got) == len(boards)
    for row, board in zip(got, boards, strict=True):
        assert row.tolist() == matchpoints(board, scale=scale)


@given(st.lists(st.integers(-(10**6), 10**6), min_size=1, max_size=13), st.integers(1, 30))
def test_rectangular_field_with_any_scores(board: list[int], copies: int) -> None:
    boards = [board[i:] + board[:i] for i in range(copies)]
    boards = [b for b in boards if len(b) == len(board)]
    for row, b in zip(matchpoint_field(boards), boards, strict=True):
        assert row.tolist() == matchpoints(b)


def test_large_random_field() -> None:
    rng = np.random.default_rng(7)
    choices = np.array([-100, -50, 110, 140, 420, 450, 620])
    boards = rng.choice(choices, size=(5000, 13)).tolist()
    got = matchpoint_field(boards)
    assert all(r.tolist() == matchpoints(b) for r, b in zip(got, boards, strict=True))
    assert all(r.sum() == 13 * 12 for r in got)


def test_edge_cases() -> None:
    assert len(matchpoint_field([])) == 0 and matchpoint_field([]).tolist() == []
    assert matchpoint_field([[], [5], [1, 1]]).tolist() == [[], [0.0], [1.0, 1.0]]
    assert matchpoint_field([[], []]).tolist() == [[], []]
    wide = [list(range(200)), list(range(200, 0, -1))]
    assert matchpoint_field(wide).tolist() == [matchpoints(b) for b in wide]
    huge = [[2**61, -(2**61), 0]]
    assert matchpoint_field(huge)[0].tolist() == matchpoints(huge[0])
    with pytest.raises(InvalidScore):
        matchpoint_field([[2**70, 1]])
    with pytest.raises(InvalidScore, match="scale"):
        matchpoint_field([], scale="wbf")


def test_field_result_is_a_sequence_of_boards() -> None:
    boards = [[420, 420, 450], [-50, 100, 100]]
    field = matchpoint_field(boards)
    assert field.array is not None and field.array.shape == (2, 3)
    assert len(field) == 2 and [r.tolist() for r in field] == field.tolist()
    assert field[1].tolist() == [0.0, 3.0, 3.0] and field[-1].tolist() == [0.0, 3.0, 3.0]
    assert [r.tolist() for r in field[0:1]] == [[1.0, 1.0, 4.0]]
    ragged = matchpoint_field([[1, 2], [3]])
    assert ragged.array is None and ragged[0].tolist() == [0.0, 2.0] and len(ragged[0:2]) == 2


def test_matchpoint_array() -> None:
    table = np.array([[420, 420, 450, -50], [1, 2, 3, 4]])
    assert matchpoint_array(table).tolist() == [[3, 3, 6, 0], [0, 2, 4, 6]]
    assert matchpoint_array(table.astype(float), scale="acbl").tolist() == [[1.5, 1.5, 3, 0], [0, 1, 2, 3]]
    with pytest.raises(InvalidScore):
        matchpoint_array(np.array([1, 2, 3]))
    with pytest.raises(InvalidScore):
        matchpoint_array(np.array([[1.5, 2.0]]))


def test_a_simultaneous_field_of_thousands_matches_the_plain_scorer():
    """Boards wider than 127 results (a field across clubs) take the binary-search path, with the same answer."""
    import random

    rng = random.Random(14)
    boards = [[rng.choice([-200, -100, 90, 110, 140, 400, 420, 450, 620, -50]) for _ in range(3000)] for _ in range(3)]
    assert matchpoint_field(boards).tolist() == [matchpoints(b) for b in boards]
    assert matchpoint_field(boards, scale="acbl").tolist() == [matchpoints(b, scale="acbl") for b in boards]
