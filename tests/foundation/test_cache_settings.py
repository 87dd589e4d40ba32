"""One cache backend, chosen from the environment: local memory on a laptop, Redis when one is named.

Settings are read in a fresh process (they are read once at import), with a real Redis of our own when the
Redis backend's round trip is checked.
"""

import json
import os
import shutil
import socket
import subprocess
import sys
import time

import pytest
from django.conf import settings

_PRINT = (
    "import json, config.settings as s; c = s.CACHES['default'];"
    " d = s.DATABASES['default'];"
    " print(json.dumps([c['BACKEND'].rsplit('.', 1)[-1], c.get('LOCATION', ''), d['CONN_MAX_AGE'],"
    " d['CONN_HEALTH_CHECKS']]))"
)
_CLEARED = {"CACHE_URL", "REDIS_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "DATABASE_URL", "SECRET_KEY"}


def _settings_with(env: dict[str, str], code: str = _PRINT) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in _CLEARED}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=settings.BASE_DIR,
        env={**clean, "SECRET_KEY": "x" * 50, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def _chosen(env: dict[str, str]) -> list[object]:
    done = _settings_with(env)
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def test_the_laptop_default_is_local_memory_with_kept_checked_connections():
    assert _chosen({}) == ["LocMemCache", "", 60, True]


@pytest.mark.parametrize(
    ("env", "location"),
    [
        ({"CACHE_URL": "redis://127.0.0.1:6379/8"}, "redis://127.0.0.1:6379/8"),
        ({"REDIS_URL": "redis://127.0.0.1:6379/7"}, "redis://127.0.0.1:6379/7"),
        ({"CELERY_BROKER_URL": "redis://127.0.0.1:6379/5"}, "redis://127.0.0.1:6379/5"),
        (
            {"CELERY_BROKER_URL": "redis://127.0.0.1:6379/5", "CACHE_URL": "redis://10.0.0.2:6379/1"},
            "redis://10.0.0.2:6379/1",
        ),
    ],
)
def test_redis_when_one_is_named_or_the_broker_is_redis(env, location):
    assert _chosen(env) == ["RedisCache", location, 60, True]


def test_local_memory_can_be_asked_for_beside_a_redis_broker():
    assert _chosen({"CELERY_BROKER_URL": "redis://127.0.0.1:6379/5", "CACHE_URL": "locmem://"})[0] == "LocMemCache"


def test_an_unknown_cache_scheme_stops_the_start_with_its_name():
    done = _settings_with({"CACHE_URL": "memcached://127.0.0.1:11211"})
    assert done.returncode == 1
    assert "CACHE_URL='memcached://127.0.0.1:11211' has an unsupported scheme 'memcached'" in done.stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_two_processes_share_one_redis_cache(tmp_path):
    """What one web process stores, another reads: a correction is built once for every process."""
    server = shutil.which("redis-server")
    if server is None:
        pytest.skip("redis-server is not installed on this machine")
    port = _free_port()
    proc = subprocess.Popen(
        [server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", tmp_path],
        stdout=subprocess.DEVNULL,
    )
    try:
        url = f"redis://127.0.0.1:{port}/0"
        setup = "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='config.settings'; django.setup();"
        setup += " from django.core.cache import cache;"
        for _ in range(50):
            if _settings_with({"CACHE_URL": url}, setup + " cache.set('k', 'page-v3', 60)").returncode == 0:
                break
            time.sleep(0.1)
        read = _settings_with({"CACHE_URL": url}, setup + " print(cache.get('k'))")
        assert read.returncode == 0, read.stderr
        assert read.stdout.strip().splitlines()[-1] == "page-v3"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


_DATABASES = (
    "import json, config.settings as s;"
    " print(json.dumps({k: [d['CONN_MAX_AGE'], d.get('DISABLE_SERVER_SIDE_CURSORS', False)]"
    " for k, d in s.DATABASES.items()}))"
)


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, {"default": [60, False]}),
        (  # PgBouncer in transaction mode: no connection kept past a request, no server-side cursor (issue 30)
            {"DB_CONN_MAX_AGE": "0", "DB_SERVER_SIDE_CURSORS": "0"},
            {"default": [0, True]},
        ),
        (
            {"DB_CONN_MAX_AGE": "0", "DB_SERVER_SIDE_CURSORS": "0", "DATABASE_REPLICA_URL": "postgres://r@replica/bd"},
            {"default": [0, True], "replica": [0, True]},
        ),
    ],
)
def test_pgbouncer_safe_database_settings_from_the_environment(env, expected):
    done = _settings_with({"DATABASE_URL": "postgres://u@pgbouncer:6432/bd", **env}, _DATABASES)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == expected


@pytest.mark.parametrize(
    ("env", "engine"),
    [
        ({}, "django.contrib.sessions.backends.db"),
        ({"SESSIONS_IN_CACHE": "1"}, "django.contrib.sessions.backends.cached_db"),
    ],
)
def test_login_sessions_are_in_the_database_or_read_through_the_shared_cache(env, engine):
    code = "import django, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings'; django.setup()\n"
    code += "from django.conf import settings; print(settings.SESSION_ENGINE)"
    done = _settings_with({"CACHE_URL": "redis://127.0.0.1:6379/11", **env}, code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == engine
