"""Benchmark: 60 tables send a round of results from their phones while all 60 phones poll every 5 s.

Run: ``.venv/bin/python bench/bench_tables.py [--setup pg-gunicorn laptop] [--tables 60] [--run-time 80]``.

For each setup it builds a demo evening ready to play (`demo --no-results`: names, dealt boards, a Mitchell,
table links) in a throw-away database and serves it:

- ``pg-gunicorn``: PostgreSQL (a new database ``$BENCH_PG_DB``, default `bd_bench_tables_<pid>`, dropped at the end, on
  ``$BENCH_PG_URL``, default ``postgres://postgres@127.0.0.1:5432``) behind gunicorn --preload, 4 worker processes x 8
  threads, DEBUG off (with ``CACHE_URL=redis://...`` in the environment the processes share Redis as their cache);
- ``laptop``: the embedded default of ``make run``: SQLite and Django's threaded development server.

Then locust (bench/locust_tables.py, headless, on the same 2-core machine) plays one phone per table: a poll of
``GET /api/table/<token>/`` every 5 s for the whole run (with the last answer's ETag, as the table page asks: 304
while nothing changed), and the table's round-1 results posted to
``POST /api/table/<token>/results`` at random moments in the first 60 s (less in a run shorter than 75 s);
every server process is warmed by a few polls first. It prints p50/p95/max of posts and
polls and the errors, then checks the database: every result stored exactly once. Exits 1 on any error or a
missing or doubled result.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.pgdb import fresh_database  # noqa: E402  (one database per run)

GOAL_POST_MS, GOAL_POLL_MS = 150.0, 50.0


def _django(database_url: str, workdir: str) -> None:
    os.environ.update(
        DATABASE_URL=database_url,
        BRIDGEDESK_DATA_DIR=workdir,
        SECRET_KEY="bench-only-secret",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    import django

    django.setup()


def _east_card(deal: str) -> str:
    """A card East holds (the leader against North's 3NT) in a PBN deal, so the lead is accepted; "" if none."""
    first, _, rest = deal.partition(":")
    hands = rest.split()
    if len(hands) != 4 or first not in "NESW":
        return ""
    east = hands[("NESW".index("E") - "NESW".index(first)) % 4].split(".")
    return next((suit + ranks[0] for suit, ranks in zip("SHDC", east, strict=True) if ranks), "")


def prepare(database_url: str, workdir: str, tables: int, plan_path: str) -> None:
    """(Child process) migrate, build the evening, and write each table's token and round-1 results."""
    _django(database_url, workdir)
    from django.core.management import call_command

    from tournaments.sessions.models import Board
    from tournaments.sessions.services.demo import build_demo_session
    from tournaments.tableside.services import issue_links

    call_command("migrate", verbosity=0)
    session = build_demo_session(tables=tables, movement="mitchell", seed=tables, quick=True, results=False)
    section = session.sections.get()
    deals = dict(Board.objects.filter(session=session).values_list("number", "deal"))
    plans = []
    for link in issue_links(section):
        row = section.table_rounds.get(round=1, table=link.table)
        if row.ns_entry_id is None or row.ew_entry_id is None:
            continue
        results = [
            {
                "board": int(b),
                "contract": "3NT",
                "declarer": "N",
                "lead": _east_card(deals.get(int(b), "")),
                "tricks": 9,
                "client_id": f"t{link.table}-b{b}",
            }
            for b in row.boards
        ]
        plans.append({"table": link.table, "token": link.token, "results": results})
    Path(plan_path).write_text(json.dumps(plans))


def verify(database_url: str, workdir: str, plan_path: str) -> None:
    """(Child process) every planned result stored exactly once, with its client id."""
    _django(database_url, workdir)
    from tournaments.sessions.models import Result
    from tournaments.tableside.models import TableEntry

    plans = json.loads(Path(plan_path).read_text())
    wanted = sum(len(p["results"]) for p in plans)
    results = Result.objects.count()
    entries = TableEntry.objects.count()
    ids = TableEntry.objects.values("client_id").distinct().count()
    print(json.dumps({"wanted": wanted, "results": results, "entries": entries, "client_ids": ids}))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _database(setup: str, workdir: str) -> str:
    if setup == "laptop":
        return f"sqlite:///{workdir}/bench.sqlite3"
    return fresh_database("bd_bench_tables")


def run(setup: str, args: argparse.Namespace) -> tuple[dict[str, dict[str, float]], dict[str, int]]:
    workdir = tempfile.mkdtemp(prefix=f"bench-tables-{setup}-")
    url = _database(setup, workdir)
    plan = f"{workdir}/plan.json"
    me = [sys.executable, __file__]
    subprocess.run([*me, "--prepare", url, workdir, str(args.tables), plan], check=True, capture_output=True)
    env = {**os.environ, "DATABASE_URL": url, "BRIDGEDESK_DATA_DIR": workdir, "SECRET_KEY": "bench-only-secret"}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "0", "BENCH_TABLES_PLAN": plan})
    env["BENCH_POST_WINDOW"] = str(max(5, min(60, args.run_time - 15)))  # every post lands inside the run
    port = _free_port()
    if setup == "laptop":
        server_cmd = [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"]
        env["DEBUG"] = "1"  # as `make run` has it: the development server serves the static files
    else:
        server_cmd = [sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{port}"]
        server_cmd += ["-w", "4", "--threads", "8", *([] if args.no_preload else ["--preload"])]
    server = subprocess.Popen(server_cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/api/schema/").read()
                break
            except OSError:
                time.sleep(0.1)
        plans = json.loads(Path(plan).read_text())
        for p in plans[:40]:  # warm every server process (imports, templates, connections) before measuring
            urllib.request.urlopen(f"{base}/api/table/{p['token']}/").read()
        users = len(plans)
        locust = [sys.executable, "-m", "locust", "-f", str(ROOT / "bench" / "locust_tables.py"), "--headless"]
        locust += ["-u", str(users), "-r", str(users), "--run-time", f"{args.run_time}s", "--host", base]
        locust += ["--csv", f"{workdir}/locust", "--only-summary", "--loglevel", "WARNING"]
        subprocess.run(locust, cwd=ROOT, env=env, capture_output=True)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    stats: dict[str, dict[str, float]] = {}
    with open(f"{workdir}/locust_stats.csv", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["Name"] in ("poll", "post"):
                stats[row["Name"]] = {
                    "count": float(row["Request Count"]),
                    "failures": float(row["Failure Count"]),
                    "p50": float(row["50%"]),
                    "p95": float(row["95%"]),
                    "max": float(row["Max Response Time"]),
                }
    done = subprocess.run([*me, "--verify", url, workdir, plan], check=True, capture_output=True, text=True)
    return stats, json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--setup", nargs="+", default=["pg-gunicorn", "laptop"], choices=["pg-gunicorn", "laptop"])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--run-time", type=int, default=80)
    parser.add_argument("--no-preload", action="store_true", help="each gunicorn worker loads the app itself")
    parser.add_argument("--prepare", nargs=4, help=argparse.SUPPRESS)
    parser.add_argument("--verify", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.prepare:
        url, workdir, tables, plan = args.prepare
        prepare(url, workdir, int(tables), plan)
        return 0
    if args.verify:
        verify(*args.verify)
        return 0
    failed = False
    print(f"{'setup':<13}{'what':<6}{'count':>7}{'errors':>8}{'p50 ms':>8}{'p95 ms':>8}{'max ms':>8}   goal p95")
    for setup in args.setup:
        stats, db = run(setup, args)
        for name, goal in (("post", GOAL_POST_MS), ("poll", GOAL_POLL_MS)):
            s = stats.get(name, {"count": 0, "failures": 0, "p50": 0, "p95": 0, "max": 0})
            verdict = f"< {goal:.0f}: {'met' if s['p95'] < goal else 'MISSED'}"
            print(
                f"{setup:<13}{name:<6}{s['count']:>7.0f}{s['failures']:>8.0f}{s['p50']:>8.0f}{s['p95']:>8.0f}"
                f"{s['max']:>8.0f}   {verdict}"
            )
            failed |= s["failures"] > 0 or s["count"] == 0
        exact = db["results"] == db["wanted"] == db["entries"] == db["client_ids"]
        print(
            f"{'':<13}stored {db['results']} results of {db['wanted']} sent, {db['entries']} table entries: "
            + ("each exactly once" if exact else "NOT each exactly once")
        )
        failed |= not exact
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
