"""Consistent copies of the whole database while the app runs, and putting one back.

SQLite (the embedded database of `make run`): SQLite's online backup API, read through a connection, so the
pages still in the write-ahead log are in the copy and a writer mid-transaction is never half copied; the copy
is one self-contained file (journal mode DELETE). PostgreSQL: `pg_dump`'s custom format, put back with
`pg_restore`. `make run` keeps rolling copies of the embedded database: one a day it starts, one after each
session is finished (ROLLING_BACKUPS, set by `manage.py start`).
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3
import subprocess
from datetime import datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.db import connections
from django.utils import timezone

log = logging.getLogger(__name__)
KEEP = {"daily": 14, "after-session": 30, "scheduled": 14}  # rolling copies kept of each kind, newest first


class BackupError(Exception):
    """A copy could not be made or put back; the message says why in words."""


def backup_dir() -> Path:
    return Path(settings.BACKUP_DIR)


def _database() -> dict[str, Any]:
    return dict(settings.DATABASES["default"])


def _is_sqlite(db: dict[str, Any]) -> bool:
    return str(db["ENGINE"]).endswith("sqlite3")


def default_name(prefix: str = "bridgedesk") -> Path:
    suffix = ".sqlite3" if _is_sqlite(_database()) else ".pgdump"
    return backup_dir() / f"{prefix}-{timezone.localtime():%Y-%m-%d-%H%M%S}{suffix}"


def make_backup(out: Path | None = None) -> Path:
    """Copy the whole database to `out` (default: a dated file in the backups folder) and return its path."""
    db = _database()
    out = (out or default_name()).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".partial")  # a copy cut short never looks like a good one
    partial.unlink(missing_ok=True)
    if _is_sqlite(db):
        _sqlite_copy(str(db["NAME"]), partial)
        _check_sqlite(partial)
    else:
        _run(["pg_dump", "--format=custom", "--no-owner", f"--file={partial}", str(db["NAME"])], db)
    partial.replace(out)
    return out


def _sqlite_copy(source: str, target: Path) -> None:
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)  # takes the pages the log holds too; retries itself while a writer holds the lock
        dst.execute("PRAGMA journal_mode=DELETE")  # one file, readable without a -wal beside it
    except sqlite3.Error as exc:
        raise BackupError(f"The database could not be copied: {exc}.") from exc
    finally:
        dst.close()
        src.close()


def _check_sqlite(path: Path) -> None:
    """A Bridgedesk database, whole: SQLite's integrity check passes and the migrations table is there."""
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            ok = con.execute("PRAGMA integrity_check").fetchone()
            tables = {row[0] for row in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        finally:
            con.close()
    except sqlite3.Error as exc:
        raise BackupError(f"{path.name} is not a SQLite database ({exc}).") from exc
    if ok != ("ok",):
        raise BackupError(f"{path.name} is damaged: SQLite's integrity check says {ok[0] if ok else 'nothing'}.")
    if "django_migrations" not in tables or "tournaments_session" not in tables:
        raise BackupError(f"{path.name} is a SQLite database, but not a Bridgedesk one.")


def _run(command: list[str], db: dict[str, Any]) -> None:
    env = os.environ | {
        key: str(db[name])
        for key, name in (("PGHOST", "HOST"), ("PGPORT", "PORT"), ("PGUSER", "USER"), ("PGPASSWORD", "PASSWORD"))
        if db.get(name)
    }
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=3600, check=False)
    except FileNotFoundError as exc:
        raise BackupError(f"{command[0]} is not installed: install PostgreSQL's client programs.") from exc
    if done.returncode != 0:
        raise BackupError(f"{command[0]} failed: {done.stderr.strip() or done.returncode}")


def _is_sqlite_file(path: Path) -> bool:
    with path.open("rb") as f:
        return f.read(16) == b"SQLite format 3\x00"


def _is_pg_dump(path: Path) -> bool:
    with path.open("rb") as f:
        return f.read(5) == b"PGDMP"  # pg_dump's custom format


