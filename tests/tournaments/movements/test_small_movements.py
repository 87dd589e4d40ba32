"""Individual (8 and 12 players), the team-of-four match and replay duplicate, as the laws describe them."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.movements import MovementError, individual, participants, replay, teams, validate


@pytest.mark.parametrize(("players", "rounds"), [(8, 7), (12, 11)])
def test_individual_partners_once_opponents_twice(players: int, rounds: int) -> None:
    movement = individual(players)
    assert movement.rounds == rounds and movement.tables == players // 4
    assert validate(movement).ok
    partners: Counter[frozenset[str]] = Counter()
    opponents: Counter[frozenset[str]] = Counter()
    for row in movement.rows:
        assert row.ns is not None and row.ew is not None
        ns, ew = participants(row.ns), participants(row.ew)
        assert len(ns) == len(ew) == 2
        partners[frozenset(ns)] += 1
        partners[frozenset(ew)] += 1
        for a in ns:
            for b in ew:
                opponents[frozenset((a, b))] += 1
    everyone = [str(p) for p in range(1, players + 1)]
    assert movement.entries() == everyone
    for a, b in combinations(everyone, 2):
        assert partners[frozenset((a, b))] == 1
        assert opponents[frozenset((a, b))] == 2


@pytest.mark.parametrize("players", [8, 12])
def test_individual_anchor_and_progression(players: int) -> None:
    movement = individual(players)
    m = players - 1
    for r in range(1, movement.rounds + 1):
        first = movement.row(r, 1)
        assert first is not None and first.ns is not None
        assert participants(first.ns)[0] == str(players)  # the anchor keeps North at table 1
        # Everyone plays the round's one set, at every table.
        assert {row.boards for row in movement.rows_for_round(r)} == {movement.row_at(r, 1).boards}
    # Each player takes the seat the player of next-lower number had (player 1 follows player 7 / 11).
    for r in range(1, movement.rounds):
        for player in range(1, players):
            before = _seat_of(movement, str(player - 1 if player > 1 else m), r)
            after = _seat_of(movement, str(player), r + 1)
            assert before == after


def _seat_of(movement: object, player: str, r: int) -> tuple[int, int]:
    from tournaments.movements import Movement

    assert isinstance(movement, Movement)
    for row in movement.rows_for_round(r):
        for side, label in enumerate((row.ns, row.ew)):
            if label is not None and player in participants(label):
                return row.table, 2 * side + participants(label).index(player)
    raise AssertionError(f"player {player} not seated in round {r}")


def test_individual_boards_configurable_and_errors() -> None:
    assert individual(8, boards_per_round=4).board_count == 28
    assert individual(12).board_count == 33
    with pytest.raises(MovementError, match="8 or 12 players"):
        individual(10)


def test_team_of_four_match_as_the_laws_describe() -> None:
    movement = teams(4, boards_per_round=3)
    assert movement.tables == 2 and movement.rounds == 4 and movement.board_count == 12
    report = validate(movement)
    assert report.ok, report.errors
    r1t1, r1t2 = movement.rows_for_round(1)
    # One pair of team 1 NS at table 1, the other EW at table 2; team 2 in the remaining seats.
    assert (r1t1.ns, r1t1.ew, r1t2.ns, r1t2.ew) == ("1A", "2A", "2B", "1B")
    # The tables exchange boards and replay them.
    r2t1, r2t2 = movement.rows_for_round(2)
    assert r2t1.boards == r1t2.boards and r2t2.boards == r1t1.boards
    # Then team 2's pairs exchange places and the remaining boards are divided between the tables.
    r3t1, r3t2 = movement.rows_for_round(3)
    assert (r3t1.ns, r3t1.ew, r3t2.ns, r3t2.ew) == ("1A", "2B", "2A", "1B")
    assert set(r3t1.boards + r3t2.boards).isdisjoint(r1t1.boards + r1t2.boards)
    # Every board is played at both tables: once by each team in each direction.
    assert set(report.comparisons.values()) == {2}
    with pytest.raises(MovementError, match="two teams"):
        teams(6)
    with pytest.raises(MovementError, match="pairs of rounds"):
        teams(4, rounds=3)


def test_replay_duplicate_turns_the_boards() -> None:
    movement = replay(2, boards_per_round=8)
    report = validate(movement)
    assert report.ok, report.errors
    first, second = movement.rows_for_round(1)[0], movement.rows_for_round(2)[0]
    assert first.boards == second.boards
    assert (first.ns, first.ew) == ("1", "2") and (second.ns, second.ew) == ("2", "1")
    assert set(report.comparisons.values()) == {2}
    with pytest.raises(MovementError, match="four players"):
        replay(3)


@pytest.mark.parametrize("rounds", range(1, 11))
def test_cut_down_individual_is_sound(rounds: int) -> None:
    movement = individual(12, rounds=rounds)
    assert validate(movement).ok
    assert not validate(movement, expect_all_meet=True).ok  # not everyone has partnered everyone


def test_individual_validator_catches_a_second_partnership() -> None:
    from dataclasses import replace

    movement = individual(8)
    rows = list(movement.rows)
    first = rows[0]
    assert first.ns is not None
    # Seat round 2's table 1 with round 1's North-South partnership again.
    rows = [replace(row, ns=first.ns) if (row.round, row.table) == (2, 1) else row for row in rows]
    errors = validate(replace(movement, rows=tuple(rows))).errors
    north, south = participants(first.ns)
    assert any(
        f"Players {min(north, south, key=int)} and {max(north, south, key=int)} are partners 2" in e for e in errors
    )
