"""Benchmark: 100 readers of a published 30-table session, against gunicorn on PostgreSQL.

Run: ``.venv/bin/python bench/bench_public.py [--readers 100] [--run-time 60]``.

It builds a complete 30-table demo Mitchell in a new PostgreSQL database (``$BENCH_PG_DB``, default
`bd_bench_public_<pid>`, dropped at the end) on ``$BENCH_PG_URL`` (default ``postgres://postgres@127.0.0.1:5432``),
publishes it, and serves it with gunicorn --preload (4 processes x 8 threads, keep-alive 75 s as behind a proxy, DEBUG
off). Locust (bench/locust_public.py, headless, on the same 2-core machine) plays the readers: standings, score cards
and the boards page, 1-3 s apart, and the floor (a bare Django view through the same middleware, bench/floor_wsgi.py).
Half-way through, a director's correction (one result changed through the service) invalidates every cached page, as on
a real evening. Prints p50/p95/max per page, each also as a multiple of the floor's in the same run (a shared machine's
load moves the milliseconds far more than the ratios), the machine's load average at the start and the end, and the
errors; exits 1 on any error.
"""

from __future__ import annotations

import argparse
import csv
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

GOAL_P95_MS = 50.0
GUNICORN = ["-w", "4", "--threads", "8", "--keep-alive", "75"]


def _django(url: str, workdir: str) -> None:
    os.environ.update(
        DATABASE_URL=url,
        BRIDGEDESK_DATA_DIR=workdir,
        SECRET_KEY="bench-only-secret",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    import django

    django.setup()


def prepare(url: str, workdir: str, plan_path: str) -> None:
    """(Child process) migrate, build and publish the session, and write the pages the readers read."""
    _django(url, workdir)
    from django.core.management import call_command

    from tournaments.publishing.services import publish
    from tournaments.sessions.services.demo import build_demo_session

    call_command("migrate", verbosity=0)
    session = build_demo_session(tables=30, movement="mitchell", seed=30, quick=True)
    publish(actor=None, session=session)
    entries = list(session.sections.get().entries.values_list("pk", flat=True))
    plan = {
        "session": session.pk,
        "standings": f"/results/{session.pk}/",
        "boards": f"/results/{session.pk}/boards/",
        "scorecards": [f"/results/{session.pk}/pairs/{pk}/" for pk in entries],
    }
    Path(plan_path).write_text(json.dumps(plan))


def correct(url: str, workdir: str, session_id: str) -> None:
    """(Child process) a director's web process: loaded and the session reopened for corrections before the
    readers start (so neither Python's start nor a second version lands in the timed run), then, on a line on
    stdin, one result corrected: every cached page of the session is stale."""
    _django(url, workdir)
    from tournaments.sessions.models import Result, Session
    from tournaments.sessions.services.results import change_result
    from tournaments.sessions.services.sessions import set_status

    session = Session.objects.get(pk=int(session_id))
    set_status(actor=None, session=session, status=Session.Status.PLAYING)
    result = Result.objects.filter(section__session=session, kind=Result.Kind.PLAYED).first()
    assert result is not None
    print("ready", flush=True)
    sys.stdin.readline()
    started = time.perf_counter()
    change_result(actor=None, result=result, contract="3NT", declarer="S", tricks="+1", why="bench correction")
    print(f"corrected in {(time.perf_counter() - started) * 1000:.0f} ms", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--readers", type=int, default=100)
    parser.add_argument("--run-time", type=int, default=60)
    parser.add_argument("--prepare", nargs=3, help=argparse.SUPPRESS)
    parser.add_argument("--correct", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.prepare:
        prepare(*args.prepare)
        return 0
    if args.correct:
        correct(*args.correct)
        return 0

    load_before = os.getloadavg()[0]
    workdir = tempfile.mkdtemp(prefix="bench-public-")
    url = fresh_database("bd_bench_public")
    plan = f"{workdir}/plan.json"
    me = [sys.executable, __file__]
    subprocess.run([*me, "--prepare", url, workdir, plan], check=True, capture_output=True)
    env = {**os.environ, "DATABASE_URL": url, "BRIDGEDESK_DATA_DIR": workdir, "SECRET_KEY": "bench-only-secret"}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "0", "BENCH_PUBLIC_PLAN": plan})
    port = 18000 + os.getpid() % 1000
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "bench.floor_wsgi:application",
            "--preload",
            "-b",
            f"127.0.0.1:{port}",
            *GUNICORN,
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    pages = json.loads(Path(plan).read_text())
    try:
        director = subprocess.Popen(
            [*me, "--correct", url, workdir, str(pages["session"])], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        assert director.stdin is not None and director.stdout is not None
        for line in director.stdout:  # its own output first, if any
            if line.strip() == b"ready":
                break
        else:
            raise SystemExit("the director's process did not start")
        for _ in range(200):
            try:
                urllib.request.urlopen(base + pages["standings"]).read()
                break
            except OSError:
                time.sleep(0.1)

        def correction() -> None:
            assert director.stdin is not None and director.stdout is not None
            director.stdin.write(b"now\n")
            director.stdin.flush()
            said = next((line for line in director.stdout if line.startswith(b"corrected")), b"no answer")
            print(f"correction at {args.run_time / 2:.0f} s: {said.decode().strip()}")

        timer = threading.Timer(args.run_time / 2, correction)
        timer.start()
        locust = [sys.executable, "-m", "locust", "-f", str(ROOT / "bench" / "locust_public.py"), "--headless"]
        locust += ["-u", str(args.readers), "-r", str(args.readers), "--run-time", f"{args.run_time}s"]
        locust += ["--host", base, "--csv", f"{workdir}/locust", "--only-summary", "--loglevel", "WARNING"]
        subprocess.run(locust, cwd=ROOT, env=env, capture_output=True)
        timer.join()
        director.wait(timeout=30)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    print(f"load average (1 min): {load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end (2 cores)")
    return _report(f"{workdir}/locust_stats.csv")


def _report(stats_csv: str) -> int:
    """Each page's p50/p95/max, and p50/p95 as multiples of the floor's; 1 if any request failed."""
    with open(stats_csv, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    floor = next((r for r in rows if r["Name"] == "floor"), None)
    f50, f95 = (max(float(floor["50%"]), 1.0), max(float(floor["95%"]), 1.0)) if floor else (1.0, 1.0)
    print(
        f"{'page':<14}{'count':>7}{'errors':>8}{'p50 ms':>8}{'p95 ms':>8}{'max ms':>8}{'p50 x':>7}{'p95 x':>7}"
        f"   goal p95 < {GOAL_P95_MS:.0f}"
    )
    failed = False
    for row in rows:
        count, errors = int(row["Request Count"]), int(row["Failure Count"])
        p50, p95 = float(row["50%"]), float(row["95%"])
        verdict = "met" if p95 < GOAL_P95_MS else "MISSED"
        print(
            f"{row['Name']:<14}{count:>7}{errors:>8}{p50:>8.0f}{p95:>8.0f}{float(row['Max Response Time']):>8.0f}"
            f"{p50 / f50:>7.1f}{p95 / f95:>7.1f}   {verdict}"
        )
        failed |= errors > 0
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