def describe(path: Path) -> str:
    """What a backup file holds, for the confirmation before it replaces the database."""
    if not path.is_file():
        raise BackupError(f"There is no file {path}.")
    taken = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    if _is_sqlite_file(path):
        _check_sqlite(path)
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            sessions = con.execute("SELECT count(*) FROM tournaments_session").fetchone()[0]
            results = con.execute("SELECT count(*) FROM tournaments_result").fetchone()[0]
        finally:
            con.close()
        return f"{path.name}, written {taken}: {sessions} sessions, {results} results"
    if _is_pg_dump(path):
        return f"{path.name}, written {taken} (a PostgreSQL dump)"
    raise BackupError(f"{path.name} is not a backup: neither a SQLite database nor a PostgreSQL dump.")


def restore_backup(path: Path) -> Path | None:
    """Replace the whole database with the copy at `path`; the database as it was is kept as a backup first
    (its path is returned). The schema is then brought up to this version (`migrate`)."""
    db = _database()
    describe(path)
    if _is_sqlite(db) != _is_sqlite_file(path):
        kinds = ("SQLite", "PostgreSQL") if _is_sqlite(db) else ("PostgreSQL", "SQLite")
        raise BackupError(f"{path.name} is a {kinds[1]} backup, and this database is {kinds[0]}.")
    before = make_backup(default_name("before-restore")) if _has_tables() else None
    connections.close_all()
    if _is_sqlite(db):
        src = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        dst = sqlite3.connect(str(db["NAME"]), timeout=30)
        try:
            src.backup(dst)  # page by page under SQLite's own lock: no reader ever sees half of each
        finally:
            dst.close()
            src.close()
    else:
        restore = ["pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction"]
        _run([*restore, f"--dbname={db['NAME']}", str(path)], db)
    call_command("migrate", interactive=False, verbosity=0)
    return before


def _has_tables() -> bool:
    with connections["default"].cursor() as cursor:
        return "tournaments_session" in connections["default"].introspection.table_names(cursor)


def rolling_backup(kind: str, label: str = "") -> Path | None:
    """A rolling copy of the embedded database (`daily` once a day, `after-session` with the session's number);
    never raises: a failed copy is logged, and must not stop the evening."""
    if not (settings.ROLLING_BACKUPS and _is_sqlite(_database())):
        return None
    folder = backup_dir()
    if kind == "daily":
        out = folder / f"daily-{timezone.localdate():%Y-%m-%d}.sqlite3"
        if out.exists():
            return None
    else:
        out = folder / f"{kind}-{label}-{timezone.localtime():%Y-%m-%d-%H%M%S}.sqlite3"
    try:
        made = make_backup(out)
    except (BackupError, OSError) as exc:
        log.error("The rolling backup %s failed: %s", out.name, exc)
        return None
    _prune(folder, kind)
    return made


def scheduled_backup() -> Path | None:
    """The scheduler's copy (Celery beat, once a day, settings.CELERY_BEAT_SCHEDULE) of any database, SQLite or
    PostgreSQL: `scheduled-<date>` in the backups folder, the last KEEP["scheduled"] kept. Never raises: a
    failed copy is logged (and reported to Sentry when configured), and tomorrow's is tried as usual."""
    out = default_name("scheduled")
    try:
        made = make_backup(out)
    except (BackupError, OSError) as exc:
        log.error("The scheduled backup %s failed: %s", out.name, exc)
        return None
    _prune(made.parent, "scheduled")
    return made


def _prune(folder: Path, kind: str) -> None:
    """Keep the newest KEEP[kind] copies of a kind, whatever the database (.sqlite3 or .pgdump)."""
    pattern = re.compile(rf"^{re.escape(kind)}-.*\.(sqlite3|pgdump)$")
    old = sorted((p for p in folder.iterdir() if pattern.match(p.name)), key=lambda p: p.stat().st_mtime)
    for stale in old[: max(0, len(old) - KEEP.get(kind, 14))]:
        stale.unlink(missing_ok=True)
