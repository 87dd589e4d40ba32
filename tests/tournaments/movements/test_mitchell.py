"""Mitchell movements against the laws' descriptions, for every field size from 6 to 60 pairs."""

from __future__ import annotations

import pytest

from tournaments.movements import MovementError, mitchell, validate

ALL_PAIRS = range(6, 61)


def _even_tables(pairs: int) -> bool:
    return ((pairs + 1) // 2) % 2 == 0


@pytest.mark.parametrize("pairs", ALL_PAIRS)
def test_default_mitchell_is_sound_and_complete(pairs: int) -> None:
    movement = mitchell(pairs)
    report = validate(movement)
    assert report.ok, report.errors
    tables = (pairs + 1) // 2
    assert movement.tables == tables
    assert movement.rounds == tables
    assert movement.all_meet and movement.winners == 2
    assert len(movement.rows) == tables * tables  # one row per table per round
    # Every board is played once per complete pair of opponents: the number of NS pairs present,
    # except with a half table, where one table is empty each round.
    expected = tables - (pairs % 2)
    assert set(report.comparisons.values()) == {expected}


@pytest.mark.parametrize("pairs", [p for p in ALL_PAIRS if _even_tables(p)])
@pytest.mark.parametrize("variant", ["relay", "skip", "arrow-switch"])
def test_even_table_variants_are_sound(pairs: int, variant: str) -> None:
    movement = mitchell(pairs, variant=variant, boards_per_round=3)
    assert validate(movement).ok


@pytest.mark.parametrize("pairs", [p for p in ALL_PAIRS if not _even_tables(p)])
def test_odd_table_arrow_switch_is_sound(pairs: int) -> None:
    movement = mitchell(pairs, variant="arrow-switch")
    assert validate(movement).ok
    assert movement.winners == 1


def test_odd_tables_follow_the_plain_progression() -> None:
    movement = mitchell(14, boards_per_round=2)  # 7 tables
    for r in range(1, 8):
        for row in movement.rows_for_round(r):
            # NS pairs stay; EW pairs move up one table a round; boards move down one table.
            assert row.ns == f"{row.table}NS"
            assert row.ew == f"{(row.table - r) % 7 + 1}EW"
            if r > 1:
                lower = movement.row(r, row.table - 1 if row.table > 1 else 7)
                previous = movement.row(r - 1, row.table)
                assert lower is not None and previous is not None
                assert lower.boards == previous.boards  # the boards went down one table
    assert movement.row_at(1, 1).boards == (1, 2)
    assert movement.row_at(1, 7).boards == (13, 14)


def test_relay_and_bye_stand_as_the_laws_describe() -> None:
    movement = mitchell(16, boards_per_round=2)  # 8 tables
    assert movement.variant == "relay"
    first = {row.table: row.boards for row in movement.rows_for_round(1)}
    # Sets 1..4 on tables 1..4, set 5 on the stand between tables 4 and 5, sets 6..8 on tables 5..7,
    # and the last table shares table 1's boards.
    assert [first[t] for t in range(1, 5)] == [(1, 2), (3, 4), (5, 6), (7, 8)]
    assert movement.bye_stands[0].between == (4, 5) and movement.bye_stands[0].boards == (9, 10)
    assert [first[t] for t in range(5, 8)] == [(11, 12), (13, 14), (15, 16)]
    assert first[8] == first[1]
    for r in range(1, movement.rounds + 1):
        assert movement.row_at(r, 1).boards == movement.row_at(r, 8).boards
        assert movement.shared_tables(r, 1) == (8,)
        # Table 5's boards go to the stand; table 4 takes the set that was on the stand.
        if r < movement.rounds:
            stand_next = movement.bye_stands[r]
            assert stand_next.boards == movement.row_at(r, 5).boards
            assert movement.row_at(r + 1, 4).boards == movement.bye_stands[r - 1].boards
            # The relay boards go to the next-to-last table.
            assert movement.row_at(r + 1, 7).boards == movement.row_at(r, 1).boards
    assert movement.boards_next(1, 5) == "bye stand between tables 4 and 5"
    assert movement.boards_next(1, 1) == "table 7"


def test_skip_mitchell_skips_after_half_the_rounds() -> None:
    movement = mitchell(12, variant="skip")  # 6 tables
    assert movement.rounds == 5  # a sixth round would meet the first NS pair again
    assert not movement.shares and not movement.bye_stands
    seat_3 = movement.seat("1EW", 3)
    seat_4 = movement.seat("1EW", 4)
    assert seat_3 is not None and seat_4 is not None
    assert seat_3.table == 3 and seat_4.table == 5  # moved up two tables after round 3
    assert not movement.all_meet
    with pytest.raises(MovementError, match="at most 5 rounds"):
        mitchell(12, variant="skip", rounds=6)


def test_half_table_the_odd_pair_sits_out_in_turn() -> None:
    movement = mitchell(13)  # 6.5 tables: arranged as 7 tables
    assert movement.tables == 7 and movement.phantom == "7NS"
    first = movement.row(1, 7)
    assert first is not None and first.ns is None and first.ew == "7EW"  # sits out round 1
    sat_out = [movement.sit_outs(r) for r in range(1, 8)]
    assert all(len(s) == 1 for s in sat_out)
    assert sorted(s[0] for s in sat_out) == sorted(f"{n}EW" for n in range(1, 8))
    assert sat_out[1] == ["6EW"]  # the odd pair moved to table 1 after round 1; 6EW reached table 7
    seat = movement.seat("7EW", 2)
    assert seat is not None and seat.table == 1
    assert "7NS" not in movement.entries()


def test_half_table_with_relay_has_no_sharing() -> None:
    movement = mitchell(15)  # 7.5 tables: the 8-table arrangement, the last table is the half table
    assert validate(movement).ok
    assert not movement.shares and movement.bye_stands
    assert all(movement.row_at(r, 8).boards == () for r in range(1, 9))


def test_arrow_switch_turns_the_last_quarter() -> None:
    movement = mitchell(18, variant="arrow-switch")  # 9 tables
    assert movement.arrow_switch_rounds == (8, 9)
    row = movement.row(9, 3)
    assert row is not None and row.ns is not None and row.ns.endswith("EW") and row.ew == "3NS"
    seat = movement.seat("3NS", 9)
    assert seat is not None and seat.direction == "EW"
    assert movement.winners == 1


@pytest.mark.parametrize(
    ("pairs", "kwargs", "message"),
    [
        (5, {}, "at least 6 pairs"),
        (14, {"variant": "relay"}, "even number of tables"),
        (14, {"variant": "zigzag"}, "Unknown Mitchell variant"),
        (14, {"rounds": 8}, "at most 7 rounds"),
        (14, {"boards_per_round": 0}, "at least 1"),
    ],
)
def test_impossible_requests_are_refused(pairs: int, kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(MovementError, match=message):
        mitchell(pairs, **kwargs)  # type: ignore[arg-type]


def test_fewer_rounds_and_boards_per_round_are_configurable() -> None:
    movement = mitchell(30, boards_per_round=2, rounds=13)  # 15 tables, 13 rounds: 26 boards
    assert movement.rounds == 13 and movement.boards_per_round == 2
    assert validate(movement).ok
    assert not movement.all_meet
    assert all(len(row.boards) == 2 for row in movement.rows)
