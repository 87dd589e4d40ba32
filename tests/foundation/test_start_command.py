"""`make run` (`manage.py start`): its output is the few lines a newcomer needs, and the first Ctrl-C stops both
the web server and the worker with the normal message, leaving no process behind."""

import datetime
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _terminal_child() -> None:
    """As a shell starts a command: its own process group, Ctrl-C at its default."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.setpgrp()


@pytest.mark.worker
def test_one_ctrl_c_stops_both_with_the_normal_message(tmp_path):
    port, queue = free_port(), f"test-start-{uuid.uuid4().hex[:8]}"
    env = {
        **os.environ,
        "BRIDGEDESK_DATA_DIR": str(tmp_path),
        "SECRET_KEY": "test-start-secret-key-" + "x" * 40,
        "DATABASE_URL": f"sqlite:///{tmp_path}/start.sqlite3",
        "CELERY_TASK_DEFAULT_QUEUE": queue,
        "HOST": "127.0.0.1",
        "PORT": str(port),
    }
    for name in ("DJANGO_SETTINGS_MODULE", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "EMAIL_URL"):
        env.pop(name, None)  # the embedded defaults, in the temporary data folder
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    with out.open("w") as stdout, err.open("w") as stderr:
        proc = subprocess.Popen(
            [sys.executable, "manage.py", "start", "--no-demo"],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=stderr,
            preexec_fn=_terminal_child,
        )
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/", timeout=2) as answer:
                        assert answer.status == 200
                        break
                except OSError:
                    assert time.monotonic() < deadline, out.read_text() + err.read_text()
                    assert proc.poll() is None, out.read_text() + err.read_text()
                    time.sleep(0.5)
            time.sleep(3)  # the worker is up too
            assert list(tmp_path.glob("celerybeat-schedule*")), "the worker runs the beat (scheduled upkeep) too"
            os.killpg(proc.pid, signal.SIGINT)  # what the terminal does on Ctrl-C
            assert proc.wait(timeout=40) == 0
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
    lines = out.read_text().splitlines()
    assert lines[0] == f"Database ready: {tmp_path}/start.sqlite3"
    assert lines[1] == f"Today's backup: {tmp_path}/backups/daily-{datetime.date.today():%Y-%m-%d}.sqlite3"
    assert lines[2].startswith("Created the director login  user: director  password: ")
    assert lines[3] == f"(also written to {tmp_path}/first-login.txt; change it under Admin once logged in)"
    assert lines[4:] == [
        "",
        f"Bridgedesk is running at http://127.0.0.1:{port}/  (a Celery worker runs beside it)",
        f"Phones cannot open these links: http://127.0.0.1:{port} only works on this computer. Stop Bridgedesk and "
        f"start it with `HOST=0.0.0.0 PORT={port} make run` (or set SITE_URL to the address the phones use).",
        "Press Ctrl-C to stop both.",
        "",
        "Stopping the web server and the worker ...",
        "Stopped.",
    ]
    errors = err.read_text()
    for stray in ("Hitting Ctrl+C again", "Warm shutdown", "-------------- celery@", "Quit the server with"):
        assert stray not in out.read_text() + errors
    left = subprocess.run(["pgrep", "-f", queue], capture_output=True, text=True).stdout.split()
    assert left == []
