"""Benchmark: many clubs on one service, on the evening (issue 30): every table's phone follows its table and
posts its results, public readers read the clubs' results, the directors watch their sessions; two web
processes (the image's entrypoint, gunicorn gthread) share PostgreSQL and Redis.

Run: ``.venv/bin/python bench/bench_clubs.py [--clubs 20] [--tables 25] [--readers 500] [--directors 20]
[--seconds 60] [--ports 8921,8922] [--setup-jobs 4] [--keep | --reuse] [--post-spread 2] [--floor 20]``;
``--quick`` samples the same evening in under 3 minutes (4 clubs x 5 tables, 40 readers, 4 directors, 30 s;
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
Then, for ``--seconds``:

- one thread a table (the phone) posts the round's results one by one (``POST /c/<club>/api/table/<token>/results``,
  one every 2 s) and follows its table: with ``--follow push`` (the default, as table.js does when push is on) it
  holds the table's event stream (``/t/<token>/events/``, through Redis pub/sub across both web processes) and
  fetches its state (``GET /c/<club>/api/table/<token>/`` with the last ETag) once per `change` event; with
  ``--follow poll`` it fetches its state every 2 s (the fallback when a stream cannot be held);
- ``--readers`` public readers (threads) read a random club's public standings ``/c/<club>/results/<pk>/``
  (cached: the version's ETag, `s-maxage`), each one every 2 s;
- ``--directors`` directors, signed in, read their club's session page and standings every 2 s.

- ``--floor`` threads (default 20) read the floor, a bare view through the same middleware, every 2 s.

``--post-spread S`` spreads the tables' first results over S seconds (default 2: every table of the service sends
its result in the same two seconds, the worst moment an evening can have; on a real evening a round's results come
in over its last minutes). Each result bumps its session's version, so every other phone of the session fetches
its state once: a result costs a post and about one fetch per table of its section.

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
import http.client
import http.cookiejar
import json
import os
import random
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

from clubs_report import cpu_by_kind, report, results_stored, web_cpu

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
PASSWORD = "bench-clubs-director-pw"
EVERY = 2.0  # seconds between a phone's polls, a reader's and a director's reads

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


class Recorder:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, list[str]] = defaultdict(list)
        self.stored: set[tuple[str, int]] = set()  # (token, board) of every post answered 201
        self.sent: set[tuple[str, int]] = set()  # every post sent (one that timed out may still be stored)

    def timed(self, kind: str, opener: Any, request: urllib.request.Request) -> tuple[int, bytes, Any]:
        started = time.perf_counter()
        try:
            with opener.open(request, timeout=30) as answer:
                status, body, headers = answer.status, answer.read(), answer.headers
        except urllib.error.HTTPError as answer:
            status, body, headers = answer.code, answer.read(), answer.headers
        except OSError as exc:
            status, body, headers = 0, str(exc).encode(), {}
        took = (time.perf_counter() - started) * 1000
        with self.lock:
            self.times[kind].append(took)
            if status not in (200, 201, 304):
                self.errors[kind].append(f"{status} {request.full_url} {body[:120]!r}")
        return status, body, headers


class Follow(threading.Thread):
    """A phone's event stream (push on): wakes its phone at each `change` event, as table.js's EventSource."""

    def __init__(self, rec: Recorder, port: int, token: str, until: float) -> None:
        super().__init__(daemon=True)
        self.rec, self.port, self.token, self.until = rec, port, token, until
        self.changed = threading.Event()
        self.held = threading.Event()

    def run(self) -> None:
        started = time.perf_counter()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            conn.request("GET", f"/t/{self.token}/events/", headers={"Accept": "text/event-stream"})
            response = conn.getresponse()
            with self.rec.lock:
                self.rec.times["stream opened"].append((time.perf_counter() - started) * 1000)
            if response.status != 200:
                self._broken(f"status {response.status}")
                return
            self.held.set()
            while line := response.readline():
                if line.startswith(b"event: change"):
                    self.changed.set()
            if time.monotonic() < self.until:
                self._broken("the stream ended during the run")
        except OSError as exc:
            if time.monotonic() < self.until:
                self._broken(str(exc))

    def _broken(self, why: str) -> None:
        with self.rec.lock:
            self.rec.errors["stream opened"].append(f"{self.token[:8]}: {why}")


def _post_next(rec: Recorder, opener: Any, base: str, token: str, board: int) -> None:
    payload = {"board": board, "contract": random.choice(["3NT", "4S", "2H", "1NT"]), "declarer": "N",
               "tricks": random.randint(6, 11), "client_id": f"{token[:8]}-{board}"}  # fmt: skip
    request = urllib.request.Request(base + "results", json.dumps(payload).encode(),
                                     {"Content-Type": "application/json"})  # fmt: skip
    with rec.lock:
        rec.sent.add((token, board))
    status, _body, _headers = rec.timed("phone posts", opener, request)
    if status in (200, 201):
        with rec.lock:
            rec.stored.add((token, board))


def phone_push(rec: Recorder, port: int, slug: str, token: str, until: float, spread: float = EVERY) -> None:
    """Hold the stream; post the first result at a random moment of the first `spread` seconds, then one every
    EVERY seconds; fetch the state once per change heard."""
    follow = Follow(rec, port, token, until)
    follow.start()
    follow.held.wait(60)
    opener = urllib.request.build_opener()
    base = f"http://127.0.0.1:{port}/c/{slug}/api/table/{token}/"
    status, body, got = rec.timed("phone follows", opener, urllib.request.Request(base))
    etag = got.get("ETag", "") if status == 200 else ""
    todo = [b["board"] for b in json.loads(body).get("boards", [])] if status == 200 else []
    next_post = time.monotonic() + random.random() * spread
    while time.monotonic() < until:
        if todo and time.monotonic() >= next_post:
            _post_next(rec, opener, base, token, todo.pop(0))
            next_post += EVERY
        wait = min(next_post if todo else until, until) - time.monotonic()
        if follow.changed.wait(max(0.0, wait)):
            follow.changed.clear()
            status, _body, got = rec.timed(
                "phone follows", opener, urllib.request.Request(base, headers={"If-None-Match": etag})
            )
            etag = got.get("ETag", etag) if status == 200 else etag


def phone(rec: Recorder, port: int, slug: str, token: str, until: float, spread: float = EVERY) -> None:
    opener = urllib.request.build_opener()
    base = f"http://127.0.0.1:{port}/c/{slug}/api/table/{token}/"
    etag, posted, todo = "", 0, None
    time.sleep(random.random() * spread)
    while time.monotonic() < until:
        headers = {"If-None-Match": etag} if etag else {}
        status, body, got = rec.timed("phone follows", opener, urllib.request.Request(base, headers=headers))
        if status == 200:
            etag = got.get("ETag", "")
            if todo is None:
                todo = [b["board"] for b in json.loads(body).get("boards", [])]
        if todo and posted < len(todo):
            _post_next(rec, opener, base, token, todo[posted])
            posted += 1
        time.sleep(EVERY)


def reader(rec: Recorder, ports: list[int], clubs: list[dict[str, Any]], until: float) -> None:
    opener = urllib.request.build_opener()
    time.sleep(random.random() * EVERY)
    while time.monotonic() < until:
        club = random.choice(clubs)
        port = random.choice(ports)
        rec.timed(
            "public page",
            opener,
            urllib.request.Request(
                f"http://127.0.0.1:{port}/c/{club['slug']}/results/{club['session']}/",
                headers={"Accept-Encoding": "gzip"},  # as every browser: the cache's bytes as they are
            ),
        )
        time.sleep(EVERY)


def floor(rec: Recorder, ports: list[int], until: float) -> None:
    """The floor (a bare view through the same middleware: bench/clubs_gunicorn.py), read every EVERY seconds."""
    opener = urllib.request.build_opener()
    time.sleep(random.random() * EVERY)
    while time.monotonic() < until:
        rec.timed("floor", opener, urllib.request.Request(f"http://127.0.0.1:{random.choice(ports)}/bench-floor/"))
        time.sleep(EVERY)


def login(port: int, slug: str, username: str) -> Any:
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    address = f"http://127.0.0.1:{port}/c/{slug}/accounts/login/"
    form = opener.open(address, timeout=60).read().decode()
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
    assert csrf is not None
    data = urllib.parse.urlencode({"username": username, "password": PASSWORD, "csrfmiddlewaretoken": csrf[1]})
    opener.open(urllib.request.Request(address, data.encode(), {"Referer": address}), timeout=60).read()
    return opener


def director(rec: Recorder, ports: list[int], club: dict[str, Any], until: float) -> None:
    started = time.perf_counter()
    try:
        opener = login(ports[0], club["slug"], club["user"])
    except OSError as exc:  # an HTTP error or a timeout: counted, not lost in a thread's traceback
        with rec.lock:
            rec.times["director sign-in"].append((time.perf_counter() - started) * 1000)
            rec.errors["director sign-in"].append(f"{club['slug']}: {exc}")
        return
    pages = [
        f"/c/{club['slug']}/sessions/{club['session']}/",
        f"/c/{club['slug']}/sessions/{club['session']}/standings/",
    ]
    n = 0
    while time.monotonic() < until:
        port = ports[n % len(ports)]
        rec.timed("director page", opener, urllib.request.Request(f"http://127.0.0.1:{port}{pages[n % 2]}"))
        n += 1
        time.sleep(EVERY)


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
        subprocess.run(["psql", f"{pg}/postgres", "-qc", f"DROP DATABASE IF EXISTS {db} WITH (FORCE)"], check=False)


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
    rec = Recorder()
    before = results_stored(url)
    load_before = " ".join(f"{x:.1f}" for x in os.getloadavg())
    cpu_before, wall_before, started = web_cpu(pids), time.monotonic(), time.time()
    until = time.monotonic() + args.seconds
    follow = phone_push if args.follow == "push" else phone
    threads = [
        threading.Thread(
            target=follow, args=(rec, ports[i % len(ports)], club["slug"], token, until, args.post_spread), daemon=True
        )
        for club in clubs
        for i, token in enumerate(club["tokens"])
    ]
    threads += [
        threading.Thread(target=reader, args=(rec, ports, clubs, until), daemon=True) for _ in range(args.readers)
    ]
    threads += [
        threading.Thread(target=director, args=(rec, ports, clubs[i % len(clubs)], until), daemon=True)
        for i in range(args.directors)
    ]
    threads += [threading.Thread(target=floor, args=(rec, ports, until), daemon=True) for _ in range(args.floor)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(args.seconds + 120)
    cpu, wall = web_cpu(pids) - cpu_before, time.monotonic() - wall_before
    run = {"clubs": len(clubs), "tables": sum(len(c["tokens"]) for c in clubs), "ports": ports, "threads": per,
           "cpu": cpu, "wall": wall, "url": url, "before": before,
           "cpu_by_kind": cpu_by_kind(Path(os.environ["BENCH_CPU_DIR"]), started, time.time()),
           "load": (load_before, " ".join(f"{x:.1f}" for x in os.getloadavg()))}  # fmt: skip
    return report(args, (rec.times, rec.errors), (len(rec.stored), len(rec.sent)), run)


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
    parser.add_argument("--floor", type=int, default=20, help="threads reading the floor (a bare view) every 2 s")
    parser.add_argument(
        "--post-spread",
        type=float,
        default=EVERY,
        help="seconds over which the tables send their first result (default 2: every table of the service at once)",
    )
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
        given = {a.split("=")[0].lstrip("-") for a in sys.argv[1:] if a.startswith("--")}
        for name, value in QUICK.items():
            if name not in given:
                setattr(args, name, value)
    return serve(args)


# --quick: 4 clubs x 5 tables (20 phones), 40 readers, 4 directors, 30 s, one gunicorn process a web process.
QUICK = {"clubs": 4, "tables": 5, "readers": 40, "directors": 4, "seconds": 30, "workers": 1}


if __name__ == "__main__":
    sys.exit(main())
