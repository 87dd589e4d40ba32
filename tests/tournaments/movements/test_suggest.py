"""Suggestions for the pairs present and the time available: only sound movements, best first, with reasons."""

from __future__ import annotations

import pytest

from tournaments.movements import MovementError, suggest, validate
from tournaments.movements.variants import MITCHELL_EXTRA_VARIANTS


@pytest.mark.parametrize("pairs", range(4, 61))
def test_every_suggestion_fits_and_is_sound(pairs: int) -> None:
    try:
        suggestions = suggest(pairs)
    except MovementError as error:
        # Only fields with nothing in 24-27 boards may come back empty-handed, and they say so.
        assert "No movement gives" in str(error)
        return
    for s in suggestions:
        assert 24 <= s.boards_per_pair <= 27
        assert s.minutes <= 180 * 1.15
        movement = s.movement()
        assert validate(movement).ok
        assert (movement.kind, movement.rounds, movement.boards_per_round) == (s.kind, s.rounds, s.boards_per_round)
        assert movement.board_count == s.total_boards
        assert s.reason


def test_fourteen_pairs_get_the_complete_howell_first() -> None:
    best = suggest(14)[0]
    assert (best.kind, best.rounds, best.boards_per_round, best.boards_per_pair) == ("howell", 13, 2, 26)
    assert best.complete and best.winners == 1
    assert best.reason.startswith("one winner; 26 boards a pair")
    assert "everyone meets everyone" in best.reason


def test_sixteen_pairs_get_the_relay_mitchell_with_its_reason() -> None:
    best = suggest(16)[0]
    assert (best.kind, best.variant, best.rounds, best.boards_per_round) == ("mitchell", "relay", 8, 3)
    assert best.winners == 2 and best.relays
    assert "two winners" in best.reason
    assert "relay: tables 1 and 8 share boards" in best.reason
    assert "bye stand between tables 4 and 5" in best.reason


def test_best_first_means_complete_before_cut_down() -> None:
    # Among the standard movements; the variants of our own (web, scrambled, ...) follow them all.
    suggestions = [s for s in suggest(26) if s.variant not in MITCHELL_EXTRA_VARIANTS]
    completes = [s.complete for s in suggestions]
    assert completes == sorted(completes, reverse=True)


def test_half_table_reason_mentions_the_sit_out() -> None:
    best = suggest(15)[0]
    assert "21 or 24 boards a pair" in best.reason
    assert "each EW pair sits out one round" in best.reason


def test_a_different_evening() -> None:
    # Two hours and 18-20 boards: 10 pairs play a 9-round Howell of 2 boards.
    best = suggest(10, minutes=120, min_boards=18, max_boards=20)[0]
    assert (best.kind, best.rounds, best.boards_per_round) == ("howell", 9, 2)


def test_nothing_fits() -> None:
    with pytest.raises(MovementError, match="No movement gives"):
        suggest(12, minutes=30)
    with pytest.raises(MovementError, match="too few"):
        suggest(2)
