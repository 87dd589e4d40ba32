"""Movement files: what we write, the loaders read back as the same movement (same meetings, boards, sharing);
the real files from other programs survive a write and a read; the shapes are checked on small files of our own."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from tournaments.movements import (
    Movement,
    MovementError,
    generate,
    individual,
    load_bridgescorer_yaml,
    load_howellki,
    validate,
)
from tournaments.movements.writers import pair_numbers, write_bridgescorer_yaml, write_howellki_csv


def _shape(movement: Movement) -> set[tuple[int, int, frozenset[str], tuple[int, ...]]]:
    """The played rows with labels turned into the numbers the files use (sit-outs are implied by absence)."""
    numbers = pair_numbers(movement)
    return {
        (row.round, row.table, frozenset((str(numbers[row.ns]), str(numbers[row.ew]))), row.boards)
        for row in movement.rows
        if row.ns is not None and row.ew is not None
    }


CASES = [
    ("howell", 10, None),
    ("howell", 9, None),
    ("howell", 5, None),  # tables share boards: written as a Relay movement
    ("howell", 12, "half"),
    ("mitchell", 14, None),
    ("mitchell", 16, "relay"),
    ("web", 52, None),
    ("hesitation", 14, None),
    ("rover", 15, None),
    ("share-relay", 16, None),
]


@pytest.mark.parametrize(("kind", "pairs", "variant"), CASES)
def test_yaml_round_trip(tmp_path: Path, kind: str, pairs: int, variant: str | None) -> None:
    movement = generate(kind, pairs, variant=variant)
    path = tmp_path / "Movement.Ours.yaml"
    path.write_text(write_bridgescorer_yaml(movement, "Club night"), encoding="utf-8")
    loaded = load_bridgescorer_yaml(path)
    assert loaded.kind == movement.kind
    assert _shape(loaded) == _shape(movement)
    assert validate(loaded).ok, validate(loaded).errors


@pytest.mark.parametrize(("kind", "pairs", "variant"), CASES)
def test_howellki_csv_round_trip(tmp_path: Path, kind: str, pairs: int, variant: str | None) -> None:
    movement = generate(kind, pairs, variant=variant)
    text = write_howellki_csv(movement)
    path = tmp_path / "ours.csv"
    path.write_text(text, encoding="utf-8")
    key = next(csv.DictReader(io.StringIO(text)))["movement"]
    loaded = load_howellki(path, key, boards_per_round=movement.boards_per_round)
    assert _shape(loaded) == _shape(movement)
    assert loaded.kind == movement.kind


def test_yaml_shape_on_a_small_file_of_our_own() -> None:
    text = write_bridgescorer_yaml(generate("howell", 4, boards_per_round=1), "Home game")
    lines = text.splitlines()
    assert lines[:2] == ["---", 'name: "HowellHomegameRelay"']  # two tables share boards: a relay
    assert "numberTeams: 4" in lines and "hands:" in lines
    first = lines.index("hands:") + 1
    assert lines[first].startswith("- table: 1") and lines[first + 1] == "  round: 1"
    assert lines[first + 4 : first + 6] == ["  boards:", "  - " + lines[first + 5].split()[-1]]


def test_csv_shape_and_mitchell_numbering() -> None:
    movement = generate("mitchell", 6)  # 3 tables: NS pairs 1-3, EW pairs written as 4-6
    rows = list(csv.reader(io.StringIO(write_howellki_csv(movement))))
    assert rows[0] == ["movement", "round", "table", "ns_pair", "ew_pair", "board_set"]
    assert rows[1] == ["3-3-M", "1", "1", "1", "4", "1"]
    assert len(rows) == 1 + 9


def test_sit_outs_are_left_out() -> None:
    movement = generate("howell", 9)
    text = write_howellki_csv(movement)
    played = sum(1 for row in movement.rows if row.played)
    assert text.count("\n") == 1 + played < 1 + len(movement.rows)


def test_an_individual_cannot_be_written() -> None:
    with pytest.raises(MovementError, match="individual"):
        write_howellki_csv(individual(8))


def test_real_bridgescorer_files_survive_a_write_and_a_read(realdata: Path, tmp_path: Path) -> None:
    files = sorted((realdata / "bridgescorer-yaml").glob("Movement.*.yaml"))
    assert files
    for source in files:
        original = load_bridgescorer_yaml(source)
        copy = tmp_path / source.name
        copy.write_text(write_bridgescorer_yaml(original, source.stem.split(".", 1)[1]), encoding="utf-8")
        again = load_bridgescorer_yaml(copy)
        assert _shape(again) == _shape(original), source.name
        assert validate(again).ok == validate(original).ok, source.name


def test_real_howellki_movements_survive_a_write_and_a_read(realdata: Path, tmp_path: Path) -> None:
    source = realdata / "howellki" / "howellki_explicit.csv"
    keys = sorted({record["movement"] for record in csv.DictReader(source.open(encoding="utf-8"))})
    assert len(keys) > 20
    for key in keys[:40]:
        original = load_howellki(source, key)
        copy = tmp_path / f"{key}.csv"
        copy.write_text(write_howellki_csv(original, key), encoding="utf-8")
        assert _shape(load_howellki(copy, key)) == _shape(original), key
