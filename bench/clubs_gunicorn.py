"""gunicorn config for bench/bench_clubs.py's web processes (`scripts/entrypoint web --config THIS`): the floor
and each request's CPU.

- The floor: a bare Django view through the same middleware at /bench-floor/ (bench_ratios._floor_urlconf), put
  in each worker after it has loaded the application, so the bench can give every kind of request as a multiple
  of the floor measured under the same load in the same run.
- CPU: gunicorn's gthread worker runs `pre_request` and `post_request` in the thread that answers, so the
  thread's CPU clock between them is that request's CPU (its own work, not the time it waited for the GIL, the
  database or Redis). One line a request, `wall_end kind cpu_ms`, goes to `$BENCH_CPU_DIR/cpu-<pid>.txt`.
- Profile: with ``BENCH_PROFILE=KIND`` (e.g. ``phone_posts``) each request of that kind is profiled (cProfile, in
  its own thread only: Python 3.11's profiler is per thread), and each worker writes the sum after each to
  `$BENCH_CPU_DIR/profile-<pid>.pstats` (bench_clubs.py prints the top functions).
"""

from __future__ import annotations

import cProfile
import os
import pstats
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

_local = threading.local()
_lock = threading.Lock()
_out: Any = None
_profiled: list[cProfile.Profile] = []
PROFILE = os.environ.get("BENCH_PROFILE", "").replace("_", " ")


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
    _local.profile = None
    if PROFILE and kind_of(req.method, req.path) == PROFILE:
        _local.profile = cProfile.Profile(time.thread_time)  # CPU, not the waits
        _local.profile.enable()
    _local.started = time.thread_time()


def post_request(worker: Any, req: Any, environ: dict[str, Any], resp: Any) -> None:
    global _out
    started = getattr(_local, "started", None)
    if started is None:
        return
    cpu = (time.thread_time() - started) * 1000
    profile = getattr(_local, "profile", None)
    if profile is not None:
        profile.disable()
        _local.profile = None
        with _lock:  # the sum so far, written at each (a worker stopped by a signal may not reach worker_exit)
            _profiled.append(profile)
            stats = pstats.Stats(_profiled[0])
            for more in _profiled[1:]:
                stats.add(more)
            stats.dump_stats(str(Path(os.environ.get("BENCH_CPU_DIR", "/tmp")) / f"profile-{os.getpid()}.pstats"))
    line = f"{time.time():.3f} {kind_of(req.method, req.path).replace(' ', '_')} {cpu:.3f}\n"
    with _lock:
        if _out is None:
            folder = Path(os.environ.get("BENCH_CPU_DIR", "/tmp"))
            _out = (folder / f"cpu-{os.getpid()}.txt").open("a", buffering=1)
        _out.write(line)
