"""Howell movements: everyone meets everyone once, nobody replays a board set, sets at one table a round."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.movements import MovementError, howell, validate
from tournaments.movements.howell import rotation_offsets


@pytest.mark.parametrize("pairs", range(3, 61))
def test_complete_howell_is_sound(pairs: int) -> None:
    movement = howell(pairs)
    report = validate(movement)
    assert report.ok, report.errors
    full = pairs + pairs % 2
    assert movement.tables == full // 2 and movement.rounds == full - 1
    assert movement.all_meet
    # Every pair meets every other pair exactly once: count the meetings directly.
    met: Counter[frozenset[str]] = Counter()
    for row in movement.rows:
        if row.ns and row.ew:
            met[frozenset((row.ns, row.ew))] += 1
    assert set(met) == {frozenset(p) for p in combinations([str(i) for i in range(1, pairs + 1)], 2)}
    assert set(met.values()) == {1}
    # Each set is played by every pair once: as many times as there are tables with two pairs.
    tables_playing = full // 2 - pairs % 2
    assert set(report.comparisons.values()) == {tables_playing}


@pytest.mark.parametrize("pairs", range(7, 61))
def test_no_relays_from_four_tables_up(pairs: int) -> None:
    movement = howell(pairs)
    assert movement.shares == ()
    assert movement.board_count == movement.rounds * movement.boards_per_round


@pytest.mark.parametrize("pairs", [3, 4, 5, 6])
def test_small_howells_share_boards_only_by_design(pairs: int) -> None:
    movement = howell(pairs)
    assert movement.shares  # no relay-free schedule exists on 2 or 3 tables with whole sets
    assert validate(movement).ok  # the validator accepts the sharing because it is declared


def test_rotation_offsets_exist_except_for_the_known_gaps() -> None:
    # Strong starters exist for every odd order except 3, 5 and 9.
    assert [m for m in range(3, 60, 2) if rotation_offsets(m) is None] == [3, 5, 9]
    for m in (7, 11, 25, 59):
        offsets = rotation_offsets(m)
        assert offsets is not None
        h = (m - 1) // 2
        covered = [offsets[0]] + [(offsets[d] + s * d) % m for d in range(1, h + 1) for s in (1, -1)]
        assert sorted(covered) == list(range(m))
        assert len(set(offsets)) == h + 1


def test_odd_pairs_sit_out_at_the_last_table() -> None:
    movement = howell(11)
    assert movement.phantom == "12"
    for r in range(1, movement.rounds + 1):
        assert len(movement.sit_outs(r)) == 1
        last = movement.row(r, movement.tables)
        assert last is not None and None in (last.ns, last.ew)
    assert sorted(s for r in range(1, 12) for s in movement.sit_outs(r)) == sorted(str(i) for i in range(1, 12))


@pytest.mark.parametrize("pairs", range(8, 61, 2))
def test_three_quarter_howell(pairs: int) -> None:
    movement = howell(pairs, variant="three-quarter")
    full_rounds = pairs - 1
    assert movement.rounds == -(-3 * full_rounds // 4)
    report = validate(movement)
    assert report.ok, report.errors
    assert not movement.all_meet
    assert validate(movement, expect_all_meet=True).ok is False  # not everyone meets


@pytest.mark.parametrize("rounds", range(1, 10))
def test_any_number_of_rounds_on_five_tables(rounds: int) -> None:
    assert validate(howell(10, rounds=rounds, boards_per_round=3)).ok


def test_guide_card_answers() -> None:
    movement = howell(8, boards_per_round=3)
    card = movement.card("1")
    assert len(card) == 7 and all(seat is not None for seat in card)
    opponents = {seat.opponents for seat in card if seat is not None}
    assert opponents == {"2", "3", "4", "5", "6", "7", "8"}
    sets = {seat.boards for seat in card if seat is not None}
    assert len(sets) == 7
    # Directions are balanced enough for a one-winner field.
    ns = sum(1 for seat in card if seat is not None and seat.direction == "NS")
    assert 2 <= ns <= 5


@pytest.mark.parametrize(
    ("pairs", "kwargs", "message"),
    [
        (2, {}, "at least 3 pairs"),
        (8, {"rounds": 8}, "at most 7 rounds"),
        (8, {"variant": "relay"}, "Unknown Howell variant"),
    ],
)
def test_impossible_howells(pairs: int, kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(MovementError, match=message):
        howell(pairs, **kwargs)  # type: ignore[arg-type]
