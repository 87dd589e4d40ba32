"""Shared fixtures: a real Celery worker process, the shared/ reference data, logged-in directors."""

from __future__ import annotations

import asyncio
import importlib
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from config import celery_app

# Tests check what the code does, benchmarks (bench/) how fast: no property test fails because a busy machine
# (or two xdist workers on two cores) made one example slow.
hypothesis_settings.register_profile("bridgedesk", deadline=None, suppress_health_check=[HealthCheck.too_slow])
hypothesis_settings.load_profile("bridgedesk")

SHARED = Path(settings.BASE_DIR).parent / "shared"


def pytest_configure(config: pytest.Config) -> None:
    """The catalogues compiled as `make test` compiles them, so `pytest` run by hand on a fresh checkout (a lane's
    worktree, one file) tests the translations rather than silent English. Once, in the main process (not in
    each xdist worker, which would write the same .mo files at once); a .mo newer than its .po is left alone."""
    if hasattr(config, "workerinput"):
        return
    script = Path(settings.BASE_DIR) / "scripts" / "compile-messages"
    subprocess.run([sys.executable, str(script), "--quiet"], check=True)


def _database_url_for_tests() -> str:
    """The URL of the test database pytest-django made, so a worker process sees the same data."""
    from django.db import connection

    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = db.get("USER") or ""
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    port = f":{db['PORT']}" if db.get("PORT") else ""
    return f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}{port}/{db['NAME']}"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """../shared beside the repository: skipped (one reason) without it, except in CI, where it must be."""
    from tests.shared_data import need_shared

    return need_shared()


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker) -> Iterator[subprocess.Popen[bytes]]:
    """Start a real `celery worker` process on a queue of its own, against the test database.

    Tests that use it must commit their data (the `transactional_db` fixture), since the worker reads it
    through its own connection.
    """
    queue = f"test-{uuid.uuid4().hex[:10]}"
    with django_db_blocker.unblock():
        db_url = _database_url_for_tests()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "DATABASE_URL": db_url,
        "CELERY_TASK_DEFAULT_QUEUE": queue,
        "CELERY_TASK_ALWAYS_EAGER": "0",
    }
    log = Path(settings.DATA_DIR) / f"worker-{queue}.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "-Q",
                queue,
                "--concurrency",
                "1",
                "--pool",
                "solo",
                "--loglevel",
                "INFO",
                "--without-heartbeat",
                "--without-gossip",
                "--without-mingle",
            ],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    old_queue = celery_app.conf.task_default_queue
    celery_app.conf.task_default_queue = queue
    try:
        deadline = time.monotonic() + 60
        while b"ready." not in log.read_bytes():
            if proc.poll() is not None:
                pytest.fail(f"the Celery worker exited at start-up:\n{log.read_text()[-3000:]}")
            if time.monotonic() > deadline:
                pytest.fail(f"the Celery worker did not get ready in 60 s:\n{log.read_text()[-3000:]}")
            time.sleep(0.2)
        yield proc
    finally:
        celery_app.conf.task_default_queue = old_queue
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.unlink(missing_ok=True)


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: the database is new each time, row ids come back, and a page
    cached by an earlier test must not be served to a later one."""
    from django.core.cache import cache

    prefix = cache.key_prefix if hasattr(cache, "key_prefix") else ""
    client = getattr(getattr(cache, "_cache", None), "get_client", None)
    if prefix and client is not None:  # Redis: only this worker's keys (a flush would empty the other workers')
        redis = client(write=True)
        for key in redis.scan_iter(match=f"{prefix}:*", count=1000):
            redis.delete(key)
    else:
        cache.clear()  # the scores, section maps and public pages are all kept in it


@pytest.fixture(autouse=True)
def _browser_connections_closed(request):
    """A live-server test leaves no database connection open behind it.

    Playwright's sync API runs an event loop in the test's thread, so ORM calls made inside `with
    sync_playwright()` get a connection of their own (Django keeps connections per thread, and per context while
    a loop runs), which pytest-django never closes: the last one held the test database open, and dropping it at
    the end failed ("is being accessed by other users"). That connection is found the way it was made, from a
    running loop, and closed outside it."""
    yield
    if "live_server" not in request.fixturenames:
        return
    from django.db import connections

    async def opened_under_a_loop() -> list:
        return [connections[alias] for alias in connections]

    for wrapper in asyncio.run(opened_under_a_loop()):
        wrapper.close()


@pytest.fixture(autouse=True)
def _audit_log_flushable_on_sqlite(request):
    """Let transactional tests on SQLite end cleanly despite the append-only audit log.

    Between transactional tests Django empties every table; PostgreSQL truncates (no row triggers fire),
    SQLite deletes, which the audit log's trigger refuses. Only for that clean-up, and only on SQLite, the
    trigger is lifted and put back.
    """
    marker = request.node.get_closest_marker("django_db")
    transactional = bool({"transactional_db", "live_server"} & set(request.fixturenames)) or bool(
        marker and marker.kwargs.get("transaction")
    )
    from django.db import connection

    if not transactional or connection.vendor != "sqlite":
        yield
        return
    request.getfixturevalue("transactional_db")  # set up inside this fixture, so torn down after it
    yield
    triggers = importlib.import_module("tournaments.migrations.0002_audit_append_only")
    with connection.cursor() as cursor:
        for sql in triggers.SQLITE_DOWN:
            cursor.execute(sql)
        cursor.execute(f"DELETE FROM {triggers.TABLE}")
        for sql in triggers.SQLITE_UP:
            cursor.execute(sql)


@pytest.fixture(autouse=True)
def _schema_back_to_today(request):
    """A migration test moves the schema back and forth: whatever it leaves, the next test on this worker finds
    today's tables (a later migration may add columns or rules that the models and other tests rely on)."""
    if "migration" not in request.module.__name__.rsplit(".", 1)[-1]:
        yield
        return
    request.getfixturevalue("transactional_db")  # set up inside this fixture, so torn down after it
    yield
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.fixture
def director(django_user_model):
    """The first login `make run` creates: a superuser with the club administrator role."""
    from tournaments.core.access import Role, grant

    user = django_user_model.objects.create_superuser(username="director", password="bridge-director-pw")
    grant(user, Role.ADMINISTRATOR)
    return user


def _login_with_role(django_user_model, role_name: str):
    from tournaments.core.access import Role, grant

    user = django_user_model.objects.create_user(username=f"{role_name}-login", password="role-pw-12345")
    grant(user, Role(role_name))
    return user


@pytest.fixture
def role_user(django_user_model):
    """Make a (non-staff) login holding one role: `role_user("scorer")`."""
    return lambda role_name: _login_with_role(django_user_model, role_name)


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client
