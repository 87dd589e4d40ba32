"""Benchmark: many clubs on one service, on the evening (issue 30): every table's phone follows its table and
posts its results, public readers read the clubs' results, the directors watch their sessions; two web
processes (the image's entrypoint, gunicorn gthread) share PostgreSQL and Redis.

Run: ``.venv/bin/python bench/bench_clubs.py [--clubs 20] [--tables 25] [--readers 500] [--directors 20]
[--seconds 60] [--ports 8921,8922] [--setup-jobs 4] [--keep | --reuse] [--floor 20] [--post-every 420]
[--reader-every 30] [--director-every 5] [--burst CLUBS --burst-at 10 --burst-window 3]``; ``--quick`` samples the
same evening in under 3 minutes (4 clubs x 5 tables, 40 readers, 4 directors, 30 s, a post every 30 s a table;
any of those given as well wins).

Setting up is the slow part of a full run (20 clubs x 25 tables of demo evenings through the services): the clubs
are made by ``--setup-jobs`` Django shells at once (default 4), and ``--keep`` saves the set-up database, before
any load, as ``bd_clubs_bench_ready_<clubs>x<tables>``; ``--reuse`` then starts each run from a copy of it
(``CREATE DATABASE ... TEMPLATE``, seconds, the same clubs, tokens and untouched evening every time; made and
kept first when there is none). ``DROP DATABASE bd_clubs_bench_ready_20x25`` removes it.

It makes a throw-away database ``bd_clubs_bench_<run>`` on ``$BENCH_PG_URL`` (default
``postgres://postgres@127.0.0.1:5432``) and uses Redis ``$BENCH_REDIS`` (default ``redis://127.0.0.1:6379/4``,
keys under a per-run prefix) for the cache, sessions, rate limits and push. Each club gets a demo evening ready
to play (a Mitchell of ``--tables`` tables, links issued, published, so its public page is live) and a director.
Then the load driver (bench/clubs_driver.py: locust's FastHttpUser on gevent, ONE process and event loop, its
own CPU printed; it replaced a thread a user, whose ~1,000 threads took the cores from the web processes) runs
the evening for ``--seconds``, timed from when every phone holds its stream and has its first state:

- a user a table (the phone) posts a result every ``--post-every`` s (default 420: a real club's table plays a board
  in about 7 minutes; ``POST /c/<club>/api/table/<token>/results``) and follows its table: with ``--follow push``
  (the default, as table.js does when push is on) it holds the table's event stream (``/t/<token>/events/``,
  through Redis pub/sub across both web processes) and fetches its state (``GET /c/<club>/api/table/<token>/``
  with the last ETag) once per `change` event; with ``--follow poll`` every ``--poll-every`` s (table.js: 5 s);
- ``--readers`` public readers reload a random club's public standings ``/c/<club>/results/<pk>/`` (cached: the
  version's ETag, `s-maxage`) every ``--reader-every`` s (default 30: by hand, from home; the page does not
  refresh itself);
- ``--directors`` directors, signed in, read their club's session page and standings in turn every
  ``--director-every`` s (default 5: the live panel's own poll);
- ``--floor`` users (default 20) read the floor, a bare view through the same middleware, every 2 s.

The worst moment, as its own run: ``--burst K`` makes the first K clubs' whole section post their next result
within ``--burst-window`` s (default 3), ``--burst-at`` s into the run; those posts are timed as
``phone posts (burst)``. Each result bumps its session's version, so every other phone of the session fetches its
state once: a result costs a post and about one fetch per table of its section.

The web processes run with bench/clubs_gunicorn.py as gunicorn config: it adds the floor and writes each
request's CPU (the answering thread's clock), so the CPU per request of each kind is printed beside the latencies,
both also as multiples of the floor's (bench/clubs_report.py).

Requests alternate between the two web processes. Printed: per kind of request the count, p50/p95/p99 (ms)
and errors (any answer but 200/201/304, a stream refused or broken during the run), the streams held, and the
results stored against the posts answered 201 (each exactly once?). Goals (issue 30): posts p95 < 150 ms, cached
public pages p95 < 50 ms, 0 errors. Exits 1 on an error or a result not stored exactly once.

With push each gunicorn process gets threads for every stream of its web process plus 64 (gthread does not
spread connections evenly: bench_push.py); the ``--threads`` given is used as it is. Each gunicorn process
shares a pool of ``--pool`` database connections (DB_POOL_SIZE, default 15) among its threads: without it, a
thread a connection, hundreds of threads went past PostgreSQL's 100 connections and answered 503.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

from clubs_report import cpu_by_kind, report, results_stored, web_cpu

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
PASSWORD = "bench-clubs-director-pw"

SETUP = """
import json
from django.contrib.auth import get_user_model
from tournaments.clubs.models import Club, ClubRole
from tournaments.core.tenancy import using_club
from tournaments.publishing import services
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.sessions import set_status
from tournaments.tableside.services import issue_links
made = []
for n in range({start}, {clubs}, {step}):
    club = Club.objects.create(slug=f"club{{n:03d}}", name=f"Club {{n}}")
    user = get_user_model().objects.create_user(f"director{{n:03d}}", password="{password}")
    ClubRole.objects.create(user=user, club=club, role="director")
    with using_club(club.pk):
        s = build_demo_session(tables={tables}, movement="mitchell", seed=n, quick=True, results=False)
        set_status(actor=None, session=s, status="playing")
        services.publish(actor=None, session=s)
        tokens = [link.token for section in s.sections.all() for link in issue_links(section)]
    made.append({{"slug": club.slug, "session": s.pk, "user": user.username, "tokens": tokens}})
