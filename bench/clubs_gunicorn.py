"""gunicorn config for bench/bench_clubs.py's web processes (`scripts/entrypoint web --config THIS`): the floor
and each request's CPU.

- The floor: a bare Django view through the same middleware at /bench-floor/ (bench_ratios._floor_urlconf), put
  in each worker after it has loaded the application, so the bench can give every kind of request as a multiple
  of the floor measured under the same load in the same run.
- CPU: gunicorn's gthread worker runs `pre_request` and `post_request` in the thread that answers, so the
  thread's CPU clock between them is that request's CPU (its own work, not the time it waited for the GIL, the
  database or Redis). One line a request, `wall_end kind cpu_ms`, goes to `$BENCH_CPU_DIR/cpu-<pid>.txt`.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

_local = threading.local()
_lock = threading.Lock()
_out: Any = None


def kind_of(method: str, path: str) -> str:
    """The bench's kind of request, from its method and path (the same names as the bench's table)."""
    if path == "/bench-floor/":
        return "floor"
    if path.endswith("/events/"):
        return "stream opened"
    if "/api/table/" in path:
        return "phone posts" if method == "POST" else "phone follows"
    if "/results/" in path:
        return "public page"
    if "/accounts/login/" in path:
        return "director sign-in"
    if "/sessions/" in path:
        return "director page"
    return "other"


def post_worker_init(worker: Any) -> None:
    from bench_ratios import _floor_urlconf
    from django.urls import reverse

    _floor_urlconf()
    reverse("login")  # the new URLconf's maps filled once, not by the first requests


def pre_request(worker: Any, req: Any) -> None:
    _local.started = time.thread_time()


def post_request(worker: Any, req: Any, environ: dict[str, Any], resp: Any) -> None:
    global _out
    started = getattr(_local, "started", None)
    if started is None:
        return
    cpu = (time.thread_time() - started) * 1000
    line = f"{time.time():.3f} {kind_of(req.method, req.path).replace(' ', '_')} {cpu:.3f}\n"
    with _lock:
        if _out is None:
            folder = Path(os.environ.get("BENCH_CPU_DIR", "/tmp"))
            _out = (folder / f"cpu-{os.getpid()}.txt").open("a", buffering=1)
        _out.write(line)
