"""`manage.py movement`: the director's printout, the JSON rows, and clear refusals with exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.movements import howell, mitchell

ROOT = Path(__file__).resolve().parents[3]


def _run(*args: str) -> str:
    out = StringIO()
    call_command("movement", *args, stdout=out)
    return out.getvalue()


def test_json_is_the_movement_rows() -> None:
    data = json.loads(_run("mitchell", "--pairs", "16", "--boards-per-round", "3", "--json"))
    assert data == json.loads(json.dumps(mitchell(16, boards_per_round=3).to_json()))
    assert data["kind"] == "mitchell" and data["tables"] == 8 and data["rounds"] == 8
    assert data["boards_per_round"] == 3
    assert {row["ns"] for row in data["rows"]} == {f"{t}NS" for t in range(1, 9)}


def test_json_howell_with_a_sit_out() -> None:
    data = json.loads(_run("howell", "--pairs", "7", "--json"))
    assert data == json.loads(json.dumps(howell(7).to_json()))
    assert data["pairs"] == 7 and data["tables"] == 4
    assert sum(1 for row in data["rows"] if row["ns"] is None or row["ew"] is None) == data["rounds"]
    assert {row["ns"] for row in data["rows"]} - {None} <= {str(i) for i in range(1, 8)}


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["mitchell", "--pairs", "16", "--variant", "skip", "--json"], ("mitchell", 7)),
        (["mitchell", "--pairs", "15", "--variant", "arrow-switch", "--json"], ("mitchell", 8)),
        (["individual", "--pairs", "12", "--json"], ("individual", 11)),
        (["teams", "--pairs", "4", "--json"], ("teams", 4)),
        (["howell", "--pairs", "20", "--variant", "three-quarter", "--json"], ("howell", 15)),
    ],
)
def test_kinds_and_variants(args: list[str], expected: tuple[str, int]) -> None:
    data = json.loads(_run(*args))
    assert (data["kind"], data["rounds"]) == expected
    assert len(data["rows"]) == data["tables"] * data["rounds"]


def test_text_marks_relay_bye_stand_and_sit_outs() -> None:
    text = _run("mitchell", "--pairs", "16")
    assert "Table 1: 1NS v 1EW  boards 1-2  (shared with table 8)" in text
    assert "Bye stand between tables 4 and 5: boards 9-10" in text
    text = _run("mitchell", "--pairs", "13")
    assert "Table 7: 7EW sits out" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["mitchell", "--pairs", "4"], "at least 6 pairs"),
        (["mitchell", "--pairs", "14", "--variant", "relay"], "even number of tables"),
        (["individual", "--pairs", "10"], "8 or 12 players"),
        (["howell", "--pairs", "8", "--boards-per-round", "0"], "at least 1"),
    ],
)
def test_bad_arguments_are_refused_with_status_2(args: list[str], message: str) -> None:
    with pytest.raises(CommandError, match=message) as caught:
        _run(*args)
    assert caught.value.returncode == 2


def test_exit_status_from_the_command_line() -> None:
    """Run manage.py for real: a bad request and a malformed argument both exit 2 with a message."""
    for args, needle in (
        (["mitchell", "--pairs", "5"], "at least 6 pairs"),
        (["mitchell", "--pairs", "many"], "invalid int value"),
        (["pinochle", "--pairs", "8"], "invalid choice"),
    ):
        done = subprocess.run(
            [sys.executable, "manage.py", "movement", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.test_settings"},
        )
        assert done.returncode == 2, (args, done.stderr)
        assert needle in done.stderr
