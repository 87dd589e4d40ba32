"""A blip is not a failure, tried on real servers of our own that the tests stop and start:
- a job that is being made while PostgreSQL restarts (down 3 s) finishes, and its message says what happened;
- a web request while PostgreSQL is down gets a 503 page that retries, then pages work again by themselves;
- starting a job while Redis (the broker) is down answers at once and keeps the job, which is sent once the
  broker is back; a worker whose Redis restarted reconnects and makes the next job."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.private_servers import PrivatePostgres, PrivateRedis, private_postgres, private_redis  # noqa: F401
from tournaments.printing.jobs import WAITING_FOR_BROKER

ROOT = Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.outage


@pytest.fixture(scope="module")
def env(private_postgres: PrivatePostgres, private_redis: PrivateRedis, tmp_path_factory) -> dict[str, str]:  # noqa: F811
    """The environment of a Bridgedesk process on the private servers, with the database migrated."""
    data = tmp_path_factory.mktemp("data")
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "CELERY_", "DJANGO_"))}
    environ.update(
        DJANGO_SETTINGS_MODULE="config.test_settings", DATABASE_URL=private_postgres.url, PYTHONPATH=str(ROOT),
        CELERY_BROKER_URL=private_redis.url, BRIDGEDESK_DATA_DIR=str(data), BRIDGEDESK_JOB_LEASE_SECONDS="2",
        ALLOWED_HOSTS="127.0.0.1,localhost,testserver",
    )  # fmt: skip
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=environ, check=True, timeout=300)
    return environ


def script(env: dict[str, str], mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "tests.tournaments.jobs.outage_script", mode], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip


def next_event(process: subprocess.Popen[str]) -> dict:
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("{"):
            return json.loads(line)
    raise AssertionError(f"the script ended without a word: {process.stderr.read() if process.stderr else ''}")


def test_a_job_being_made_survives_a_database_restart(env, private_postgres):  # noqa: F811
    process = script(env, "slow-job")
    assert next_event(process)["event"] == "started"
    time.sleep(1.5)  # well into the render, its heartbeat beating every half second
    private_postgres.stop()
    time.sleep(3)
    private_postgres.start()
    finished = next_event(process)
    print("job after a 3 s restart:", finished)  # the figure docs/security.md quotes (pytest -rP shows it)
    assert process.wait(timeout=120) == 0
    assert (finished["status"], finished["attempts"], finished["error"]) == ("done", 1, ""), process.stderr.read()
    assert "the database was away for" in finished["message"] and "run again once it was back" in finished["message"]


@pytest.fixture
def web(env) -> Iterator[str]:
    """Gunicorn serving Bridgedesk from the private servers, as in production."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{port}", "-w", "1",
                               "--threads", "2"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(url + "/accounts/login/", timeout=5)
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.3)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)


def fetch(
    url: str, data: bytes | None = None, opener: urllib.request.OpenerDirector | None = None
) -> tuple[int, str, dict[str, str]]:
    try:
        with (opener or urllib.request.build_opener()).open(url, data, timeout=30) as r:
            return r.status, r.read().decode(), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(), dict(e.headers)


def test_a_page_asked_for_while_the_database_is_down_gets_a_503_that_retries(web, private_postgres):  # noqa: F811
    assert fetch(web + "/results/")[0] == 200
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    form = browser.open(web + "/accounts/login/", timeout=30).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
    assert token is not None
    private_postgres.stop()
    try:
        status, body, headers = fetch(web + "/results/")
        assert (status, headers.get("Retry-After")) == (503, "10")
        assert "The database is not answering just now" in body and 'http-equiv="refresh" content="10"' in body
        assert "script-src 'self'" in headers["Content-Security-Policy"]
        login = urllib.parse.urlencode({"username": "td", "password": "pw", "csrfmiddlewaretoken": token[1]})
        status, body, headers = fetch(web + "/accounts/login/", login.encode(), browser)
        assert (status, headers.get("Retry-After")) == (503, "10")  # the login needs the database: not a 500
        assert "Nothing you sent was saved" in body and "http-equiv" not in body  # a POST is not sent again
    finally:
        private_postgres.start()
    assert fetch(web + "/results/")[0] == 200  # back by itself: no restart of the web process


def test_starting_a_job_while_the_broker_is_down_answers_at_once(env, private_redis):  # noqa: F811
    process = script(env, "start-by-web")  # Redis not started: nothing listens on its port
    answered = next_event(process)
    print("start while the broker is down:", answered)  # the figure docs/security.md quotes
    assert process.wait(timeout=60) == 0
    assert answered["status"] == 302 and answered["seconds"] < 5
    assert (answered["job_status"], answered["message"]) == ("queued", WAITING_FOR_BROKER)
    private_redis.start()
    try:
        job = answered["job"]
        aged = f"UPDATE tournaments_generatedfile SET updated_at = now() - interval '1 minute' WHERE id = {job}"
        subprocess.run(["psql", "-h", "127.0.0.1", "-p", "5433", "-U", "postgres", "-d", "bd_outage", "-c", aged],
                       check=True, capture_output=True)  # fmt: skip
        resend = script(env, "resend")
        assert next_event(resend) == {"event": "resent", "jobs": [answered["job"]]}
        assert resend.wait(timeout=60) == 0
        assert private_redis.length("bridgedesk") == 1  # the job's message waits for a worker
    finally:
        private_redis.stop()


def job_status(job_id: int) -> str:
    sql = f"SELECT status FROM tournaments_generatedfile WHERE id = {job_id}"
    out = subprocess.run(["psql", "-h", "127.0.0.1", "-p", "5433", "-U", "postgres", "-d", "bd_outage", "-tAc", sql],
                         capture_output=True, text=True, check=True)  # fmt: skip
    return out.stdout.strip()


def test_a_worker_carries_on_after_the_broker_restarts(env, private_redis, tmp_path):  # noqa: F811
    private_redis.start()
    log = (tmp_path / "worker.log").open("wb")
    worker = subprocess.Popen([sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", "bridgedesk",
                               "--concurrency", "1", "--pool", "solo", "--without-heartbeat", "--without-gossip",
                               "--without-mingle"], cwd=ROOT, env=env, stdout=log, stderr=log)  # fmt: skip
    try:
        time.sleep(5)  # the worker connects
        private_redis.stop()
        time.sleep(3)
        private_redis.start()
        process = script(env, "start-by-web")
        answered = next_event(process)
        assert process.wait(timeout=60) == 0 and answered["status"] == 302
        deadline = time.monotonic() + 60
        while job_status(answered["job"]) != "done" and time.monotonic() < deadline:
            time.sleep(0.5)
        assert job_status(answered["job"]) == "done", (tmp_path / "worker.log").read_text()
    finally:
        worker.terminate()
        worker.wait(timeout=30)
        log.close()
        private_redis.stop()
