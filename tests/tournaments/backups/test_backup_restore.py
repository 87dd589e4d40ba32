"""`manage.py backup` / `restore`: a copy restored into an empty database holds every result, ruling and audit
entry, with `verify_audit` green, also when it was taken while ten phones were posting results."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection, connections
from django.test import Client

from tests.conftest import _database_url_for_tests
from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.core.backups import make_backup
from tournaments.sessions.models import Result, Ruling
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(settings.BASE_DIR)
DUMP = "import json; from tests.tournaments.backups.test_backup_restore import holdings; print(json.dumps(holdings()))"


def holdings() -> dict[str, list[list[object]]]:
    """Every result, ruling and audit entry of the database, as plain lists (read here and in a restored copy)."""
    results = Result.objects.values_list(
        "pk", "board__number", "ns_entry__label", "ew_entry__label", "contract", "declarer", "tricks", "ns_score"
    )
    return {
        "results": sorted(list(r) for r in results),
        "rulings": sorted(list(r) for r in Ruling.objects.values_list("pk", "decision", "facts")),
        "audit": sorted(list(a) for a in AuditEntry.objects.values_list("pk", "action", "hash")),
    }


@pytest.fixture
def empty_database(tmp_path) -> Iterator[str]:
    """The URL of a new, empty database of the same kind as the test database."""
    if connection.vendor == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.sqlite3'}"
        return
    name = f"bd_restore_{uuid.uuid4().hex[:8]}"
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE DATABASE "{name}"')
    yield _database_url_for_tests().rsplit("/", 1)[0] + "/" + name
    connections.close_all()
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')


def manage(url: str, *args: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = os.environ | {
        "DATABASE_URL": url,
        "BRIDGEDESK_DATA_DIR": str(data_dir),
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )


def restore_and_read(backup: Path, url: str, tmp_path: Path) -> dict[str, list[list[object]]]:
    """Restore `backup` into the database at `url` (new processes, as an operator would), check the audit log,
    and read back what it holds."""
    restored = manage(url, "restore", str(backup), "--yes", data_dir=tmp_path / "restored")
    assert restored.returncode == 0, restored.stderr
    assert "Restored " in restored.stdout
    verified = manage(url, "verify_audit", data_dir=tmp_path / "restored")
    assert verified.returncode == 0 and "Audit log intact" in verified.stdout, verified.stdout + verified.stderr
    read = manage(url, "shell", "-c", DUMP, data_dir=tmp_path / "restored")
    assert read.returncode == 0, read.stderr
    return json.loads(read.stdout.strip().splitlines()[-1])


def test_restore_into_an_empty_database_finds_every_result_ruling_and_audit_entry(tmp_path, empty_database):
    build_demo_session(tables=3, movement="mitchell", seed=7, quick=True)
    before = holdings()
    assert before["results"] and before["rulings"] and before["audit"]
    backup = make_backup(tmp_path / "club.backup")
    assert restore_and_read(backup, empty_database, tmp_path) == before


def test_a_backup_taken_while_ten_phones_post_results_restores_to_the_same_results(tmp_path, empty_database):
    section = section_a(make_session(SectionSpec(pairs=20, kind="mitchell", boards_per_round=2)))
    links = services.issue_links(section)
    assert len(links) == 10
    rows = {link.token: list(section.table_rounds.filter(table=link.table).order_by("round")) for link in links}
    backups: list[Path] = []
    errors: list[str] = []
    # The room moves together: no table starts a round before every table has finished the one before (a link
    # writes no further than a round ahead of the slowest table).
    round_done = threading.Barrier(len(rows), timeout=120)

    def phone(token: str) -> None:
        client = Client()
        try:
            for row in rows[token][:4]:
                for board in row.boards:
                    body = {"board": int(board), "contract": "3NT", "declarer": "S", "tricks": 9}
                    body["client_id"] = f"{row.round}-{board}"
                    answer = client.post(f"/api/table/{token}/results", body, content_type="application/json")
                    if answer.status_code != 201:
                        errors.append(f"{answer.status_code} {answer.content[:200]!r}")
                round_done.wait()
        finally:
            connections.close_all()

    phones = [threading.Thread(target=phone, args=(token,)) for token in rows]
    for t in phones:
        t.start()
    while any(t.is_alive() for t in phones) and len(backups) < 3:
        backups.append(make_backup(tmp_path / f"during-{len(backups)}.backup"))
    for t in phones:
        t.join(timeout=300)
    assert errors == []
    final = holdings()
    assert len(final["results"]) == 10 * 4 * 2
    # A copy taken mid-stream is a consistent moment: each result in it is one the phones sent, whole, and
    # each has its audit entry; the chain verifies (restore_and_read checks it).
    mid = restore_and_read(backups[0], empty_database, tmp_path)
    assert all(r in final["results"] for r in mid["results"])
    created = {a[0] for a in mid["audit"]}
    assert {a[0] for a in final["audit"] if a[0] in created} == created
    # And the copy taken once they are done restores to the very same results, count and content.
    after = make_backup(tmp_path / "after.backup")
    assert restore_and_read(after, empty_database, tmp_path) == final
