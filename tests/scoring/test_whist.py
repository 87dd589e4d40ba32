"""Duplicate whist against the Laws of Duplicate Whist, Law X s. 4 (whist-and-duplicate-whist.txt).

The travellers are made by hand; each expected figure is worked out in the comment beside it from the law's
words: two tricks for the first revoke, one for each after; no more than the average for the revoking side;
in pair matches the R recorded apart and capped by the other tables unless the full penalty is ruled; "the
score shall stand as made" when the adversaries made more than the others' most on their own.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.errors import InvalidResult
from scoring.whist import Revoke, WhistLine, revoke_penalty, score_board, standings

FIELD = [("1", "11", 7), ("2", "12", 8), ("3", "13", 6), ("4", "14", 7)]  # N-S tricks at the other tables


def board(last: WhistLine) -> list[WhistLine]:
    return [WhistLine(ns, ew, n) for ns, ew, n in FIELD] + [last]


@pytest.mark.parametrize(("revokes", "tricks"), [(0, 0), (1, 2), (2, 3), (3, 4)])
def test_two_tricks_for_the_first_revoke_one_for_each_after(revokes, tricks) -> None:
    assert revoke_penalty(revokes) == tricks


def test_the_full_two_tricks_when_the_other_tables_allow_it() -> None:
    # E-W made 6 and revoked: 6 - 2 = 4; at the other tables E-W made 6, 5, 7, 6 (least 5): 4 < 5, capped at 5.
    capped = score_board(board(WhistLine("5", "15", 7, Revoke("EW"))))[-1]
    assert (capped.ns_after, capped.revoke_tricks, capped.r_mark) == (8, 1, "+R1")
    # the committee enforces the full penalty: 4 for E-W, 9 for N-S
    full = score_board(board(WhistLine("5", "15", 7, Revoke("EW", full_penalty=True))))[-1]
    assert (full.ns_after, full.revoke_tricks, full.r_mark) == (9, 2, "+R2")


def test_the_score_stands_as_made_when_the_adversaries_beat_the_field_on_their_own() -> None:
    # N-S made 9, more than the 8 made anywhere else: E-W's revoke changes nothing
    line = score_board(board(WhistLine("5", "15", 9, Revoke("EW"))))[-1]
    assert (line.ns_after, line.revoke_tricks, line.r_mark) == (9, 0, "")


def test_the_revoking_side_scores_no_more_than_the_average() -> None:
    # N-S made 10 and revoked: 10 - 2 = 8, but the other tables' average is 7: N-S keep 7 (-R3)
    line = score_board(board(WhistLine("5", "15", 10, Revoke("NS"))))[-1]
    assert (line.ns_after, line.revoke_tricks, line.r_mark) == (7, -3, "-R3")


def test_the_penalty_never_takes_tricks_won_before_the_first_revoke() -> None:
    # as above, but N-S had won 8 tricks before they revoked: they keep 8 (-R2)
    line = score_board(board(WhistLine("5", "15", 10, Revoke("NS", tricks_before=8))))[-1]
    assert (line.ns_after, line.revoke_tricks) == (8, -2)


def test_the_full_penalty_too_leaves_the_tricks_won_before_the_first_revoke() -> None:
    # E-W made 6 (N-S 7) and revoked twice; the committee enforces the full penalty: 6 - 3 = 3 (+R3 to N-S) ...
    full = score_board(board(WhistLine("5", "15", 7, Revoke("EW", count=2, full_penalty=True))))[-1]
    assert (full.ns_after, full.revoke_tricks, full.r_mark) == (10, 3, "+R3")
    # ... but "in no case" does the penalty take the 5 tricks E-W had won before the first: E-W 5, N-S 8 (+R1)
    kept = score_board(board(WhistLine("5", "15", 7, Revoke("EW", count=2, tricks_before=5, full_penalty=True))))[-1]
    assert (kept.ns_after, kept.revoke_tricks, kept.r_mark) == (8, 1, "+R1")


def test_two_revokes_by_one_side_cost_three_tricks() -> None:
    # E-W made 8 (N-S 5) and revoked twice: 8 - 3 = 5; E-W elsewhere 6, 5, 7, 6: average 6, least 5: 5
    line = score_board(board(WhistLine("5", "15", 5, Revoke("EW", count=2))))[-1]
    assert (line.ns_after, line.revoke_tricks) == (8, 3)


def test_match_points_and_tricks_over_the_average_on_a_board() -> None:
    scores = score_board([WhistLine(ns, ew, n) for ns, ew, n in FIELD])
    # N-S tricks 7, 8, 6, 7: on the EBU scale 2 a pair beaten, 1 a tie; top 6
    assert [s.ns_matchpoints for s in scores] == [3, 6, 0, 3]
    assert [s.ew_matchpoints for s in scores] == [3, 0, 6, 3]
    assert [s.ns_over_average for s in scores] == [0, 1, -1, 0]  # the average is 7
    acbl = score_board([WhistLine(ns, ew, n) for ns, ew, n in FIELD], scale="acbl")
    assert [s.ns_matchpoints for s in acbl] == [1.5, 3, 0, 1.5]


def test_a_revoke_capped_at_a_fractional_average_is_compared_exactly() -> None:
    lines = [WhistLine("1", "11", 6), WhistLine("2", "12", 7), WhistLine("3", "13", 7)]
    lines.append(WhistLine("4", "14", 9, Revoke("NS")))  # 9 - 2 = 7, above the average 20/3: N-S keep 20/3
    scores = score_board(lines)
    assert scores[-1].ns_after == Fraction(20, 3) and scores[-1].r_mark == "-R7/3"
    assert [s.ns_matchpoints for s in scores] == [0, 5, 5, 2]  # 6 < 20/3 < 7 = 7


def test_standings_by_match_points_and_by_tricks() -> None:
    one = score_board([WhistLine(ns, ew, n) for ns, ew, n in FIELD])
    two = score_board([WhistLine("1", "12", 9), WhistLine("2", "11", 5)])  # top 2; average 7
    mp = standings({1: one, 2: two})
    assert mp == {"1": 3 + 2, "11": 3 + 2, "2": 6 + 0, "12": 0 + 0, "3": 0, "13": 6, "4": 3, "14": 3}
    tricks = standings({1: one, 2: two}, method="tricks")
    assert tricks == {"1": 0 + 2, "11": 0 + 2, "2": 1 - 2, "12": -1 - 2, "3": -1, "13": 1, "4": 0, "14": 0}


def test_individuals_are_each_credited_with_their_partnership_of_the_moment() -> None:
    one = score_board([WhistLine("1-3", "2-4", 8), WhistLine("5-7", "6-8", 6)])  # top 2
    two = score_board([WhistLine("1-5", "6-2", 5), WhistLine("3-7", "4-8", 7)])
    assert standings({1: one, 2: two}, individuals=True) == {
        "1": 2 + 0, "3": 2 + 2, "2": 0 + 2, "4": 0 + 0, "5": 0 + 0, "7": 0 + 2, "6": 2 + 2, "8": 2 + 0,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: WhistLine("1", "2", 14), "0 to 13 tricks, not 14"),
        (lambda: WhistLine("1", "2", True), "whole number"),
        (lambda: Revoke("N"), "NS or EW"),
        (lambda: Revoke("NS", count=0), "once or more"),
        (lambda: WhistLine("1", "2", 4, Revoke("NS", tricks_before=5)), "more tricks before its revoke"),
        (lambda: standings({}, method="imps"), "'matchpoints' or 'tricks'"),
    ],
)
def test_bad_input_gets_a_clear_message(make, message) -> None:
    with pytest.raises(InvalidResult, match=message):
        make()
