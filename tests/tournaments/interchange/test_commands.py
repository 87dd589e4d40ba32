"""The four commands: import prints the new session id alone on the last line; errors exit with status 2."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.interchange.pbn import read_pbn
from tournaments.interchange.usebio import read_usebio
from tournaments.interchange.usebio_structure import check_structure
from tournaments.sessions.models import Board, Session
from tournaments.teams.models import TeamEvent

pytestmark = pytest.mark.django_db


def _run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_import_usebio_prints_the_session_id_last(usebio_dir: Path) -> None:
    output = _run("import_usebio", str(usebio_dir / "mp_pairs_mitchell.xml"))
    lines = output.strip().splitlines()
    session = Session.objects.get(pk=int(lines[-1]))
    assert lines[0].startswith("Imported USEBIO file mp_pairs_mitchell.xml: 38 pairs, 27 boards, 512 traveller lines")
    assert "agree with all" in lines[-2]
    assert session.scale_missed_boards is True


def test_export_usebio_and_pbn_write_files(usebio_dir: Path, tmp_path: Path) -> None:
    session_id = _run("import_usebio", str(usebio_dir / "mp_pairs_howell.xml")).strip().splitlines()[-1]
    xml, pbn = tmp_path / "out.xml", tmp_path / "out.pbn"
    assert _run("export_usebio", session_id, "-o", str(xml)).strip() == f"Wrote {xml}"
    check_structure(xml.read_bytes())
    assert len(read_usebio(xml.read_bytes()).pairs) == 12
    _run("export_pbn", session_id, "-o", str(pbn))
    assert len(read_pbn(pbn.read_text()).pairs) == 12
    again = _run("import_pbn", str(pbn)).strip().splitlines()
    assert again[0].startswith("Imported PBN file out.pbn: 12 pairs")
    assert Session.objects.filter(pk=int(again[-1])).exists()
    hands = tmp_path / "hands.pbn"
    _run("export_pbn", session_id, "-o", str(hands), "--deals-only")
    assert "ScoreTable" not in hands.read_text()


def test_import_pbn_with_session_loads_hand_records(usebio_dir: Path, tmp_path: Path) -> None:
    session_id = _run("import_usebio", str(usebio_dir / "mp_pairs_howell.xml")).strip().splitlines()[-1]
    hands = tmp_path / "hands.pbn"
    _run("export_pbn", session_id, "-o", str(hands), "--deals-only")
    Board.objects.filter(session_id=session_id).update(deal="")
    output = _run("import_pbn", str(hands), "--session", session_id).strip().splitlines()
    assert output[0] == "Loaded 27 deals from hands.pbn." and output[-1] == session_id
    assert not Board.objects.filter(session_id=session_id, deal="").exists()


def test_no_scale_missed_boards_option(usebio_dir: Path) -> None:
    output = _run("import_usebio", str(usebio_dir / "mp_pairs_howell.xml"), "--no-scale-missed-boards")
    session = Session.objects.get(pk=int(output.strip().splitlines()[-1]))
    assert session.scale_missed_boards is False
    assert "pairs' results differ from the file's" in output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["import_usebio", "/nonexistent/file.xml"], "no such file"),
        (["export_usebio", "999999", "-o", "x.xml"], "there is no session 999999"),
        (["export_pbn", "abc", "-o", "x.pbn"], "is not a session id"),
    ],
)
def test_usage_errors_exit_with_status_2(args: list[str], message: str) -> None:
    with pytest.raises(CommandError) as caught:
        call_command(*args)
    assert caught.value.returncode == 2
    assert message in str(caught.value)


def test_a_bad_file_names_the_place_and_imports_nothing(usebio_dir: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    data = (usebio_dir / "mp_pairs_howell.xml").read_bytes()
    bad.write_bytes(
        data.replace(b'EVENT_TYPE="MP_PAIRS">\n    <EVENT_IDENTIFIER>', b'EVENT_TYPE="TEAMS">\n<EVENT_IDENTIFIER>')
    )
    with pytest.raises(CommandError) as caught:
        call_command("import_usebio", str(bad))
    assert caught.value.returncode == 2
    assert (
        str(caught.value) == f"{bad}: line 8, EVENT: a teams event's PARTICIPANTS must list at least two TEAMs (it "
        "lists PAIRs: is EVENT_TYPE right?)."
    )
    assert not Session.objects.exists() and not TeamEvent.objects.exists()


def test_the_real_process_exits_2_with_the_message_on_stderr(tmp_path: Path) -> None:
    bad = tmp_path / "hands.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQJT.T98.765.432 - - -"]\n')
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.test_settings", "BRIDGEDESK_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "manage.py", "import_pbn", str(bad)],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert f"{bad}: line 2, Board 1: North's hand has 14 cards; a hand has 13." in done.stderr


def test_an_import_goes_into_the_club_named_and_asks_which_when_there_are_several(usebio_dir: Path) -> None:
    path = str(usebio_dir / "mp_pairs_howell.xml")
    _run("create_club", "riverside", "--name", "Riverside BC")
    with pytest.raises(CommandError, match=r"several clubs.*club, riverside"):
        _run("import_usebio", path)
    assert not Session.objects.exists()  # refused: nothing made
    session_id = _run("import_usebio", path, "--club", "riverside").strip().splitlines()[-1]
    assert Session.objects.get(pk=int(session_id)).event.tenant.slug == "riverside"
