"""`make run`'s rolling backups (one a day it starts, one after each finished session), and `restore`
refusing what is not a good Bridgedesk copy with a message in words, changing nothing."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from tests.tournaments.services.factories import make_session, section_a
from tournaments.core import backups
from tournaments.sessions.models import Session
from tournaments.sessions.services.sessions import SectionSpec, set_status

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def folder(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"
    return settings.BACKUP_DIR


def test_nothing_is_copied_unless_make_run_asked_for_it(folder):
    session = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2))).session
    set_status(actor=None, session=session, status=Session.Status.FINISHED)
    assert backups.rolling_backup("daily") is None and not folder.exists()


def test_one_copy_a_day_and_one_after_each_finished_session(folder, settings):
    settings.ROLLING_BACKUPS = True
    if not settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        pytest.skip("rolling copies are of the embedded SQLite database; a server's PostgreSQL has its own")
    daily = backups.rolling_backup("daily")
    assert daily is not None and daily.name.startswith("daily-")
    assert backups.rolling_backup("daily") is None  # the second start of the day keeps the first copy
    session = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2))).session
    set_status(actor=None, session=session, status=Session.Status.FINISHED)
    after = sorted(p.name for p in folder.glob(f"after-session-{session.pk}-*.sqlite3"))
    assert len(after) == 1
    assert backups.describe(folder / after[0]).endswith("1 sessions, 0 results")


def test_old_rolling_copies_are_pruned(folder, settings, monkeypatch):
    settings.ROLLING_BACKUPS = True
    if not settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        pytest.skip("rolling copies are of the embedded SQLite database; a server's PostgreSQL has its own")
    monkeypatch.setitem(backups.KEEP, "after-session", 2)
    for n in range(4):
        assert backups.rolling_backup("after-session", str(n)) is not None
    assert len(list(folder.glob("after-session-*.sqlite3"))) == 2


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"hello", "is not a backup: neither a SQLite database nor a PostgreSQL dump"),
        (None, "There is no file"),
    ],
)
def test_restore_refuses_a_bad_file_and_changes_nothing(tmp_path, content, message):
    path = tmp_path / "bad.sqlite3"
    if content is not None:
        path.write_bytes(content)
    session = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2))).session
    with pytest.raises(CommandError, match=message):
        call_command("restore", str(path), "--yes")
    assert Session.objects.filter(pk=session.pk).exists()


def test_restore_refuses_another_programs_database(tmp_path):
    import sqlite3

    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE things (id integer)")
    with pytest.raises(CommandError, match="a SQLite database, but not a Bridgedesk one"):
        call_command("restore", str(path), "--yes")


def test_restore_asks_first_and_without_a_yes_changes_nothing(tmp_path, monkeypatch):
    if not backups._is_sqlite(backups._database()):
        pytest.skip("the copy here is made of the SQLite test database")
    copy = backups.make_backup(tmp_path / "copy.sqlite3")
    session = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2))).session
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: "no")
    with pytest.raises(CommandError, match="Nothing was changed"):
        call_command("restore", str(copy))
    assert Session.objects.filter(pk=session.pk).exists()
