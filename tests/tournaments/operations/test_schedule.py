"""Scheduled upkeep through Celery beat: expired files, expired login sessions and a daily backup, each a named
task the beat schedule sends; a real `celery beat` takes the schedule (`make run`'s worker embeds the beat:
tests/foundation/test_start_command.py)."""

from __future__ import annotations

import datetime
import os
import shelve
import subprocess
import sys
import time

import pytest
from celery.schedules import crontab
from django.conf import settings
from django.contrib.sessions.models import Session as LoginSession
from django.core.files.base import ContentFile
from django.utils import timezone

from config.celery import app
from tournaments.core import backups
from tournaments.core.tasks import clear_sessions, scheduled_backup
from tournaments.printing.models import GeneratedFile
from tournaments.printing.tasks import delete_expired_files
from tournaments.sessions.services.demo import build_demo_session

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_scheduled_task_is_one_the_workers_know():
    import tournaments.tasks  # noqa: F401  what a worker imports (autodiscovery)

    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert scheduled == {
        "bridgedesk.delete_expired_files",
        "bridgedesk.clear_sessions",
        "bridgedesk.scheduled_backup",
        "bridgedesk.requeue_stale_jobs",  # a print job whose worker died is sent again (no GET does it)
        "bridgedesk.expire_links",  # the owners' own upkeep: tests/tournaments/operations/test_scheduled_work.py
        "bridgedesk.remind_directors",
        "bridgedesk.email_published_results",
    }
    assert scheduled <= set(app.tasks)


def test_expired_files_go_and_live_ones_stay():
    now = timezone.now()
    session = build_demo_session(tables=3, movement="mitchell", seed=7, quick=True)  # every file has its event

    def job(expires: datetime.datetime) -> GeneratedFile:
        return GeneratedFile.objects.create(
            session=session,
            kind="standings",
            status="done",
            file=ContentFile(b"%PDF-1.4", name="s.pdf"),
            expires_at=expires,
        )

    old, live = job(now - datetime.timedelta(hours=1)), job(now + datetime.timedelta(hours=1))
    assert old.file.storage.exists(old.file.name)
    assert delete_expired_files.apply().get() == 1
    assert list(GeneratedFile.objects.values_list("pk", flat=True)) == [live.pk]
    assert not old.file.storage.exists(old.file.name)  # its file went with it
    assert live.file.storage.exists(live.file.name) and live.content == b"%PDF-1.4"


def test_expired_login_sessions_are_cleared():
    now = timezone.now()
    LoginSession.objects.create(session_key="old" * 10, session_data="", expire_date=now - datetime.timedelta(days=1))
    LoginSession.objects.create(session_key="new" * 10, session_data="", expire_date=now + datetime.timedelta(days=1))
    clear_sessions.apply().get()
    assert list(LoginSession.objects.values_list("session_key", flat=True)) == ["new" * 10]


def test_the_scheduled_backup_copies_the_database_and_keeps_the_newest(settings, tmp_path, monkeypatch):
    settings.BACKUP_DIR = tmp_path / "backups"
    monkeypatch.setitem(backups.KEEP, "scheduled", 2)
    made = []
    for _ in range(3):
        made.append(scheduled_backup.apply().get())
        time.sleep(1.05)  # a copy's name carries the second it was made
    assert all(made)
    kept = sorted(p.name for p in (tmp_path / "backups").iterdir())
    assert kept == sorted(os.path.basename(m) for m in made[1:])
    assert backups.describe(tmp_path / "backups" / kept[-1])


def test_a_failed_scheduled_backup_is_logged_not_raised(settings, tmp_path, caplog):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    settings.BACKUP_DIR = blocker
    assert scheduled_backup.apply().get() is None
    assert "The scheduled backup scheduled-" in caplog.text


def test_a_real_celery_beat_takes_the_schedule(tmp_path):
    schedule = tmp_path / "celerybeat-schedule"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.test_settings"}
    command = [sys.executable, "-m", "celery", "-A", "config", "beat", "--schedule", str(schedule), "-l", "INFO"]
    beat = subprocess.Popen(command, cwd=settings.BASE_DIR, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while not list(tmp_path.glob("celerybeat-schedule*")) and time.monotonic() < deadline:
            assert beat.poll() is None, beat.stdout.read().decode() if beat.stdout else ""
            time.sleep(0.2)
        time.sleep(1)  # beat writes its entries at start, then syncs
    finally:
        beat.terminate()
        out = beat.communicate(timeout=20)[0].decode()
    assert "beat: Starting" in out, out
    with shelve.open(str(schedule)) as stored:
        entries = stored["entries"]
        assert {"delete-expired-files", "clear-expired-sessions", "backup", "expire-links"} <= set(entries)
        assert entries["remind-directors"].schedule == crontab(hour=18, minute=0)  # REMINDERS_AT, a time of day
