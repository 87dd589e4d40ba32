"""Benchmark: what one reader of each public page waits while a correction's pages are rebuilt.

Run: ``.venv/bin/python bench/bench_rebuild.py [--readers-per-page 2] [--after 3]``.

Builds and publishes the 30-table session of bench_public.py (same ``$BENCH_PG_DB`` / ``$BENCH_PG_URL``, and
``$CACHE_URL``: give it Redis so the four processes share pages), serves it with gunicorn --preload (4 x 8, the
floor at /bench-floor/), and has a few plain readers (threads, one request at a time, 50 ms apart) read the
standings, the boards page, one board's page, four score cards and the floor, as a browser does (gzip). Two
seconds in, a director's process that was loaded beforehand corrects one result. Prints the slowest requests
with their time from the start and whether they were the previous version marked as updating, and per page the
p50 and maximum before and after the correction. Without a hundred readers loading the machine this shows the
rebuild itself: the readers who built a page, the ones served the previous version, and what it cost.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.pgdb import fresh_database  # noqa: E402  (one database per run)

PUBLIC = ROOT / "bench" / "bench_public.py"
Row = tuple[float, float, str, bool]  # started (s from the start), took (s), page, previous version


def _reader(base: str, page: str, t0: float, log: list[Row], stop: threading.Event) -> None:
    while not stop.is_set():
        started = time.monotonic()
        request = urllib.request.Request(base + page, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request) as answer:
            stale = answer.headers.get("Cache-Control") == "no-store"
            answer.read()
        log.append((started - t0, time.monotonic() - started, page, stale))
        time.sleep(0.05)


def _database() -> str:
    return fresh_database("bd_bench_rebuild")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--readers-per-page", type=int, default=2)
    parser.add_argument("--after", type=float, default=3.0, help="seconds to keep reading after the correction")
    parser.add_argument("--no-board-page", action="store_true", help="leave out one board's page (main has none)")
    args = parser.parse_args()
    url, work = _database(), tempfile.mkdtemp(prefix="bench-rebuild-")
    plan, me = f"{work}/plan.json", [sys.executable, str(PUBLIC)]
    subprocess.run([*me, "--prepare", url, work, plan], check=True, capture_output=True)
    env = {**os.environ, "DATABASE_URL": url, "BRIDGEDESK_DATA_DIR": work, "SECRET_KEY": "bench-only-secret"}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "0"})
    port = 19000 + os.getpid() % 500
    gunicorn = ["bench.floor_wsgi:application", "--preload", "-b", f"127.0.0.1:{port}", "-w", "4", "--threads", "8"]
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", *gunicorn],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    plans, base = json.loads(Path(plan).read_text()), f"http://127.0.0.1:{port}"
    director = subprocess.Popen([*me, "--correct", url, work, str(plans["session"])], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, env=env)  # fmt: skip
    assert director.stdin is not None and director.stdout is not None
    assert any(line.strip() == b"ready" for line in director.stdout)
    board = [] if args.no_board_page else [plans["boards"] + "1/"]
    pages = [plans["standings"], plans["boards"], *board, *plans["scorecards"][:4], "/bench-floor/"]
    log: list[Row] = []
    stop = threading.Event()
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/bench-floor/").read()
                break
            except OSError:
                time.sleep(0.1)
        for _ in range(4):  # every process has its URLconf warm and every page is cached
            for page in pages:
                urllib.request.urlopen(base + page).read()
        t0 = time.monotonic()
        readers = [
            threading.Thread(target=_reader, args=(base, page, t0, log, stop))
            for page in pages
            for _ in range(args.readers_per_page)
        ]
        for thread in readers:
            thread.start()
        time.sleep(2)
        at = time.monotonic() - t0
        director.stdin.write(b"now\n")
        director.stdin.flush()
        said = next((line for line in director.stdout if line.startswith(b"corrected")), b"no answer").decode()
        time.sleep(args.after)
        stop.set()
        for thread in readers:
            thread.join()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    print(f"load average {os.getloadavg()[0]:.1f} (2 cores); correction sent at {at:.2f} s, {said.strip()}")
    print("slowest requests:")
    for started, took, page, stale in sorted(sorted(log, key=lambda r: -r[1])[:12]):
        print(
            f"  at {started:5.2f} s {took * 1000:6.0f} ms  {page:<24}{'previous version (updating)' if stale else ''}"
        )
    stale_count = sum(1 for row in log if row[3])
    print(f"answered with the previous version: {stale_count} of {len(log)}")
    print(f"{'page':<26}{'before p50':>11}{'before max':>11}{'after p50':>11}{'after max':>11}  (ms)")
    for page in pages:
        before = sorted(r[1] * 1000 for r in log if r[2] == page and r[0] < at)
        after = sorted(r[1] * 1000 for r in log if r[2] == page and r[0] >= at)
        cells = [f"{xs[len(xs) // 2]:>11.0f}{xs[-1]:>11.0f}" if xs else f"{'-':>11}{'-':>11}" for xs in (before, after)]
        print(f"{page:<26}{cells[0]}{cells[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
