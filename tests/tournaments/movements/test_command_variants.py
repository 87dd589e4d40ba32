"""`manage.py movement web|hesitation|scrambled|share-relay|rover --pairs P --json`: the existing JSON shape; and
`--file yaml|csv`: a movement file the loaders read back."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.movements import generate, load_bridgescorer_yaml, load_howellki


def _run(*args: str) -> str:
    out = StringIO()
    call_command("movement", *args, stdout=out)
    return out.getvalue()


@pytest.mark.parametrize(
    ("kind", "pairs", "rounds"),
    [("web", 52, 13), ("hesitation", 14, 8), ("scrambled", 20, 10), ("share-relay", 16, 6), ("rover", 21, 10),
     ("half-howell", 12, 6)],
)  # fmt: skip
def test_json_in_the_existing_shape(kind: str, pairs: int, rounds: int) -> None:
    data = json.loads(_run(kind, "--pairs", str(pairs), "--json"))
    assert list(data) == ["kind", "pairs", "tables", "rounds", "boards_per_round", "rows"]
    assert data == json.loads(json.dumps(generate(kind, pairs).to_json()))
    assert data["rounds"] == rounds and data["pairs"] == pairs
    assert all(list(row) == ["round", "table", "ns", "ew", "boards"] for row in data["rows"])


def test_a_variant_that_does_not_fit_is_refused_with_status_2() -> None:
    with pytest.raises(CommandError, match="odd number of tables") as caught:
        _run("hesitation", "--pairs", "16")
    assert caught.value.returncode == 2


def test_files_the_loaders_read_back(tmp_path: Path) -> None:
    yaml_path = tmp_path / "Movement.Web.yaml"
    yaml_path.write_text(_run("web", "--pairs", "52", "--file", "yaml"), encoding="utf-8")
    assert load_bridgescorer_yaml(yaml_path).rounds == 13
    csv_path = tmp_path / "rover.csv"
    csv_path.write_text(_run("rover", "--pairs", "21", "--file", "csv"), encoding="utf-8")
    loaded = load_howellki(csv_path, "10-10-M", boards_per_round=2)
    assert (loaded.tables, loaded.rounds) == (10, 10)


def test_an_individual_has_no_pairs_file() -> None:
    with pytest.raises(CommandError, match="individual") as caught:
        _run("individual", "--pairs", "8", "--file", "csv")
    assert caught.value.returncode == 2
