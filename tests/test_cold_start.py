"""A new web process loads every URLconf and view but none of the heavy libraries: those are imported where
they are used (the HEAVY allow-list of tests/test_layers.py), so a gunicorn worker answers its first page
without paying for ReportLab, the solver, numpy or Celery (issue 24). And config/wsgi.py loads the views before
any request, without a database connection: with `gunicorn --preload` the workers forked from it share them,
and no connection crosses the fork.

One exception to "every URLconf at start-up": the table API (django-ninja and pydantic were a third of a cold
start, which must stay under 0.5 s of CPU). A plain process imports it on the first `/api/` request or `api:`
reverse (config/urls.py, OnFirstUse); a preloading master (WEB_PRELOAD=1, scripts/entrypoint web) loads it,
and WhiteNoise's index of the static files, before forking, so its workers still pay for neither.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# The libraries only a PDF, a double-dummy solve, a field scoring, a queued job, a CSV export or a USEBIO
# file (lxml) needs.
HEAVY_LIBRARIES = ("reportlab", "endplay", "matplotlib", "numpy", "celery", "kombu", "tablib", "lxml")
CHILD = """
import io, json, sys
from config.wsgi import application
from django.db import connections
from django.urls import reverse
from tournaments.core.static import _MIDDLEWARES
preloaded = "tournaments.tableside.views" in sys.modules
api_preloaded = "tournaments.tableside.api" in sys.modules
static_indexed = all(m._indexed for m in _MIDDLEWARES)
connected = [c.alias for c in connections.all() if c.connection is not None]
environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/accounts/login/", "SERVER_NAME": "127.0.0.1",
    "SERVER_PORT": "80", "HTTP_HOST": "127.0.0.1", "wsgi.input": io.BytesIO(b""), "wsgi.url_scheme": "http",
    "wsgi.errors": sys.stderr}
status = []
b"".join(application(environ, lambda s, h, *a: status.append(s)))
loaded = sorted({m.split(".")[0] for m in sys.modules})
links = [reverse("tableside:service_worker"), reverse("api:openapi-json"), reverse("publishing:index")]
print(json.dumps({"status": status[0], "links": links, "loaded": loaded, "preloaded": preloaded,
    "api_preloaded": api_preloaded, "static_indexed": static_indexed, "connected": connected,
    "api_after_reverse": "tournaments.tableside.api" in sys.modules}))
"""


@pytest.fixture
def child_env(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "BRIDGEDESK_DATA_DIR": str(tmp_path), "SECRET_KEY": "test-only", "DEBUG": "0"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("WEB_PRELOAD", None)
    return env


def _first_response(env: dict[str, str]) -> dict[str, object]:
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=300)
    done = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen: dict[str, object] = json.loads(done.stdout)
    return seen


def test_a_new_web_process_loads_its_views_but_no_heavy_library(child_env: dict[str, str]) -> None:
    seen = _first_response(child_env)
    assert seen["status"].startswith("200")
    assert seen["links"] == ["/t/sw.js", "/api/schema/", "/results/"]
    assert seen["preloaded"]  # loaded by config/wsgi.py before the first request, not deferred
    assert seen["connected"] == []  # and without opening a database connection a fork would share
    assert [lib for lib in HEAVY_LIBRARIES if lib in seen["loaded"]] == []
    # The table API waits for its first use: not loaded by the first page, loaded by reversing its names.
    assert not seen["api_preloaded"]
    assert [lib for lib in ("ninja", "pydantic") if lib in seen["loaded"]] == []  # type: ignore[operator]
    assert seen["api_after_reverse"]
    assert not seen["static_indexed"]  # WhiteNoise scans the static files on the first request for one


def test_a_preloading_master_loads_the_api_and_static_index_before_forking(child_env: dict[str, str]) -> None:
    """`scripts/entrypoint web` runs gunicorn --preload with WEB_PRELOAD=1: the master loads what a plain process
    defers, so a forked worker's first table post or static file costs it nothing more (still no connection)."""
    child_env["WEB_PRELOAD"] = "1"
    child_env.pop("DATABASE_URL", None)  # its own SQLite file: two tests migrating one PostgreSQL database race
    seen = _first_response(child_env)
    assert seen["status"].startswith("200")  # type: ignore[attr-defined]
    assert seen["api_preloaded"]
    assert seen["static_indexed"]
    assert seen["connected"] == []


def test_the_laptop_default_does_not_load_redis(child_env: dict[str, str]) -> None:
    """With no Redis configured (no cache, broker or push URL), the push hub does not import the client: it is
    imported where Redis is used (tableside/hub.py), which was a tenth of a cold start (issue 24)."""
    for name in ("CACHE_URL", "REDIS_URL", "PUSH_URL", "CELERY_BROKER_URL", "DATABASE_URL"):
        child_env.pop(name, None)
    seen = _first_response(child_env)
    assert seen["status"].startswith("200")  # type: ignore[attr-defined]
    assert "redis" not in seen["loaded"]  # type: ignore[operator]
