"""The validator finds each kind of fault, and passes the movement tables other programs publish."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tournaments.movements import (
    Movement,
    Row,
    generate,
    howell,
    load_bridgescorer_yaml,
    load_howellki,
    mitchell,
    validate,
)


def _with_rows(movement: Movement, rows: list[Row]) -> Movement:
    return replace(movement, rows=tuple(rows))


def _swap(movement: Movement, r: int, t: int, **changes: object) -> Movement:
    rows = [replace(row, **changes) if (row.round, row.table) == (r, t) else row for row in movement.rows]  # type: ignore[arg-type]
    return _with_rows(movement, rows)


def test_a_pair_seated_twice_in_a_round() -> None:
    broken = _swap(mitchell(14), 1, 2, ew="1EW")
    errors = validate(broken).errors
    assert "Round 1: 1EW is seated at 2 tables." in errors


def test_a_pair_playing_a_board_twice() -> None:
    movement = mitchell(14)
    # 1NS gets round 1's boards again in round 2.
    broken = _swap(movement, 2, 1, boards=movement.row_at(1, 1).boards)
    report = validate(broken)
    assert any(e.startswith("1NS plays board 1 2 times") for e in report.errors)


def test_pairs_meeting_twice() -> None:
    movement = mitchell(14)
    broken = _swap(movement, 2, 1, ew="1EW")  # 1NS v 1EW again; 1EW now also seated twice
    report = validate(broken)
    assert "1EW and 1NS meet 2 times." in report.errors


def test_a_meeting_missing_from_a_complete_movement() -> None:
    movement = howell(8)
    rows = [row for row in movement.rows if not (row.round == 1 and row.table == 1)]
    report = validate(_with_rows(movement, rows))
    assert any("never meet" in e for e in report.errors)
    # Without the promise, a missing meeting is not an error.
    assert not any("never meet" in e for e in validate(_with_rows(movement, rows), expect_all_meet=False).errors)


def test_boards_at_two_tables_only_when_shared_by_design() -> None:
    movement = mitchell(16)  # relay: tables 1 and 8 share
    assert validate(movement).ok
    undeclared = replace(movement, shares=())
    errors = validate(undeclared).errors
    assert any("is at tables 1, 8 at once" in e for e in errors)
    # Sharing between other tables is still caught on a movement with a declared relay.
    row_2 = movement.row(1, 2)
    assert row_2 is not None
    broken = _swap(movement, 1, 3, boards=row_2.boards)
    assert any("at tables 2, 3 at once" in e for e in validate(broken).errors)


def test_shape_errors() -> None:
    movement = howell(6)
    extra = Row(1, 1, "1", "2", (99,))
    errors = validate(_with_rows(movement, [*movement.rows, extra])).errors
    assert "Round 1, table 1 appears 2 times." in errors
    outside = Row(9, 7, "1", "2", (98,))
    errors = validate(_with_rows(movement, [*movement.rows, outside])).errors
    assert "A row is in round 9, outside rounds 1 to 5." in errors
    assert "A row is at table 7, outside tables 1 to 3." in errors


def test_comparisons_count_plays_not_sit_outs() -> None:
    report = validate(mitchell(13, boards_per_round=1))  # 7 tables, one empty each round
    assert report.comparisons == {b: 6 for b in range(1, 8)}


# --- the tables other programs publish --------------------------------------------------------------


def _yaml_files(root: Path) -> list[Path]:
    return sorted((root / "bridgescorer-yaml").glob("*.yaml"))


def test_every_bridgescorer_movement_is_sound(realdata: Path) -> None:
    files = _yaml_files(realdata)
    assert len(files) >= 20
    for path in files:
        movement = load_bridgescorer_yaml(path)
        report = validate(movement)
        assert report.ok, (path.name, report.errors)
        assert movement.rows


def test_bridgescorer_relays_are_caught_unless_declared(realdata: Path) -> None:
    movement = load_bridgescorer_yaml(realdata / "bridgescorer-yaml" / "Movement.Howell06T3B15Relay.yaml")
    assert movement.shares  # the file is a relay movement: all three tables play boards 13-15 in round 5
    assert any(s.round == 5 and s.tables == (1, 2, 3) for s in movement.shares)
    errors = validate(replace(movement, shares=())).errors
    assert any("board 13 is at tables 1, 2, 3 at once" in e for e in errors)


def test_bridgescorer_two_table_movements_meet_twice_by_design(realdata: Path) -> None:
    movement = load_bridgescorer_yaml(realdata / "bridgescorer-yaml" / "Movement.Howell04T2B18.yaml")
    assert movement.rounds == 6 and not movement.meet_once
    errors = validate(replace(movement, meet_once=True)).errors
    assert "1 and 2 meet 2 times." in errors


def test_bridgescorer_mitchell_matches_ours(realdata: Path) -> None:
    theirs = load_bridgescorer_yaml(realdata / "bridgescorer-yaml" / "Movement.Mitchell3Table.yaml")
    ours = mitchell(6, boards_per_round=6)
    assert validate(theirs).ok and theirs.all_meet
    # Same shape: NS pairs stay, each set is played at all three tables, 18 boards.
    assert theirs.board_count == ours.board_count == 18
    assert validate(theirs).comparisons == validate(ours).comparisons


def _howellki_keys(root: Path) -> list[str]:
    return list(json.loads((root / "howellki" / "movements.json").read_text()))


def test_every_howellki_movement_is_sound_in_both_forms(realdata: Path) -> None:
    keys = _howellki_keys(realdata)
    assert len(keys) == 69
    for key in keys:
        from_csv = load_howellki(realdata / "howellki" / "howellki_explicit.csv", key)
        from_json = load_howellki(realdata / "howellki" / "movements.json", key)
        assert from_csv.rows == from_json.rows, key  # the compact form expands to the explicit one
        report = validate(from_csv)
        assert report.ok, (key, report.errors)


@pytest.mark.parametrize("tables", range(4, 13))  # howellki's complete Howells: 4 to 12 tables
def test_complete_howells_agree_with_kops(realdata: Path, tables: int) -> None:
    """Our Howell and the KoPS one for the same tables have the same meetings and comparisons per set."""
    key = f"{tables}-{2 * tables - 1}"
    assert key in _howellki_keys(realdata)
    theirs = load_howellki(realdata / "howellki" / "howellki_explicit.csv", key, boards_per_round=2)
    ours = howell(2 * tables, boards_per_round=2)
    assert theirs.all_meet and ours.all_meet
    assert (theirs.tables, theirs.rounds) == (ours.tables, ours.rounds)
    assert validate(theirs).meetings == validate(ours).meetings == tables * (2 * tables - 1)
    assert sorted(validate(theirs).comparisons.values()) == sorted(validate(ours).comparisons.values())


@pytest.mark.parametrize("kind", ["mitchell", "howell", "individual", "teams", "replay"])
def test_validator_runs_on_every_kind(kind: str) -> None:
    pairs = {"mitchell": 20, "howell": 20, "individual": 12, "teams": 4, "replay": 2}[kind]
    assert validate(generate(kind, pairs)).ok
