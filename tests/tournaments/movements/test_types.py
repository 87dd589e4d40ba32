"""The Movement object as others use it: the JSON shape, entries, boards and the guide-card questions."""

from __future__ import annotations

import json

from tournaments.movements import Seat, howell, individual, mitchell, replay, teams


def test_json_shape_is_exactly_the_interchange_one() -> None:
    movement = mitchell(15, boards_per_round=2)
    data = json.loads(json.dumps(movement.to_json()))
    assert list(data) == ["kind", "pairs", "tables", "rounds", "boards_per_round", "rows"]
    assert (data["kind"], data["pairs"], data["tables"], data["rounds"], data["boards_per_round"]) == (
        "mitchell",
        15,
        8,
        8,
        2,
    )
    assert len(data["rows"]) == 8 * 8  # one row per table per round
    for row in data["rows"]:
        assert list(row) == ["round", "table", "ns", "ew", "boards"]
        assert row["ns"] is None or isinstance(row["ns"], str)
        assert all(isinstance(b, int) for b in row["boards"])
    assert [(r["round"], r["table"]) for r in data["rows"]] == [(r, t) for r in range(1, 9) for t in range(1, 9)]
    sit_out = [r for r in data["rows"] if r["ns"] is None]
    assert len(sit_out) == 8 and all(r["table"] == 8 for r in sit_out)


def test_entries_are_labelled_by_kind() -> None:
    assert mitchell(6).entries() == ["1NS", "2NS", "3NS", "1EW", "2EW", "3EW"]
    assert mitchell(22).entries()[:3] == ["1NS", "2NS", "3NS"] and mitchell(22).entries()[10] == "11NS"
    assert howell(7).entries() == [str(i) for i in range(1, 8)]
    assert individual(8).entries() == [str(i) for i in range(1, 9)]
    assert teams().entries() == ["1A", "1B", "2A", "2B"]
    assert replay().entries() == ["1", "2"]


def test_boards_and_board_count() -> None:
    movement = mitchell(14, boards_per_round=3)
    assert movement.boards() == list(range(1, 22)) and movement.board_count == 21
    assert movement.board_sets[0] == (1, 2, 3)


def test_where_does_a_pair_play_and_go_next() -> None:
    movement = mitchell(14, boards_per_round=2)
    assert movement.seat("2EW", 3) == Seat(round=3, table=4, direction="EW", opponents="4NS", boards=(11, 12))
    assert movement.next_seat("2EW", 3) == movement.seat("2EW", 4)
    assert movement.next_seat("2EW", 7) is None
    assert movement.boards_next(3, 4) == "table 3"
    assert movement.seat("9NS", 1) is None
    sit = howell(5).card("1")
    assert sum(1 for seat in sit if seat is not None and seat.sits_out) == 1


def test_rows_for_round_in_table_order() -> None:
    rows = howell(12).rows_for_round(4)
    assert [row.table for row in rows] == list(range(1, 7))
    assert all(row.round == 4 for row in rows)


def test_generate_dispatches_and_refuses_unknown_kinds() -> None:
    import pytest

    from tournaments.movements import MovementError, generate

    assert generate("howell", 8, boards_per_round=3) == howell(8, boards_per_round=3)
    assert generate("mitchell", 14, variant="arrow-switch").winners == 1
    with pytest.raises(MovementError, match="Unknown movement 'chess'"):
        generate("chess", 8)
