"""Liveness and readiness for a proxy, a load balancer or Kubernetes.

`/healthz` says only that this process answers (no engine asked, so a database outage never gets every web
process restarted at once); `/readyz` asks each engine the process needs, the database, the cache and the
Celery broker, and answers 503 naming the ones that did not answer, so the proxy sends no traffic here
meanwhile. Neither writes anything, and neither is cached by anyone in between.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.db import connections
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from tournaments.core.access import public

log = logging.getLogger(__name__)
BROKER_TIMEOUT = 2.0  # seconds; a probe answers well inside the probe's own timeout


def check_database() -> None:
    """One round trip on every configured database (a read replica too)."""
    for alias in settings.DATABASES:
        with connections[alias].cursor() as cursor:
            cursor.execute("SELECT 1")


def check_cache() -> None:
    """The shared cache answers a read (a miss is an answer; a dead Redis raises)."""
    cache.get("bridgedesk:readyz")


def check_broker() -> None:
    """The Celery broker takes a connection (the file-system broker: its folders exist)."""
    from config.celery import app  # Celery is loaded by the probe, not by every web process at start

    # The broker the settings name now: Celery keeps the configuration it read first, and a probe must not
    # report on an address the settings no longer give.
    url, options = settings.CELERY_BROKER_URL, settings.CELERY_BROKER_TRANSPORT_OPTIONS
    with app.connection_for_write(url, transport_options=options) as conn:
        conn.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT)


CHECKS: dict[str, Callable[[], None]] = {"database": check_database, "cache": check_cache, "broker": check_broker}


@public
@require_safe
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """The process is alive and serving requests."""
    return JsonResponse({"status": "ok"})


@public
@require_safe
@never_cache
def readyz(request: HttpRequest) -> JsonResponse:
    """Every engine answers: 200 with each check's time, or 503 naming what failed and why."""
    checks: dict[str, dict[str, object]] = {}
    for name, check in CHECKS.items():
        started = time.perf_counter()
        try:
            check()
        except Exception as exc:  # any failure of an engine means "not ready", never a 500
            log.warning("readiness: %s is not answering: %s", name, exc)
            checks[name] = {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:200]}
        else:
            checks[name] = {"ok": True, "ms": round((time.perf_counter() - started) * 1000, 1)}
    ready = all(c["ok"] for c in checks.values())
    return JsonResponse({"status": "ready" if ready else "not ready", "checks": checks}, status=200 if ready else 503)
