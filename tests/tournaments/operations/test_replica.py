"""A PostgreSQL read replica serves the public pages: a second cluster streaming from the first (made here with
pg_basebackup), the web process reading the public pages from it, its own just-written pages and logged-in
pages from the primary, and a correction visible on the public page within a second of the replica having it.

The replica's replay is paused to prove which database answered: the public page still shows the old figures,
a browser that has just posted sees the new ones, and once replay resumes every reader does.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.private_servers import _as_postgres, _pg_bin, _skip_unless, _wait_port

ROOT = Path(__file__).resolve().parents[3]
PRIMARY, STANDBY, WEB = 8716, 8717, 8704
WHY = "replica test correction"


def _psql(port: int, sql: str, db: str = "postgres") -> str:
    psql = _pg_bin("psql") or "psql"
    cmd = [psql, "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-d", db, "-tAc", sql]
    return subprocess.run(cmd, check=True, capture_output=True, text=True, timeout=60).stdout.strip()


def _start(pg_ctl: str, data: Path, port: int, folder: Path) -> None:
    opts = f"-p {port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={folder} -c fsync=off"
    cmd = [pg_ctl, "-D", str(data), "-w", "-t", "60", "-o", opts, "-l", str(data.parent / f"{port}.log"), "start"]
    subprocess.run(_as_postgres(cmd), check=True, capture_output=True, timeout=90)
    _wait_port(port)


@pytest.fixture(scope="module")
def clusters() -> Iterator[tuple[str, str]]:
    """A primary and a hot standby streaming from it; their URLs for database bd_replica."""
    initdb, pg_ctl, basebackup = _pg_bin("initdb"), _pg_bin("pg_ctl"), _pg_bin("pg_basebackup")
    _skip_unless(initdb, pg_ctl, basebackup)
    assert initdb and pg_ctl and basebackup
    folder = Path(tempfile.mkdtemp(prefix="bd-replica-"))
    os.chmod(folder, 0o777)
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    primary, standby = folder / "primary", folder / "standby"
    try:
        subprocess.run(_as_postgres([initdb, "-D", str(primary), "-U", "postgres", "--auth=trust"]), check=True,
                       capture_output=True, timeout=120)  # fmt: skip
        _start(pg_ctl, primary, PRIMARY, folder)
        _psql(PRIMARY, "CREATE DATABASE bd_replica")
        copy = [basebackup, "-h", "127.0.0.1", "-p", str(PRIMARY), "-U", "postgres", "-D", str(standby), "-R"]
        subprocess.run(_as_postgres([*copy, "-X", "stream"]), check=True, capture_output=True, timeout=120)
        _start(pg_ctl, standby, STANDBY, folder)
        assert _psql(STANDBY, "SELECT pg_is_in_recovery()") == "t"
        yield (
            f"postgres://postgres@127.0.0.1:{PRIMARY}/bd_replica",
            f"postgres://postgres@127.0.0.1:{STANDBY}/bd_replica",
        )
    finally:
        for data in (standby, primary):
            if data.exists():
                with contextlib.suppress(subprocess.SubprocessError):
                    subprocess.run(_as_postgres([pg_ctl, "-D", str(data), "-m", "immediate", "stop"]),
                                   capture_output=True, timeout=60)  # fmt: skip
        shutil.rmtree(folder, ignore_errors=True)


def _manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def _get(url: str, cookie: str = "") -> str:
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.read().decode()


def _replayed(lsn_wanted: str) -> bool:
    return _psql(STANDBY, f"SELECT pg_last_wal_replay_lsn() >= '{lsn_wanted}'::pg_lsn") == "t"


def test_public_pages_read_the_replica_and_a_writer_reads_the_primary(clusters, tmp_path):
    primary_url, replica_url = clusters
    env = {
        **os.environ,
        "DATABASE_URL": primary_url,
        "DATABASE_REPLICA_URL": replica_url,
        "CACHE_URL": "locmem://",
        "BRIDGEDESK_DATA_DIR": str(tmp_path),
        "SECRET_KEY": "replica-test-" + "x" * 40,
    }
    for name in ("DJANGO_SETTINGS_MODULE", "CELERY_BROKER_URL", "REDIS_URL"):
        env.pop(name, None)
    _manage(env, "migrate", "--verbosity", "0")
    make = (
        "from tournaments.sessions.services.demo import build_demo_session; from tournaments.publishing import "
        "services; from tournaments.sessions.services.sessions import set_status; "
        "s = build_demo_session(tables=3, movement='mitchell', seed=7, quick=True, results=True); "
        "set_status(actor=None, session=s, status='playing'); services.publish(actor=None, session=s); print(s.pk)"
    )
    pk = int(_manage(env, "shell", "-c", make).splitlines()[-1])
    web = subprocess.Popen([sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{WEB}", "-w", "1"],
                           cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        _wait_port(WEB)
        page = f"http://127.0.0.1:{WEB}/results/{pk}/"
        wanted = _psql(PRIMARY, "SELECT pg_current_wal_lsn()")
        deadline = time.monotonic() + 10
        while not _replayed(wanted):
            assert time.monotonic() < deadline, "the standby did not catch up"
            time.sleep(0.1)
        assert WHY not in _get(page)
        _psql(STANDBY, "SELECT pg_wal_replay_pause()")
        change = (
            "from tournaments.sessions.models import Result; from tournaments.sessions.services.results import "
            f"change_result; r = Result.objects.filter(section__session_id={pk}, kind='played').order_by('pk')[0]; "
            f"change_result(actor=None, result=r, contract='7NT', declarer='N', tricks='-7', why='{WHY}')"
        )
        _manage(env, "shell", "-c", change)
        assert WHY not in _get(page)  # the paused replica answered the anonymous reader
        request = urllib.request.Request(f"http://127.0.0.1:{WEB}/accounts/login/", data=b"username=x&password=y")
        with contextlib.suppress(urllib.error.HTTPError):  # 403 (no CSRF token) still passes the middleware
            urllib.request.urlopen(request, timeout=10)
        assert WHY in _get(page, cookie="bd_primary=1")  # a browser that has just posted reads the primary
        _psql(STANDBY, "SELECT pg_wal_replay_resume()")
        started = time.monotonic()
        while WHY not in _get(page):
            assert time.monotonic() - started < 1.0, "the correction was not on the replica's page within a second"
            time.sleep(0.05)
    finally:
        web.terminate()
        web.wait(timeout=20)


@pytest.mark.django_db
def test_a_post_leaves_the_pin_cookie_only_with_a_replica(client, settings):
    from tournaments.core import replica

    assert "replica" not in settings.DATABASES
    response = client.post("/accounts/login/", {"username": "x", "password": "y"})
    assert replica.PIN_COOKIE not in response.cookies
