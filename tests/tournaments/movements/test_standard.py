"""The published 5-table Howell: offered first and named, boards in order round a circuit, stands on the cards."""

from __future__ import annotations

import json

import pytest

from tournaments.movements import MovementError, generate, suggest, validate
from tournaments.movements.standard import STANDARD_HOWELLS


def _set_of(boards: tuple[int, ...], bpr: int) -> int:
    return (boards[0] - 1) // bpr + 1


@pytest.mark.parametrize("pairs", [9, 10])
def test_the_standard_five_table_howell_is_sound_and_plays_the_sets_in_order(pairs: int) -> None:
    m = generate("howell", pairs, boards_per_round=3, variant="standard")
    report = validate(m)
    assert report.ok, report.errors
    assert (m.tables, m.rounds, m.board_count, m.all_meet) == (5, 9, 27, True)
    assert not m.shares and m.variant == "standard" and "Standard 5-table Howell" in m.description
    for table in range(1, 6):
        sets = [_set_of(m.row_at(r, table).boards, 3) for r in range(1, 10)]
        assert sets == [(table + r - 2) % 9 + 1 for r in range(1, 10)]  # 1, 2, 3... from its own first set
    for r in range(1, 9):  # boards move down one table; table 1's go on the stands, table 5 takes from them
        assert [m.boards_next(r, t) for t in range(1, 6)] == [
            "bye stand between tables 1 and 5",
            "table 1",
            "table 2",
            "table 3",
            "table 4",
        ]
        stands = [_set_of(s.boards, 3) for s in m.bye_stands if s.round == r]
        played = {_set_of(row.boards, 3) for row in m.rows_for_round(r)}
        assert len(stands) == 4 and played.isdisjoint(stands) and len(played | set(stands)) == 9
    if pairs == 9:  # the missing pair is the stationary one: its opponent sits out, every round at one table
        assert m.phantom == "10" and all(len(m.sit_outs(r)) == 1 for r in range(1, 10))


def test_no_set_leaves_the_circuit() -> None:
    """Each set's path is tables 5, 4, 3, 2, 1 in a row and then the four stands: never carried elsewhere."""
    m = generate("howell", 10, boards_per_round=2, variant="standard")
    for s in range(1, 10):
        path = []
        for r in range(1, 10):
            at = [row.table for row in m.rows_for_round(r) if _set_of(row.boards, 2) == s]
            path.append(at[0] if at else 0)
        doubled = path + path
        start = doubled.index(5)
        assert doubled[start : start + 9] == [5, 4, 3, 2, 1, 0, 0, 0, 0], (s, path)


def test_standard_is_whole_and_only_where_published() -> None:
    with pytest.raises(MovementError, match="plays all 9 rounds"):
        generate("howell", 10, boards_per_round=3, rounds=7, variant="standard")
    with pytest.raises(MovementError, match="no standard Howell for 14 pairs"):
        generate("howell", 14, boards_per_round=2, variant="standard")
    assert set(STANDARD_HOWELLS) == {5}


def test_same_circuit_as_the_kops_five_table_howell(realdata) -> None:
    """KoPS's HOWELL.DAT "5-9" (via howellki) lays its 9 board slots out the same way: the 5 tables
    consecutive, then 4 stands; so it is the published movement our table reproduces in kind."""
    kops = json.loads((realdata / "howellki" / "movements.json").read_text())["5-9"]
    assert kops["sets"] == [1, 2, 3, 4, 5, 0, 0, 0, 0]
    assert (kops["tables"], kops["rounds"]) == (5, 9)


@pytest.mark.parametrize("pairs", [9, 10])
def test_suggester_offers_the_standard_first_and_keeps_the_generated_one(pairs: int) -> None:
    suggestions = suggest(pairs)
    first = suggestions[0]
    assert (first.kind, first.variant, first.rounds, first.boards_per_round) == ("howell", "standard", 9, 3)
    assert first.name == "Standard 5-table Howell" and first.standard and first.usual
    assert first.reason.startswith("the published movement")
    assert "4 bye stands between tables 1 and 5" in first.reason
    assert validate(first.movement()).ok
    generated = suggestions[1]
    assert (generated.kind, generated.variant, generated.rounds, generated.name) == ("howell", None, 9, "Howell")
    assert not generated.standard


def test_the_generated_howell_card_says_when_boards_set_aside_come_back() -> None:
    m = generate("howell", 10, boards_per_round=3)
    words = {m.boards_next(r, t) for r in range(1, 9) for t in range(1, 6)}
    assert any(w.startswith("aside till round ") for w in words)
    assert words <= {
        "out of play (finished)",
        *(f"table {t}" for t in range(1, 6)),
        *(f"aside till round {r}" for r in range(3, 10)),
    }
    for r in range(1, 9):
        for t in range(1, 6):
            w = m.boards_next(r, t)
            if w == "out of play (finished)":  # a set whose five plays are over
                assert not any(
                    row.boards == m.row_at(r, t).boards for q in range(r + 1, 10) for row in m.rows_for_round(q)
                )
            if w.startswith("aside till round "):
                back = int(w.rsplit(" ", 1)[1])
                boards = m.row_at(r, t).boards
                assert back > r + 1
                assert not any(row.boards == boards for row in m.rows_for_round(r + 1))
                assert any(row.boards == boards for row in m.rows_for_round(back))


def test_a_fourteen_pair_mitchell_of_three_rounds_of_eight_is_marked_unusual_and_last() -> None:
    suggestions = suggest(14)
    odd = next(s for s in suggestions if (s.kind, s.variant, s.rounds, s.boards_per_round) == ("mitchell", None, 3, 8))
    assert not odd.usual
    assert odd.reason.startswith("unusual: each pair meets only 3 of the 7 pairs of the other direction")
    assert "8 boards a round" in odd.reason
    usual = [s.usual for s in suggestions]
    assert usual == sorted(usual, reverse=True)  # every usual one before any unusual one
    assert suggestions[0].usual and suggestions[0].kind == "howell"
