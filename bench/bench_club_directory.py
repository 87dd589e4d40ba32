"""Benchmark: what reading the clubs' directory once per request saves (issue 30), CPU in one process.

Run: ``CACHE_URL=redis://127.0.0.1:6379/9 .venv/bin/python bench/bench_club_directory.py [--repeat 300]``, after
``bench/bench_clubs.py --keep`` (or ``--reuse``) made ``bd_clubs_bench_ready_20x25``: a copy of it (20 clubs, each a
published evening) is the database, Redis the cache, as on a service. The floor (a bare view through the same
middleware) and a club's cached public page are fetched with Django's test client, CPU per request (median of
``--repeat``), with the directory held for the request (the clubs' middleware as it is) and read at each ask (the
middleware's `held` replaced by one that holds nothing: each part of the request reads the cache again).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def _psql(url: str, sql: str) -> str:
    return subprocess.run(["psql", url, "-qtAc", sql], check=True, capture_output=True, text=True).stdout.strip()


def _medians(client: object, pages: dict[str, str], repeat: int) -> dict[str, float]:
    out = {}
    for name, url in pages.items():
        spent = []
        for _ in range(repeat):
            started = time.process_time()
            client.get(url)  # type: ignore[attr-defined]
            spent.append((time.process_time() - started) * 1000)
        out[name] = statistics.median(spent)
    return out


def measure(repeat: int, rounds: int) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from bench_ratios import _floor_urlconf
    from django.db import connection
    from django.test import Client

    from tournaments.clubs import directory, middleware

    _floor_urlconf()
    with connection.cursor() as cursor:
        cursor.execute("SELECT clubs FROM bench_prepared")
        club = json.loads(cursor.fetchone()[0])[1]
    client = Client(HTTP_ACCEPT_ENCODING="gzip")
    pages = {"floor": f"/c/{club['slug']}/bench-floor/", "public page": f"/c/{club['slug']}/results/{club['session']}/"}
    for url in pages.values():
        for _ in range(20):
            assert client.get(url).status_code == 200, url

    @contextlib.contextmanager
    def not_held() -> Iterator[directory.Directory]:
        yield directory.directory()

    for _ in range(rounds):
        held = _medians(client, pages, repeat)
        middleware.held = not_held  # type: ignore[assignment]
        per_ask = _medians(client, pages, repeat)
        middleware.held = directory.held  # type: ignore[assignment]
        print("CPU ms, median: " + "; ".join(f"{k} {held[k]:.3f} held, {per_ask[k]:.3f} read per ask" for k in pages)
              + f"; load average {os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    pg = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432")
    db = f"bd_club_directory_{os.getpid()}"
    _psql(f"{pg}/postgres", f"CREATE DATABASE {db} TEMPLATE bd_clubs_bench_ready_20x25")
    os.environ.update({"DATABASE_URL": f"{pg}/{db}", "CACHE_KEY_PREFIX": db, "DEBUG": "1", "ALLOWED_HOSTS": "*"})
    os.environ.setdefault("SECRET_KEY", "bench-" + "x" * 40)
    try:
        measure(args.repeat, args.rounds)
    finally:
        from django.db import connections

        connections.close_all()
        _psql(f"{pg}/postgres", f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
