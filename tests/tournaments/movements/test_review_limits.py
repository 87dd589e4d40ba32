"""Absurd sizes are refused at once with a director's message, never left to run for minutes or fill memory.

The session form allows up to 120 pairs a section, and a typing slip (1600 for 16) must not hang a page, the
suggester or `manage.py movement`.
"""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.movements import MovementError, generate, suggest, validate
from tournaments.movements.types import MAX_BOARDS_PER_ROUND, MAX_HOWELL_PAIRS, MAX_MITCHELL_PAIRS, MAX_ROUNDS


@pytest.mark.parametrize(
    ("kind", "pairs", "options", "message"),
    [
        ("mitchell", 10**8, {}, "at most"),
        ("mitchell", MAX_MITCHELL_PAIRS + 1, {}, "at most"),
        ("howell", 10**6, {}, "at most"),
        ("howell", MAX_HOWELL_PAIRS + 1, {}, "at most"),
        ("mitchell", 16, {"boards_per_round": 10**8}, "at most"),
        ("howell", 8, {"boards_per_round": MAX_BOARDS_PER_ROUND + 1}, "at most"),
        ("individual", 8, {"boards_per_round": 10**8}, "at most"),
        ("teams", 4, {"rounds": 10**8}, "at most"),
        ("teams", 4, {"boards_per_round": 10**8}, "at most"),
        ("replay", 2, {"rounds": 10**8}, "at most"),
        ("replay", 2, {"rounds": MAX_ROUNDS + 2}, "at most"),
    ],
)
def test_absurd_sizes_are_refused(kind: str, pairs: int, options: dict[str, Any], message: str) -> None:
    with pytest.raises(MovementError, match=message):
        generate(kind, pairs, **options)


def test_the_largest_sizes_allowed_still_work() -> None:
    assert validate(generate("mitchell", MAX_MITCHELL_PAIRS, boards_per_round=MAX_BOARDS_PER_ROUND)).ok
    assert validate(generate("howell", MAX_HOWELL_PAIRS)).ok
    assert validate(generate("teams", 4, rounds=MAX_ROUNDS)).ok
    assert validate(generate("replay", 2, rounds=MAX_ROUNDS)).ok
    assert generate("mitchell", 120).tables == 60  # the session form's largest section


def test_suggest_refuses_an_absurd_field() -> None:
    with pytest.raises(MovementError, match="at most"):
        suggest(10**8)


@pytest.mark.parametrize(
    "args",
    [
        ["mitchell", "--pairs", "100000000"],
        ["howell", "--pairs", "1000"],
        ["mitchell", "--pairs", "16", "--boards-per-round", "100000000"],
        ["teams", "--pairs", "4", "--rounds", "100000000"],
    ],
)
def test_command_refuses_absurd_sizes_with_status_2(args: list[str]) -> None:
    with pytest.raises(CommandError, match="at most") as caught:
        call_command("movement", *args, stdout=StringIO())
    assert caught.value.returncode == 2


def test_printout_does_not_call_boards_in_play_idle() -> None:
    # Five pairs: in the last round one set is shared by both playing tables while pair 5 sits out at table 3;
    # that set is in play, not idle.
    text = StringIO()
    call_command("movement", "howell", "--pairs", "5", stdout=text)
    rounds = text.getvalue().split("Round ")[1:]
    for block in rounds:
        lines = block.splitlines()
        for line in lines:
            if "sits out" in line and " idle)" in line:
                boards = line.split("(")[1].removesuffix(" idle)")
                assert not any(boards in other for other in lines if "sits out" not in other), line
    assert "Table 3: 5 sits out (boards 9-10 in play at tables 1 and 2)" in rounds[4]


@pytest.mark.parametrize(("kind", "pairs"), [("mitchell", 16), ("mitchell", 14), ("howell", 8), ("individual", 8)])
def test_zero_rounds_message_says_the_range(kind: str, pairs: int) -> None:
    with pytest.raises(MovementError, match="at least 1 and at most"):
        generate(kind, pairs, rounds=0)
