"""Private PostgreSQL and Redis servers that a test may stop and start (never the shared 5432/6379 ones).

PostgreSQL is a cluster of its own made with initdb under a temporary folder (as the postgres user when the
tests run as root, since PostgreSQL refuses to run as root), on port 5433; Redis a redis-server on port 6383
without persistence. Tests skip with one reason only when the server programs are not installed.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_PORT, REDIS_PORT = 5433, 6383
MISSING = "the PostgreSQL and Redis server programs (initdb, pg_ctl, redis-server) are not installed"


def _pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def _as_postgres(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


def _wait_port(port: int, timeout: float = 30) -> None:
    import socket

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"nothing listens on port {port} after {timeout}s")


class PrivatePostgres:
    def __init__(self, folder: Path) -> None:
        self.folder, self.data = folder, folder / "data"
        self.pg_ctl = _pg_bin("pg_ctl") or ""
        self.url = f"postgres://postgres@127.0.0.1:{PG_PORT}/bd_outage"

    def _ctl(self, *args: str) -> None:
        cmd = [self.pg_ctl, "-D", str(self.data), "-w", "-t", "60", *args]
        subprocess.run(_as_postgres(cmd), check=True, capture_output=True, timeout=90)

    def start(self) -> None:
        opts = f"-p {PG_PORT} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.folder} -c fsync=off"
        self._ctl("-o", opts, "-l", str(self.folder / "log"), "start")

    def stop(self) -> None:
        self._ctl("-m", "fast", "stop")


def _skip_unless(*programs: str | None) -> None:
    if not all(programs) or (os.geteuid() == 0 and not shutil.which("runuser")):
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the outage tests, but {MISSING}")
        pytest.skip(MISSING)


@pytest.fixture(scope="module")
def private_postgres() -> Iterator[PrivatePostgres]:
    """A cluster of our own on port 5433 with an empty database `bd_outage`; stopped and removed afterwards."""
    initdb = _pg_bin("initdb")
    _skip_unless(initdb, _pg_bin("pg_ctl"))
    assert initdb is not None
    folder = Path(tempfile.mkdtemp(prefix="bd-pg-"))
    os.chmod(folder, 0o777)
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    pg = PrivatePostgres(folder)
    subprocess.run(_as_postgres([initdb, "-D", str(pg.data), "-U", "postgres", "--auth=trust"]), check=True,
                   capture_output=True, timeout=120)  # fmt: skip
    pg.start()
    try:
        psql = _pg_bin("psql") or "psql"
        subprocess.run([psql, "-h", "127.0.0.1", "-p", str(PG_PORT), "-U", "postgres", "-c",
                        "CREATE DATABASE bd_outage"], check=True, capture_output=True, timeout=60)  # fmt: skip
        yield pg
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):  # already stopped by the test
            pg._ctl("-m", "immediate", "stop")
        shutil.rmtree(folder, ignore_errors=True)


class PrivateRedis:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.url = f"redis://127.0.0.1:{REDIS_PORT}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(REDIS_PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        _wait_port(REDIS_PORT)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)
            self.process = None

    def length(self, queue: str) -> int:
        out = subprocess.run(["redis-cli", "-p", str(REDIS_PORT), "llen", queue], capture_output=True, text=True)
        return int(out.stdout.strip())


@pytest.fixture(scope="module")
def private_redis() -> Iterator[PrivateRedis]:
    """A redis-server of our own on port 6383, not started yet (the test starts and stops it)."""
    _skip_unless(shutil.which("redis-server"), shutil.which("redis-cli"))
    folder = Path(tempfile.mkdtemp(prefix="bd-redis-"))
    server = PrivateRedis(folder)
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
