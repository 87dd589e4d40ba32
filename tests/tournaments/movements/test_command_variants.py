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


def test_a_file_is_checked_and_converted(tmp_path: Path) -> None:
    source = tmp_path / "Movement.Howell10.yaml"
    source.write_text(_run("howell", "--pairs", "10", "--file", "yaml"), encoding="utf-8")
    csv_text = _run("file", "--load", str(source), "--file", "csv")
    assert csv_text.splitlines()[1].startswith("5-9,1,")
    (tmp_path / "h.csv").write_text(csv_text, encoding="utf-8")
    data = json.loads(
        _run("file", "--load", str(tmp_path / "h.csv"), "--key", "5-9", "--boards-per-round", "2", "--json")
    )
    assert data == json.loads(json.dumps(generate("howell", 10).to_json()))


def test_an_unsound_file_is_refused_with_status_1(tmp_path: Path) -> None:
    bad = tmp_path / "Movement.Bad.yaml"
    text = _run("howell", "--pairs", "6", "--file", "yaml")
    bad.write_text(text.replace("ns: 6", "ns: 5", 1), encoding="utf-8")  # pair 5 now plays itself or twice a round
    with pytest.raises(CommandError, match="failed validation") as caught:
        _run("file", "--load", str(bad))
    assert caught.value.returncode == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["file"], "Name the movement file"),
        (["file", "--load", "/nonexistent/x.yaml"], "cannot be read as a movement file"),
        (["file", "--load", "/nonexistent/x.csv"], "choose one with --key"),
        (["web"], "Say how many pairs"),
    ],
)
def test_file_and_pairs_mistakes_are_refused_with_status_2(args: list[str], message: str) -> None:
    with pytest.raises(CommandError, match=message) as caught:
        _run(*args)
    assert caught.value.returncode == 2


def test_the_real_files_are_read_in_place(realdata: Path) -> None:
    text = _run("file", "--load", str(realdata / "bridgescorer-yaml" / "Movement.Howell10T5B18.yaml"))
    assert "10 pairs, 5 tables" in text
