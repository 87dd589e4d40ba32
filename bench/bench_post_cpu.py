"""Benchmark: the CPU of one table post and of one poll (full answer and 304), in one process, against the floor.

Run: ``.venv/bin/python bench/bench_post_cpu.py [--tables 30] [--pg | --database-url URL] [--profile post|poll|poll304]
[--queries]``.

`bench_tables.py` and `bench_push.py` time phones through a server: on a shared machine their figures are mostly
the CPU queue. This script measures what decides that queue, the CPU a table's post and a phone's poll cost, in
this process (Django's test client runs the API here), so other people's work on the machine changes it little.
It builds a demo evening ready to play (`--tables` tables of a Mitchell, dealt boards, table links, no results) in
a throw-away SQLite database (test settings), then every table posts its round-1 results one board at a time
(`POST /api/table/<token>/results`, as the phone sends them; each must answer 201) and, after each post, one table
polls `GET /api/table/<token>/` (full answer: the section's version has just moved) and polls again with the
ETag it was given (must answer 304). The floor (a bare view through the same middleware) is timed beside them.
``--pg`` runs the same on a new PostgreSQL database of this run (``bd_post_cpu_<pid>`` on ``$BENCH_PG_URL``, dropped
at the end: bench/pgdb.py), ``--database-url`` on a database given (it must be new: it is migrated and filled).
The database work of a post is measured there: queries per post (median, from Django's CaptureQueriesContext), and
CPU of this process only (the server's own CPU is not counted: the round trips show as queries and wall time).

Prints the median CPU ms of the floor, a post, a full poll and a 304, and each as a multiple of the floor. With
``--queries`` it prints one post's queries; with ``--profile WHAT`` it then profiles 40 more of those requests
(cProfile, on a second evening) and prints the top functions by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

Request = Callable[[], Any]


def _evening(tables: int, seed: int) -> list[tuple[str, list[dict[str, Any]]]]:
    """A demo evening ready to play: each table's token and its round-1 results (3NT by North, 9 tricks)."""
    from tournaments.sessions.models import Session
    from tournaments.sessions.services.demo import build_demo_session
    from tournaments.sessions.services.sessions import set_status
    from tournaments.tableside.services import issue_links

    session = build_demo_session(tables=tables, movement="mitchell", seed=seed, quick=True, results=False)
    set_status(actor=None, session=session, status=Session.Status.PLAYING)
    section = session.sections.get()
    plan = []
    for link in issue_links(section):
        row = section.table_rounds.get(round=1, table=link.table)
        if row.ns_entry_id is None or row.ew_entry_id is None:
            continue
        bodies = [
            {"board": int(b), "contract": "3NT", "declarer": "N", "tricks": 9, "client_id": f"t{link.table}b{b}"}
            for b in row.boards
        ]
        plan.append((link.token, bodies))
    return plan


def _requests(plan: list[tuple[str, list[dict[str, Any]]]]) -> list[tuple[Request, Request, Request, Request]]:
    """(post, full poll, 304 poll, another table's poll) for every result of the plan, in the order a room would
    send them. The last is a table other than the poster's polling with the ETag of its last answer: 304 when
    no write since touched it (sessions/services/touches.py), counted in `elsewhere`."""
    from django.test import Client

    phone = Client()
    out = []
    posts = [(token, body) for n in range(2) for token, bodies in plan for body in bodies[n : n + 1]]
    for i, (token, body) in enumerate(posts):
        poller = plan[(i * 7) % len(plan)][0]
        watcher = next(t for t, _b in plan[(i * 7 + 3) % len(plan) :] + plan if t != token)

        def post(token: str = token, body: dict[str, Any] = body) -> None:
            answer = phone.post(f"/api/table/{token}/results", json.dumps(body), content_type="application/json")
            assert answer.status_code == 201, (answer.status_code, answer.content[:300])

        def poll(token: str = poller) -> None:
            answer = phone.get(f"/api/table/{token}/")
            assert answer.status_code == 200, answer.status_code
            etags[token] = answer["ETag"]

        def poll304(token: str = poller) -> None:
            answer = phone.get(f"/api/table/{token}/", headers={"If-None-Match": etags[token]})
            assert answer.status_code == 304, answer.status_code

        def other(token: str = watcher) -> None:
            asked = {"If-None-Match": etags[token]} if token in etags else {}
            answer = phone.get(f"/api/table/{token}/", headers=asked)
            assert answer.status_code in (200, 304), answer.status_code
            elsewhere.append(answer.status_code)
            etags[token] = answer["ETag"]

        out.append((post, poll, poll304, other))
    return out


