"""Swiss pairs draws (pure): round 1 by number, later rounds from the standings without repeat meetings, every
table on the same boards, a bye for an odd field; whole events simulated for every size offered."""

from __future__ import annotations

import random

import pytest

from tournaments.movements import MovementError, swiss_pairs, swiss_pairs_round


def test_round_one_pairs_neighbours_and_every_table_plays_the_same_boards():
    movement = swiss_pairs(8, boards_per_round=3, rounds=5)
    assert (movement.kind, movement.tables, movement.rounds) == ("swiss", 4, 5)
    assert [(r.table, r.ns, r.ew, r.boards) for r in movement.rows] == [
        (1, "1", "2", (1, 2, 3)),
        (2, "3", "4", (1, 2, 3)),
        (3, "5", "6", (1, 2, 3)),
        (4, "7", "8", (1, 2, 3)),
    ]
    assert movement.entries() == [str(n) for n in range(1, 9)]


def test_a_later_round_is_drawn_top_down_from_the_standings_avoiding_meetings():
    rows = swiss_pairs_round(2, [1, 2, 3, 4, 5, 6], boards_per_round=2, history=[(1, 2), (3, 4), (5, 6)])
    # 1 v 3 first; 2 v 4 would leave 5 v 6 to meet again, so 2 v 5 and 4 v 6 (the draw looks ahead)
    assert [(r.table, r.ns, r.ew, r.boards) for r in rows] == [
        (1, "1", "3", (3, 4)),
        (2, "2", "5", (3, 4)),
        (3, "4", "6", (3, 4)),
    ]
    assert rows[0].ns == "1"  # the leader sits NS at table 1
    assert all(r.boards == (3, 4) for r in rows)


def test_an_odd_field_gives_the_bye_to_the_lowest_pair_without_one():
    first = swiss_pairs(7, boards_per_round=2, rounds=3).rows
    assert (first[-1].table, first[-1].ns, first[-1].ew) == (4, "7", None)
    second = swiss_pairs_round(2, [7, 1, 2, 3, 4, 5, 6], boards_per_round=2, history=[(1, 2), (3, 4), (5, 6)], byes=[7])
    bye = [r for r in second if r.ew is None]
    assert len(bye) == 1 and bye[0].ns == "6"


@pytest.mark.parametrize(
    ("pairs", "rounds", "words"),
    [(3, 2, "4 to 120"), (6, 6, "2 to 5 rounds"), (7, 8, "2 to 7 rounds"), (8, 1, "2 to 7 rounds")],
)
def test_impossible_swisses_are_refused_in_words(pairs, rounds, words):
    with pytest.raises(MovementError, match=words):
        swiss_pairs(pairs, boards_per_round=2, rounds=rounds)


@pytest.mark.parametrize("pairs", [4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 21, 30])
def test_a_whole_swiss_never_repeats_a_meeting_and_every_pair_plays_or_sits_out_each_round(pairs):
    rng = random.Random(pairs)
    rounds = min(pairs - 1 if pairs % 2 == 0 else pairs, 7) - (1 if pairs <= 5 else 0)
    movement = swiss_pairs(pairs, boards_per_round=2, rounds=rounds)
    rows = list(movement.rows)
    scores = {p: 0.0 for p in range(1, pairs + 1)}
    for number in range(2, rounds + 1):
        for row in rows:
            if row.round == number - 1:
                if row.ew is None:
                    scores[int(row.ns)] += 12
                else:
                    won = rng.uniform(0, 20)
                    scores[int(row.ns)] += won
                    scores[int(row.ew)] += 20 - won
        standings = sorted(scores, key=lambda p: (-scores[p], p))
        history = [(int(r.ns), int(r.ew)) for r in rows if r.ew]
        byes = [int(r.ns) for r in rows if r.ew is None]
        rows += swiss_pairs_round(number, standings, boards_per_round=2, history=history, byes=byes)
    met = [frozenset((r.ns, r.ew)) for r in rows if r.ew]
    assert len(met) == len(set(met)), "a pair met another twice"
    byes = [r.ns for r in rows if r.ew is None]
    assert len(byes) == len(set(byes)), "a pair had two byes"
    for number in range(1, rounds + 1):
        seated = [s for r in rows if r.round == number for s in (r.ns, r.ew) if s]
        assert sorted(seated, key=int) == [str(p) for p in range(1, pairs + 1)]
        assert {r.boards for r in rows if r.round == number} == {(2 * number - 1, 2 * number)}