print("CLUBS " + json.dumps(made))
"""


def serve(args: argparse.Namespace) -> int:
    run = uuid.uuid4().hex[:8]
    pg = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432")
    db = f"bd_clubs_bench_{run}"
    data = Path(f"/tmp/bench-clubs-{run}")
    data.mkdir()
    redis, push = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/4"), args.follow == "push"
    ports = [int(p) for p in args.ports.split(",")]
    threads = args.threads or ((args.clubs * args.tables) // len(ports) + 64 if push else 32)
    env = {**os.environ, "PYTHON": sys.executable, "DATABASE_URL": f"{pg}/{db}", "CACHE_URL": redis,
        "CELERY_BROKER_URL": redis, "CACHE_KEY_PREFIX": f"bench-{run}", "BRIDGEDESK_DATA_DIR": str(data),
        "SECRET_KEY": "bench-clubs-" + "x" * 40, "WEB_WORKERS": str(args.workers), "WEB_THREADS": str(threads),
        "DB_CONN_MAX_AGE": "0" if push else "60", "DB_POOL_SIZE": str(args.pool), "LOG_LEVEL": "WARNING",
        "PUSH_URL": redis if push else "",
        "PUSH_CHANNEL": f"bench-clubs-{run}", "BENCH_CPU_DIR": str(data)}  # fmt: skip
    os.environ["BENCH_CPU_DIR"] = str(data)
    for name in ("DJANGO_SETTINGS_MODULE", "DATABASE_REPLICA_URL", "CELERY_RESULT_BACKEND"):
        env.pop(name, None)
    procs: list[subprocess.Popen[bytes]] = []
    try:
        entry = str(ROOT / "scripts/entrypoint")
        started = time.monotonic()
        clubs = prepare(args, env, pg, db)
        print(f"{args.clubs} clubs x {args.tables} tables ready in {time.monotonic() - started:.0f} s", flush=True)
        for port in ports:
            log = (data / f"web-{port}.log").open("wb")
            config = str(ROOT / "bench/clubs_gunicorn.py")  # the floor, and each request's CPU
            bound = {**env, "BIND": f"127.0.0.1:{port}"}
            procs.append(subprocess.Popen([entry, "web", "--config", config], cwd=ROOT, env=bound,
                                          stdout=log, stderr=subprocess.STDOUT))  # fmt: skip
        from tests.private_servers import _wait_port

        for port in ports:
            _wait_port(port, timeout=300)
        return load(args, clubs, ports, threads, f"{pg}/{db}", [p.pid for p in procs])
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=60)
        _print_profile(data)
        subprocess.run(["psql", f"{pg}/postgres", "-qc", f"DROP DATABASE IF EXISTS {db} WITH (FORCE)"], check=False)


def _print_profile(folder: Path) -> None:
    """With BENCH_PROFILE=KIND: the web workers' profiles of that kind's requests, summed (bench/clubs_gunicorn.py)."""
    import pstats

    found = sorted(str(p) for p in folder.glob("profile-*.pstats"))
    if found:
        print(f"profile of the {os.environ.get('BENCH_PROFILE')} requests, {len(found)} workers, by cumulative time:")
        pstats.Stats(*found).sort_stats("cumulative").print_stats(45)
        pstats.Stats(*found).sort_stats("tottime").print_stats(25)


def _psql(url: str, sql: str) -> str:
    return subprocess.run(["psql", url, "-qtAc", sql], check=True, capture_output=True, text=True).stdout.strip()


def ready_name(args: argparse.Namespace) -> str:
    """The prepared database `--keep` saves and `--reuse` copies: one per size of evening."""
    return f"bd_clubs_bench_ready_{args.clubs}x{args.tables}"


def set_up(args: argparse.Namespace, env: dict[str, str]) -> list[dict[str, Any]]:
    """The clubs made by `--setup-jobs` Django shells at once, each every n-th club (clubs are independent)."""
    entry, jobs = str(ROOT / "scripts/entrypoint"), max(1, min(args.setup_jobs, args.clubs))
    shells = [
        subprocess.Popen(
            [
                entry,
                "shell",
                "-c",
                SETUP.format(start=k, step=jobs, clubs=args.clubs, tables=args.tables, password=PASSWORD),
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for k in range(jobs)
    ]
    clubs: list[dict[str, Any]] = []
    for shell in shells:
        out, err = shell.communicate()
        if shell.returncode != 0:
            raise RuntimeError(f"the set-up failed: {err[-2000:]}")
        clubs += json.loads(out.split("CLUBS ", 1)[1])
    return sorted(clubs, key=lambda c: c["slug"])


def prepare(args: argparse.Namespace, env: dict[str, str], pg: str, db: str) -> list[dict[str, Any]]:
    """The run's database, migrated, with its clubs: copied from the prepared one (`--reuse`, a file copy in
    PostgreSQL, seconds), else made; `--keep` (and `--reuse` when there was none) saves it as the prepared one
    before any load touches it, the clubs' list inside it (table bench_prepared)."""
    entry, ready = str(ROOT / "scripts/entrypoint"), ready_name(args)
    admin = f"{pg}/postgres"
    if args.reuse and _psql(admin, f"SELECT 1 FROM pg_database WHERE datname = '{ready}'") == "1":
        _psql(admin, f"CREATE DATABASE {db} TEMPLATE {ready}")
        subprocess.run([entry, "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)  # code moved on?
        print(f"reused the prepared database {ready}", flush=True)
        return list(json.loads(_psql(f"{pg}/{db}", "SELECT clubs FROM bench_prepared")))
    _psql(admin, f"CREATE DATABASE {db}")
    subprocess.run([entry, "migrate"], cwd=ROOT, env=env, check=True, capture_output=True)
    clubs = set_up(args, env)
    if args.keep or args.reuse:
        made = json.dumps(clubs)
        _psql(
            f"{pg}/{db}", f"CREATE TABLE bench_prepared (clubs text); INSERT INTO bench_prepared VALUES ($j${made}$j$)"
        )
        _psql(admin, f"DROP DATABASE IF EXISTS {ready}")
        _psql(admin, f"CREATE DATABASE {ready} TEMPLATE {db}")
        print(f"kept the prepared database as {ready}: --reuse copies it (DROP DATABASE {ready} to remove)")
    return clubs


def load(
    args: argparse.Namespace, clubs: list[dict[str, Any]], ports: list[int], per: int, url: str, pids: list[int]
) -> int:
    """The evening driven by bench/clubs_driver.py (locust's FastHttpUser, one gevent loop in one process)."""
    folder = Path(os.environ["BENCH_CPU_DIR"])
    plan = {"ports": ports, "clubs": clubs, "password": PASSWORD, **{k: getattr(args, k) for k in PACE}}
    (folder / "plan.json").write_text(json.dumps(plan))
    before = results_stored(url)
    load_before = " ".join(f"{x:.1f}" for x in os.getloadavg())
    cpu_before = web_cpu(pids)
    driver = [sys.executable, str(ROOT / "bench/clubs_driver.py"), str(folder / "plan.json"), str(folder / "seen.json")]
    subprocess.run(driver, cwd=ROOT, check=True, timeout=args.seconds + 600)
    seen = json.loads((folder / "seen.json").read_text())
    cpu, wall = web_cpu(pids) - cpu_before, seen["end"] - seen["start"]  # web CPU: from the start of the driver
    run = {"clubs": len(clubs), "tables": sum(len(c["tokens"]) for c in clubs), "ports": ports, "threads": per,
           "cpu": cpu, "wall": wall, "url": url, "before": before, "held": seen["held"],
           "driver": (seen["driver_cpu"], seen["driver_wall"]),
           "cpu_by_kind": cpu_by_kind(folder, seen["start"], seen["end"]),
           "load": (load_before, " ".join(f"{x:.1f}" for x in os.getloadavg()))}  # fmt: skip
    errors: dict[str, list[str]] = defaultdict(list, seen["errors"])
    return report(args, (seen["times"], errors), (seen["stored"], seen["sent"]), run)


# The evening's pace (bench/clubs_driver.py): seconds between a table's results, a public reader's reloads, a
# director's pages, the floor's reads, a polling phone's polls; the worst moment's clubs, when and how fast.
PACE = ("seconds", "readers", "directors", "floor", "follow", "post_every", "reader_every", "director_every",
        "floor_every", "poll_every", "burst", "burst_at", "burst_window")  # fmt: skip


def pace(parser: argparse.ArgumentParser) -> None:
    """The evening's pace, each with its reason (docs/benchmarks.md, issue 30's driver section)."""
    add = parser.add_argument
    add(
        "--post-every",
        type=float,
        default=420.0,
        help="seconds between a table's results (default 420: a real club's table plays a board in about 7 minutes)",
    )
    add(
        "--reader-every",
        type=float,
        default=30.0,
        help="seconds between a public reader's reloads (default 30: a player following the evening from home, "
        "reloading by hand; the public page does not refresh itself)",
    )
    add(
        "--director-every",
        type=float,
        default=5.0,
        help="seconds between a director's pages (default 5: the live panel's own poll, hx-trigger every 5s)",
    )
    add("--floor-every", type=float, default=2.0, help="seconds between the floor's reads (default 2)")
    add(
        "--poll-every",
        type=float,
        default=5.0,
        help="with --follow poll, seconds between a phone's polls (default 5: table.js's fallback)",
    )
    add(
        "--burst",
        type=int,
        default=0,
        help="the worst moment: this many clubs' whole section post their next result within --burst-window s",
    )
    add("--burst-at", type=float, default=10.0, help="seconds into the run when the burst starts (default 10)")
    add("--burst-window", type=float, default=3.0, help="seconds over which a burst's tables post (default 3)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clubs", type=int, default=20)
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--readers", type=int, default=500)
    parser.add_argument("--directors", type=int, default=20)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--ports", default="8921,8922")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn processes of each web process")
    parser.add_argument(
        "--threads",
        type=int,
        default=0,
        help="threads of each gunicorn process (default: 32 polling; with push, every stream + 64)",
    )
    parser.add_argument("--pool", type=int, default=15, help="DB_POOL_SIZE of each gunicorn process (0: none)")
    parser.add_argument("--floor", type=int, default=20, help="users reading the floor (a bare view)")
    pace(parser)
    parser.add_argument("--setup-jobs", type=int, default=4, help="Django shells making the clubs at once")
    parser.add_argument("--keep", action="store_true", help="save the prepared database for --reuse")
    parser.add_argument(
        "--reuse", action="store_true", help="copy the database --keep saved for this size (made and kept if none)"
    )
    parser.add_argument("--follow", choices=["push", "poll"], default="push", help="how the phones follow their table")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a sample of the evening in under 3 minutes: " + ", ".join(f"--{k} {v}" for k, v in QUICK.items()),
    )
    args = parser.parse_args()
    if args.quick:  # the full 20 x 25 run is for a quiet machine; this one samples the same paths
        given = {a.split("=")[0].lstrip("-").replace("-", "_") for a in sys.argv[1:] if a.startswith("--")}
        for name, value in QUICK.items():
            if name not in given:
                setattr(args, name, value)
    return serve(args)


# --quick: 4 clubs x 5 tables (20 phones), 40 readers, 4 directors, 30 s, one gunicorn process a web process; a
# table posts every 30 s (not 7 minutes) so that 30 s still see about one post a table.
QUICK = {"clubs": 4, "tables": 5, "readers": 40, "directors": 4, "seconds": 30, "workers": 1, "post_every": 30}


if __name__ == "__main__":
    sys.exit(main())