elsewhere: list[int] = []  # the status of each of another table's polls after a post (304 or 200)
etags: dict[str, str] = {}  # each table's last ETag, as its phone keeps it


def _cpu(run: Request) -> float:
    started = time.process_time()
    run()
    return (time.process_time() - started) * 1000


def _timed_post(post: Request) -> tuple[float, float, int, list[str]]:
    """CPU ms, wall ms, the number of queries of one post and their SQL."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        wall = time.perf_counter()
        cpu = _cpu(post)
        wall = (time.perf_counter() - wall) * 1000
    return cpu, wall, len(queries.captured_queries), [q["sql"] for q in queries.captured_queries]


def _database_url(args: argparse.Namespace) -> str:
    if args.database_url:
        return str(args.database_url)
    if args.pg:
        from bench.pgdb import fresh_database

        return fresh_database("bd_post_cpu")
    return ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--profile", choices=["post", "poll", "poll304", "other"], default="")
    parser.add_argument("--pg", action="store_true", help="on a new PostgreSQL database ($BENCH_PG_URL)")
    parser.add_argument("--database-url", default="", help="on this (new) database instead of SQLite")
    parser.add_argument("--queries", action="store_true", help="print the SQL of one post")
    args = parser.parse_args()
    from bench.bench_ratios import embedded_django

    embedded_django("bench-post-cpu-", _database_url(args))
    from django.db import connection
    from django.test import Client

    floor_client = Client()
    plan = _evening(args.tables, args.tables)
    requests = _requests(plan)
    for post, poll, poll304, other in requests[:3]:  # warm up: templates, caches, the section map
        post(), poll(), poll304(), other(), floor_client.get("/bench-floor/")
    floors, posts, polls, polls304, others = [], [], [], [], []
    walls, counts, sql = [], [], []
    for token, _bodies in plan:  # every phone has shown its table once
        etags[token] = floor_client.get(f"/api/table/{token}/")["ETag"]
    elsewhere.clear()
    for post, poll, poll304, other in requests[3:]:
        floors.append(_cpu(lambda: floor_client.get("/bench-floor/")))
        cpu, wall, count, sql = _timed_post(post)
        posts.append(cpu), walls.append(wall), counts.append(count)
        polls.append(_cpu(poll))
        polls304.append(_cpu(poll304))
        others.append(_cpu(other))
    fl, ps, pl, p3 = (statistics.median(v) for v in (floors, posts, polls, polls304))
    kept = [cpu for cpu, status in zip(others, elsewhere[-len(others) :], strict=True) if status == 304]
    po = statistics.median(kept) if kept else float("nan")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (2 cores, shared); database {connection.vendor}")
    print(
        f"median CPU ms of {len(posts)} ({args.tables} tables): "
        f"floor {fl:.2f}, post {ps:.2f}, poll {pl:.2f}, 304 {p3:.2f}, another table's 304 {po:.2f}"
    )
    print(f"another table's poll after a post: {len(kept)} x 304, {len(others) - len(kept)} x 200 (touched since)")
    print(
        f"a post: median {statistics.median(counts):.0f} queries (min {min(counts)}, max {max(counts)}), "
        f"median wall {statistics.median(walls):.2f} ms"
    )
    if args.queries:
        print("\n".join(f"  {n + 1:>2}. {q[:200]}" for n, q in enumerate(sql)))
    print(
        f"as multiples of the floor: post x{ps / fl:.1f}, poll x{pl / fl:.1f}, 304 x{p3 / fl:.1f}, "
        f"another table's 304 x{po / fl:.1f}"
    )
    if args.profile:
        which = ("post", "poll", "poll304", "other").index(args.profile)
        profiler = cProfile.Profile(time.process_time)  # CPU, not wall: a shared machine preempts anywhere
        for quad in _requests(_evening(args.tables, args.tables + 1))[:40]:
            for n, run in enumerate(quad):
                if n == which:
                    profiler.enable()
                run()
                if n == which:
                    profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(50)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
