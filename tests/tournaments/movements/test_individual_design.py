"""The movement designer's individuals (four players a table): the shipped individuals read from their grid and
back are proved sound by the designer's validator, and each thing that is wrong for an individual is named."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import MovementError, load_bridgescorer_yaml, validate
from tournaments.movements.designer import check_design, design_from_grid, grid_of
from tournaments.movements.individual import individual
from tournaments.movements.writers import pair_numbers, write_bridgescorer_yaml, write_howellki_csv

SHIPPED = [(players, rounds) for players in (8, 12) for rounds in range(1, players)]


def _design(grid: dict[str, str], movement) -> object:
    return design_from_grid(grid, kind="individual", rounds=movement.rounds, tables=movement.tables)


@pytest.mark.parametrize(("players", "rounds"), SHIPPED)
def test_every_shipped_individual_is_sound_through_the_designer(players: int, rounds: int) -> None:
    movement = individual(players, rounds=rounds)
    again = _design(grid_of(movement), movement)
    assert [r.to_json() for r in again.rows] == [r.to_json() for r in movement.rows]
    check = check_design(again)
    assert check.ok, check.errors
    assert validate(again).ok
    assert again.pairs == players and again.all_meet == (rounds == players - 1)


@pytest.mark.parametrize("players", [8, 12])
def test_the_full_individuals_have_no_warning(players: int) -> None:
    movement = individual(players)
    check = check_design(_design(grid_of(movement), movement))
    assert check.ok and check.warnings == []


def test_a_player_in_two_seats_is_named() -> None:
    movement = individual(8)
    grid = grid_of(movement)
    grid["r1t2w"] = grid["r1t1n"]  # the anchor also typed at table 2 West
    check = check_design(_design(grid, movement))
    assert f"Round 1: player {grid['r1t1n']} sits in 2 seats." in check.errors


def test_partners_twice_and_opponents_out_of_balance_are_named() -> None:
    movement = individual(8)
    grid = grid_of(movement)
    for seat in "nsewb":  # round 2 at table 1 typed again as round 1's
        grid[f"r2t1{seat}"] = grid[f"r1t1{seat}"]
    check = check_design(_design(grid, movement))
    n, s = grid["r1t1n"], grid["r1t1s"]
    low, high = sorted((n, s), key=int)
    assert f"Players {low} and {high} partner each other 2 times." in check.errors
    assert any("are opponents" in e and "not twice" in e for e in check.errors)  # the full individual's promise
    assert any(f"plays board {grid['r1t1b'].split('-')[0]} 2 times" in e for e in check.errors)


def test_a_cut_down_individual_out_of_balance_is_a_warning() -> None:
    movement = individual(8, rounds=3)
    check = check_design(_design(grid_of(movement), movement))
    assert check.ok and any("opposes some players 2 times and others 0 times" in w for w in check.warnings)


def test_overlapping_board_sets_and_unbalanced_comparisons() -> None:
    grid = {"r1t1n": "1", "r1t1s": "2", "r1t1e": "3", "r1t1w": "4", "r1t1b": "1-3"}
    grid |= {"r1t2n": "5", "r1t2s": "6", "r1t2e": "7", "r1t2w": "8", "r1t2b": "3-4"}
    check = check_design(design_from_grid(grid, kind="individual", rounds=1, tables=2))
    assert any("board 3 is at tables 1, 2 at once" in e for e in check.errors)
    assert any("Unbalanced comparisons" in w for w in check.warnings)


def test_half_a_partnership_is_refused_and_a_side_alone_sits_out() -> None:
    with pytest.raises(MovementError, match="seat both players"):
        design_from_grid({"r1t1n": "1", "r1t1e": "3", "r1t1w": "4"}, kind="individual", rounds=1, tables=1)
    alone = design_from_grid({"r1t1n": "1", "r1t1s": "2", "r1t1b": "1"}, kind="individual", rounds=1, tables=1)
    assert alone.sit_outs(1) == ["1", "2"]


@given(st.dictionaries(st.sampled_from(["r1t1n", "r1t1s", "r1t1e", "r1t1w", "r1t1b", "r2t2n"]), st.text(max_size=6)))
@settings(max_examples=200, deadline=None)
def test_any_typed_individual_grid_is_read_or_refused_with_a_message(values: dict[str, str]) -> None:
    try:
        movement = design_from_grid(values, kind="individual", rounds=2, tables=2)
    except MovementError as error:
        assert str(error)
    else:
        check_design(movement)


@pytest.mark.parametrize("players", [8, 12])
def test_the_yaml_with_seats_carries_an_individual_and_the_csv_cannot(players: int, tmp_path) -> None:
    movement = individual(players)
    text = write_bridgescorer_yaml(movement, "Club individual")
    assert 'name: "IndividualClubindividual"' in text and "  north: " in text and "  ns: " not in text
    path = tmp_path / "individual.yaml"
    path.write_text(text, encoding="utf-8")
    back = load_bridgescorer_yaml(path)
    assert back.kind == "individual" and [r.to_json() for r in back.rows] == [r.to_json() for r in movement.rows]
    assert check_design(back).ok
    for writer in (write_howellki_csv, pair_numbers):
        with pytest.raises(MovementError, match="individual"):
            writer(movement)


@pytest.mark.parametrize(
    ("grid", "kind"),
    [({"r1t1n": "²"}, "individual"), ({"r1t1ns": "²"}, "howell"), ({"r1t1ns": "1", "r1relay": "1, ²"}, "howell")],
)
def test_a_digit_that_is_not_a_number_is_refused_with_a_message(grid: dict[str, str], kind: str) -> None:
    with pytest.raises(MovementError, match="not"):  # "²".isdigit() is true, int("²") fails
        design_from_grid(grid, kind=kind, rounds=1, tables=2)
