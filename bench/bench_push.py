"""Benchmark: every table holds its event stream while the tables post a round of results; how fast is a post,
how soon does each stream hear of each result, is any lost.

Run: ``.venv/bin/python bench/bench_push.py [--setup laptop pg-gunicorn] [--tables 60 200] [--window 20]``.

For each setup and number of tables it builds demo evenings ready to play (a Mitchell of at most 60 tables
each, the demo's most, with table links and no results: 200 tables are 4 sessions of 50) in a throw-away
database and serves it with push on:

- ``laptop``: the embedded default of ``make run``: SQLite, Django's threaded server, PUSH_URL=local://;
- ``pg-gunicorn``: PostgreSQL (a database of this run, ``bd_push_<pid>`` or ``$BENCH_PG_DB``, on ``$BENCH_PG_URL``,
  default ``postgres://postgres@127.0.0.1:5432``, dropped at the end: bench/pgdb.py), gunicorn gthread (4 workers or
  ``--workers``, each with threads for every stream plus 60: gthread does not spread connections evenly, and with
  a quarter each one worker filled with streams while posts waited behind them; DB_CONN_MAX_AGE=0 so those threads
  stay under PostgreSQL's max_connections; ``--pool N``: DB_POOL_SIZE=N instead, each worker's threads sharing N
  kept connections), Redis pub/sub (``$BENCH_PUSH_REDIS``, default ``redis://127.0.0.1:6379/2``) between the workers.

One thread per table reads ``/t/<token>/events/`` over HTTP (as the phone's EventSource), noting when each
`change` arrives and its version; once every stream has said `ready`, 8 poster threads send every table's
round-1 results (``POST /api/table/<token>/results``) at random moments over ``--window`` seconds. After each
201 the bench reads the session's version V from the database; the delivery of that post to a stream is the
time from the post being sent (its own time included: the event goes out when the write commits, often before
the 201 is read) to the first event on that stream carrying a version >= V (one write, one event per stream;
writes close together share one event); a post counts for the streams of its own session. Also printed: the
delivery counted from the 201 (what push adds). Printed: p50/p95/max of posts and of deliveries (every post x
every stream of its session), errors, deliveries missing after 5 s (lost), and the results stored (each exactly
once?). On pg-gunicorn the server is bench/floor_wsgi.py (the project's application plus a bare view at
/bench-floor/) and each poster GETs the floor right after each post, so the posts are also given as multiples of
the floor measured under the same load in the same run. Each session's live panel (its director logged in) and
big screen (by its screen link) hold their streams too; meanwhile the director changes the clock TIMER_CHANGES
times a session (`POST /live/<pk>/action/`: a start, then a minute added) and CALLS tables of each session call the
director (`POST /api/table/<token>/call`). Printed besides, same columns: `to screens`, the posts as the panel and
the screen hear them; `timer`, each clock change at every stream of its session (tables, panel, screen); `call`,
each call at the live panel, all counted from the request sent, with what never came as their errors. Goals
(issue 25): posts p95 < 150 ms, deliveries p95 < 1 s, 0 errors, 0 lost. Exits 1 on an error, a lost delivery
(to any stream), a panel or screen stream not held, or a result not stored exactly once.

``--burst`` (issue 30's pool starvation): the first session's tables (one section, 50 of 200) do not spread their
posts over the window: each is a phone thread that starts in the same second, half-way through, and sends its
boards in turn; the other sessions post as before. ``--readers N`` (8 with ``--burst``): N phones of the other
sessions follow their table the whole window (GET its full state every 0.25 s, no ETag, a read of the database
each). Printed besides: `burst post`, the burst's posts; `follow`, every follow; `follow, burst`, the follows sent
while the burst was being answered (from its first post sent to its last answered); an error is any answer but
200 (a 503 or a 500 when the pool's connections were all held by waiting writers).
"""

from __future__ import annotations

import argparse
import bisect
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.pgdb import fresh_database  # noqa: E402  (one database per run)

GOAL_POST_MS, GOAL_DELIVERY_MS = 150.0, 1000.0
POSTERS = 8
CSRF_SECRET = "benchpushcsrfsecret0123456789abc"  # 32 letters and digits: Django takes an unmasked secret
TIMER_CHANGES, CALLS = 4, 5  # per session, at random moments of the window


class Stream(threading.Thread):
    """One phone's event stream: (arrival time, version) of every event, in order."""

    def __init__(self, port: int, token: str, session: int, path: str = "", cookie: str = "") -> None:
        super().__init__(daemon=True)
        self.port, self.token, self.session = port, token, session
        self.path, self.cookie = path or f"/t/{token}/events/", cookie  # a table's stream, else a panel's or screen's
        self.kind = "table" if not path else path.split("/")[1]  # "t", "live" or "screen"
        self.kind = {"t": "table", "live": "panel"}.get(self.kind, self.kind)
        self.ready = threading.Event()
        self.heard: list[tuple[float, int]] = []
        self.error = ""

    def run(self) -> None:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            headers = {"Accept": "text/event-stream"} | ({"Cookie": self.cookie} if self.cookie else {})
            conn.request("GET", self.path, headers=headers)
            response = conn.getresponse()
            if response.status != 200:
                self.error = f"status {response.status}"
                self.ready.set()
                return
            fields: dict[str, str] = {}
            while line := response.readline():
                text = line.decode().rstrip("\n")
                if text:
                    name, _, value = text.partition(": ")
                    fields[name] = value
                    continue
                if fields.get("event") in ("ready", "change"):  # a blank line ends an event
                    self.heard.append((time.monotonic(), int(fields["id"])))
                    self.ready.set()
                fields = {}
        except OSError as exc:
            self.error = str(exc)
            self.ready.set()

    def first_at_least(self, version: int) -> float | None:
        versions = [v for _, v in self.heard]
        i = bisect.bisect_left(versions, version)
        return self.heard[i][0] if i < len(self.heard) else None


def prepare(database_url: str, workdir: str, tables: int, plan_path: str) -> None:
    """(Child process) migrate and build evenings of at most 60 tables (the demo's most) until `tables` tables
    are ready to play; write each table's token, session and round-1 results (no lead: it is checked against
    the dealt hands)."""
    sys.argv = sys.argv[:1]
    from bench.bench_tables import _django

    _django(database_url, workdir)
    from django.core.management import call_command

    from tournaments.sessions.services.demo import build_demo_session
    from tournaments.tableside.screenlinks import issue_screen_link
    from tournaments.tableside.services import issue_links

    call_command("migrate", verbosity=0)
    plans: list[dict[str, Any]] = []
    screens: list[dict[str, Any]] = []
    evenings = -(-tables // 60)
    for n in range(evenings):
        size = tables // evenings + (1 if n < tables % evenings else 0)
        session = build_demo_session(tables=size, movement="mitchell", seed=size + n, quick=True, results=False)
        section = session.sections.get()
        for link in issue_links(section):
            row = section.table_rounds.get(round=1, table=link.table)
            if row.ns_entry_id is None or row.ew_entry_id is None:
                continue
            results = [
                {
                    "board": int(b),
                    "contract": "3NT",
                    "declarer": "N",
                    "tricks": 9,
                    "client_id": f"s{n}t{link.table}b{b}",
                }
                for b in row.boards
            ]
            plans.append({"session": session.pk, "token": link.token, "results": results})
        screens.append({"session": session.pk, "screen": issue_screen_link(actor=None, session=session).token})
    Path(plan_path).write_text(json.dumps(plans))
    Path(f"{plan_path}.director.json").write_text(json.dumps({"cookie": _director_cookie(), "sessions": screens}))


def _director_cookie() -> str:
    """A logged-in director's cookies (the session in the database, a CSRF secret sent back as its header)."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from tournaments.core.access import Role, grant

    user = get_user_model().objects.create_user(username="bench-td", password="bench-pw-12345")
    grant(user, Role.DIRECTOR)
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}; csrftoken={CSRF_SECRET}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(
    setup: str, url: str, workdir: str, tables: int, port: int, workers: int = 4, pool: int = 0
) -> tuple[subprocess.Popen[bytes], int]:
    env = {**os.environ, "DATABASE_URL": url, "BRIDGEDESK_DATA_DIR": workdir, "SECRET_KEY": "bench-only-secret"}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "0", "PUSH_STREAM_SECONDS": "600"})
    port = port or _free_port()
    if setup == "laptop":
        env.update(DEBUG="1", PUSH_URL="local://")
        cmd = [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"]
    else:
        env.update(PUSH_URL=os.environ.get("BENCH_PUSH_REDIS", "redis://127.0.0.1:6379/2"))
        env.update(PUSH_CHANNEL=f"bench-push-{uuid.uuid4().hex[:8]}", CACHE_URL="locmem://")
        threads = tables + 60  # each worker may be handed every stream (see the docstring)
        env.update(DB_CONN_MAX_AGE="0", DB_POOL_SIZE=str(pool))  # with --pool: each worker's pool of connections
        # bench/floor_wsgi.py: the project's application plus the floor (a bare view through the same middleware)
        cmd = [sys.executable, "-m", "gunicorn", "bench.floor_wsgi:application", "-b", f"127.0.0.1:{port}"]
        cmd += ["-w", str(workers)]
        cmd += ["-k", "gthread", "--threads", str(threads)]
    server = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/schema/").read()
            break
        except OSError:
            time.sleep(0.1)
    return server, port


def _post(port: int, token: str, body: dict[str, Any]) -> tuple[int, float, float]:
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("POST", f"/api/table/{token}/results", json.dumps(body), {"Content-Type": "application/json"})
    status = conn.getresponse().status
    conn.close()
    return status, started, time.monotonic()


class Versions:
    """The session's version read straight from the database (as tableside/events.version_of), one connection
    per poster thread, so the bench process needs no Django of its own."""

    SQL = "SELECT COALESCE(SUM(version), 0) FROM tournaments_section WHERE session_id = %s"

    def __init__(self, url: str) -> None:
        self.url = url
        self.local = threading.local()

    def now(self, session_id: int) -> int:
        sql = self.SQL.replace("%s", "?") if self.url.startswith("sqlite") else self.SQL
        if not hasattr(self.local, "conn"):
            if self.url.startswith("sqlite:///"):
                import sqlite3

                self.local.conn = sqlite3.connect(self.url.removeprefix("sqlite:///"), isolation_level=None)
            else:
                import psycopg

                self.local.conn = psycopg.connect(self.url, autocommit=True)
        return int(self.local.conn.execute(sql, (session_id,)).fetchone()[0])


def _floor(port: int) -> float:
    """One GET of the floor (bench/floor_wsgi.py's bare view), in ms."""
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", "/bench-floor/")
    conn.getresponse().read()
    conn.close()
    return (time.monotonic() - started) * 1000


def _director_streams(port: int, director: dict[str, Any]) -> list[Stream]:
    """Each session's live panel (as its director, logged in) and big screen (by its screen link)."""
    out = []
    for item in director["sessions"]:
        session = item["session"]
        out.append(Stream(port, "", session, f"/live/{session}/events/", director["cookie"]))
        out.append(Stream(port, "", session, f"/screen/{item['screen']}/events/"))
    return out


def _timer(port: int, session: int, action: str, cookie: str) -> tuple[int, float]:
    """The director's clock on the live panel (a form post, as the panel sends it): status and when sent."""
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    body = urllib.parse.urlencode({"action": action, "minutes": "1"})
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie, "X-CSRFToken": CSRF_SECRET}
    conn.request("POST", f"/live/{session}/action/", body, headers)
    response = conn.getresponse()
    status = response.status
    if status == 302 and not (response.getheader("Location") or "").endswith(f"/live/{session}/"):
        status = 401  # sent to the login page: nothing was written
    conn.close()
    return status, started


def _call(port: int, token: str) -> tuple[int, float]:
    """A phone's "call the director" (no body): status and when sent."""
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("POST", f"/api/table/{token}/call", b"", {"Content-Length": "0"})
    status = conn.getresponse().status
    conn.close()
    return status, started


def _director_moments(plans: list[dict[str, Any]], director: dict[str, Any], window: float) -> list[Any]:
    """(when, "timer"/"call", session, token or action) for each session: TIMER_CHANGES clock changes (a start,
    then minutes added) and CALLS calls from as many different tables (a second call of a table is the same call)."""
    moments: list[Any] = []
    for item in director["sessions"]:
        session = item["session"]
        actions = ["start"] + ["add"] * (TIMER_CHANGES - 1)
        times = sorted(random.uniform(0, window) for _ in actions)
        moments += [(at, "timer", session, action) for at, action in zip(times, actions, strict=True)]
        tokens = [p["token"] for p in plans if p["session"] == session][:CALLS]
        moments += [(random.uniform(0, window), "call", session, token) for token in tokens]
    return sorted(moments, key=lambda m: m[0])


def _director(port: int, moments: list[Any], cookie: str, versions: Versions, t0: float, out: list[Any]) -> None:
    """Send the clock changes and the calls at their moments; note (what, status, sent, session, version after)."""
    for at, what, session, arg in moments:
        time.sleep(max(0.0, t0 + at - time.monotonic()))
        status, started = _timer(port, session, arg, cookie) if what == "timer" else _call(port, arg)
        ok = status in (200, 302)
        out.append((what, status, started, session, versions.now(session) if ok else -1))


def _reach(done: list[Any], streams: list[Stream], kinds: tuple[str, ...]) -> tuple[list[float], int]:
    """Times (ms, from the request sent) to the first event at least at the version each write made, on every
    stream of `kinds` of its session; and how many never came (lost)."""
    times, lost = [], 0
    for started, session, version in done:
        if version < 0:
            continue
        for s in (s for s in streams if s.session == session and s.kind in kinds):
            arrived = s.first_at_least(version)
            if arrived is None:
                lost += 1
            else:
                times.append((arrived - started) * 1000)
    return times, lost


class SharedVersions(Versions):
    """Versions read over one connection shared under a lock (the burst's fifty phone threads would otherwise open
    fifty connections of their own, beside the server's pools)."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.mutex, self.conn = threading.Lock(), None

    def now(self, session_id: int) -> int:
        import psycopg

        with self.mutex:
            self.conn = self.conn or psycopg.connect(self.url, autocommit=True)
            return int(self.conn.execute(self.SQL, (session_id,)).fetchone()[0])  # type: ignore[index]


class Burst:
    """--burst: every table of one session (one section) posts in the same second, half-way through the window:
    one phone thread a table, starting at a random moment of that second and sending its boards in turn."""

    def __init__(self, port: int, plans: list[dict[str, Any]], at: float, t0: float, versions: Versions) -> None:
        self.port, self.plans, self.at, self.t0, self.versions = port, plans, at, t0, versions
        self.done: list[tuple[int, float, float, int, int]] = []
        self.lock = threading.Lock()

    def threads(self) -> list[threading.Thread]:
        return [threading.Thread(target=self.phone, args=(p, self.at + random.random())) for p in self.plans]

    def phone(self, plan: dict[str, Any], at: float) -> None:
        time.sleep(max(0.0, self.t0 + at - time.monotonic()))
        for body in plan["results"]:
            status, started, answered = _post(self.port, plan["token"], body)
            version = self.versions.now(plan["session"]) if status in (200, 201) else -1
            with self.lock:
                self.done.append((status, started, answered, plan["session"], version))

    def span(self) -> tuple[float, float]:
        """From the first post of the burst sent to its last answered (0, 0 without a burst)."""
        if not self.done:
            return 0.0, 0.0
        return min(s for _, s, *_ in self.done), max(a for _, _, a, *_ in self.done)


class Readers:
    """--readers N: N phones of the other sessions following their table the whole window (GET its full state, no
    ETag: a read of the database each), to see whether the burst's writers leave them a connection."""

    def __init__(self, port: int, plans: list[dict[str, Any]], readers: int, until: float) -> None:
        self.port, self.plans, self.readers, self.until = port, plans, readers, until
        self.done: list[tuple[int, float, float]] = []  # status, sent, answered

    def threads(self) -> list[threading.Thread]:
        return [threading.Thread(target=self.follow) for _ in range(self.readers if self.plans else 0)]

    def follow(self) -> None:
        while time.monotonic() < self.until:
            token = random.choice(self.plans)["token"]
            started = time.monotonic()
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                conn.request("GET", f"/api/table/{token}/")
                response = conn.getresponse()
                response.read()
                status = response.status
                conn.close()
            except OSError:
                status = 0
            self.done.append((status, started, time.monotonic()))
            time.sleep(0.25)

    def figures(self, burst: tuple[float, float]) -> dict[str, Any]:
        """The follows' times (ms) and errors, all and those sent while the burst was being answered."""
        during = [d for d in self.done if burst[0] <= d[1] <= burst[1]]
        return {
            "reads": [(a - s) * 1000 for _, s, a in self.done],
            "read_errors": sum(1 for st, *_ in self.done if st != 200),
            "reads_burst": [(a - s) * 1000 for _, s, a in during],
            "read_errors_burst": sum(1 for st, *_ in during if st != 200),
        }


def play(
    port: int,
    plans: list[dict[str, Any]],
    window: float,
    versions: Versions,
    with_floor: bool = False,
    director: dict[str, Any] | None = None,
    burst: bool = False,
    readers: int = 0,
) -> dict[str, Any]:
    """Hold every table's stream (and each session's live panel and big screen), post the round (each post
    followed by one request of the floor; with `burst`, one session's tables all in the same second), change the
    clock and call the director meanwhile, follow other tables' state (`readers`), and measure."""
    director = director or {"cookie": "", "sessions": []}
    streams = [Stream(port, p["token"], p["session"]) for p in plans] + _director_streams(port, director)
    for s in streams:
        s.start()
    deadline = time.monotonic() + 60
    for s in streams:
        s.ready.wait(max(0.0, deadline - time.monotonic()))
    broken = [s.error for s in streams if s.kind == "table" and (s.error or not s.heard)]
    burst_session = plans[0]["session"] if burst else None
    posts = [
        (random.uniform(0, window), p["token"], p["session"], body)
        for p in plans
        if p["session"] != burst_session
        for body in p["results"]
    ]
    posts.sort(key=lambda x: x[0])
    done: list[tuple[int, float, float, int, int]] = []  # status, started, answered, session, its version after
    lock = threading.Lock()
    t0 = time.monotonic()

    floors: list[float] = []

    def poster(mine: list[tuple[float, str, int, dict[str, Any]]]) -> None:
        for at, token, session, body in mine:
            time.sleep(max(0.0, t0 + at - time.monotonic()))
            status, started, answered = _post(port, token, body)
            version = versions.now(session) if status in (200, 201) else -1
            floor = _floor(port) if with_floor else None  # the floor, right after the post, same load
            with lock:
                done.append((status, started, answered, session, version))
                if floor is not None:
                    floors.append(floor)

    threads = [threading.Thread(target=poster, args=(posts[i::POSTERS],)) for i in range(POSTERS)]
    shared = SharedVersions(versions.url)
    bursting = Burst(port, [p for p in plans if p["session"] == burst_session], window / 2, t0, shared)
    threads += bursting.threads()
    others = [p for p in plans if p["session"] != burst_session]
    reading = Readers(port, others, readers, t0 + window)
    threads += reading.threads()
    moments, by_director = _director_moments(plans, director, window), []
    args = (port, moments, director["cookie"], versions, t0, by_director)
    threads.append(threading.Thread(target=_director, args=args))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    done += bursting.done
    time.sleep(5)  # the last deliveries
    deliveries, after_201, lost = [], [], 0
    for _status, started, answered, session, version in done:
        if version < 0:
            continue
        for s in (s for s in streams if s.session == session and s.kind == "table"):
            arrived = s.first_at_least(version)
            if arrived is None:
                lost += 1
            else:
                deliveries.append((arrived - started) * 1000)  # from the post sent: its own time included
                after_201.append(max(0.0, arrived - answered) * 1000)  # what push adds once the post is answered
    return (
        {
            "posts": [(a - s) * 1000 for _, s, a, _, _ in done],
            "burst": [(a - s) * 1000 for _, s, a, _, _ in bursting.done],
            "burst_errors": sum(1 for st, *_ in bursting.done if st not in (200, 201)),
        }
        | reading.figures(bursting.span())
        | {
            "errors": sum(1 for st, *_ in done if st not in (200, 201)),
            "statuses": sorted({st for st, *_ in done if st not in (200, 201)}),
            "deliveries": deliveries,
            "after_201": after_201,
            "lost": lost,
            "broken": broken,
            "floors": floors,
        }
        | _director_figures(done, by_director, streams)
    )


def _director_figures(done: list[Any], by_director: list[Any], streams: list[Stream]) -> dict[str, Any]:
    """The posts as the live panel and the big screen hear them, the clock changes at every screen of their
    session, and the calls at the live panel."""
    posts = [(started, session, version) for _st, started, _a, session, version in done]
    to_boards, boards_lost = _reach(posts, streams, ("panel", "screen"))
    timers = [(started, session, v) for what, _st, started, session, v in by_director if what == "timer"]
    calls = [(started, session, v) for what, _st, started, session, v in by_director if what == "call"]
    to_all, timers_lost = _reach(timers, streams, ("table", "panel", "screen"))
    to_panel, calls_lost = _reach(calls, streams, ("panel",))
    failed = [f"{what} {st}" for what, st, *_ in by_director if st not in (200, 302)]
    return {
        "to_boards": to_boards,
        "boards_lost": boards_lost,
        "timer": to_all,
        "timer_lost": timers_lost,
        "call": to_panel,
        "call_lost": calls_lost,
        "director_errors": failed,
        "director_streams": sum(1 for s in streams if s.kind != "table" and not s.error and s.heard),
        "director_streams_wanted": sum(1 for s in streams if s.kind != "table"),
    }


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1] if len(values) > 1 else values[0]


def run(
    setup: str,
    tables: int,
    window: float,
    port: int = 0,
    workers: int = 4,
    pool: int = 0,
    burst: bool = False,
    readers: int = 0,
) -> tuple[dict[str, Any], dict[str, int]]:
    workdir = tempfile.mkdtemp(prefix=f"bench-push-{setup}-")
    url = f"sqlite:///{workdir}/bench.sqlite3" if setup == "laptop" else fresh_database("bd_push")
    plan = f"{workdir}/plan.json"
    subprocess.run([sys.executable, __file__, "--prepare", url, workdir, str(tables), plan], check=True)
    me = [sys.executable, str(ROOT / "bench" / "bench_tables.py")]
    server, port = _serve(setup, url, workdir, tables, port, workers, pool)
    try:
        director = json.loads(Path(f"{plan}.director.json").read_text())
        plans = json.loads(Path(plan).read_text())
        figures = play(port, plans, window, Versions(url), setup == "pg-gunicorn", director, burst, readers)
    finally:
        server.send_signal(signal.SIGINT)  # gunicorn's quick shutdown: the open streams need not end first
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    checked = subprocess.run([*me, "--verify", url, workdir, plan], check=True, capture_output=True, text=True)
    return figures, json.loads(checked.stdout.strip().splitlines()[-1])


def _print_floor(setup: str, tables: int, floors: list[float], posts: list[float]) -> None:
    """The floor's line, and the posts as multiples of it (p50 of p50, p95 of p95): what the machine's load
    costs every request, so the ratio is what a post costs over a bare view in the same run."""
    floor50, floor95 = _pct(floors, 50), _pct(floors, 95)
    times50, times95 = _pct(posts, 50) / max(floor50, 0.1), _pct(posts, 95) / max(floor95, 0.1)
    print(
        f"{setup:<13}{tables:>7}{'floor':>12}{len(floors):>8}{0:>8}{floor50:>8.0f}{floor95:>8.0f}{max(floors):>8.0f}"
        f"   posts as multiples of the floor: p50 x{times50:.1f}, p95 x{times95:.1f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--setup", nargs="+", default=["laptop", "pg-gunicorn"], choices=["laptop", "pg-gunicorn"])
    parser.add_argument("--tables", nargs="+", type=int, help="default: 60 on the laptop, 200 on pg-gunicorn")
    parser.add_argument("--window", type=float, default=20.0, help="seconds over which the round is posted")
    parser.add_argument("--port", type=int, default=0, help="the server's port (default: any free port)")
    parser.add_argument("--workers", type=int, default=4, help="pg-gunicorn: gunicorn's workers (default 4)")
    parser.add_argument("--pool", type=int, default=0, help="pg-gunicorn: DB_POOL_SIZE per worker (default 0: none)")
    parser.add_argument(
        "--burst", action="store_true", help="every table of one session posts in the same second, half-way through"
    )
    parser.add_argument(
        "--readers", type=int, help="phones of other sessions following their table (default: 8 with --burst)"
    )
    parser.add_argument("--prepare", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.prepare:
        url, workdir, tables, plan = args.prepare
        prepare(url, workdir, int(tables), plan)
        return 0
    failed = False
    print(f"{'setup':<13}{'tables':>7}{'what':>12}{'count':>8}{'errors':>8}{'p50 ms':>8}{'p95 ms':>8}{'max ms':>8}")
    for setup in args.setup:
        for tables in args.tables or ([60] if setup == "laptop" else [200]):
            readers = args.readers if args.readers is not None else (8 if args.burst else 0)
            f, db = run(setup, tables, args.window, args.port, args.workers, args.pool, args.burst, readers)
            for name, values, errors, goal in (
                ("post", f["posts"], f["errors"], GOAL_POST_MS),
                ("delivery", f["deliveries"], f["lost"], GOAL_DELIVERY_MS),
                ("after 201", f["after_201"], f["lost"], GOAL_DELIVERY_MS),
            ):
                p95 = _pct(values, 95)
                print(
                    f"{setup:<13}{tables:>7}{name:>12}{len(values):>8}{errors:>8}{_pct(values, 50):>8.0f}{p95:>8.0f}"
                    f"{max(values, default=0):>8.0f}   goal p95 < {goal:.0f}: {'met' if p95 < goal else 'MISSED'}"
                )
            for name, values, errors in (
                ("burst post", f["burst"], f["burst_errors"]),
                ("follow", f["reads"], f["read_errors"]),
                ("follow, burst", f["reads_burst"], f["read_errors_burst"]),
            ):
                if values or errors:
                    print(
                        f"{setup:<13}{tables:>7}{name:>13}{len(values):>7}{errors:>8}{_pct(values, 50):>8.0f}"
                        f"{_pct(values, 95):>8.0f}{max(values, default=0):>8.0f}"
                    )
            for name, values, errors in (
                ("to screens", f["to_boards"], f["boards_lost"]),
                ("timer", f["timer"], f["timer_lost"]),
                ("call", f["call"], f["call_lost"]),
            ):
                p95 = _pct(values, 95)
                print(
                    f"{setup:<13}{tables:>7}{name:>12}{len(values):>8}{errors:>8}{_pct(values, 50):>8.0f}{p95:>8.0f}"
                    f"{max(values, default=0):>8.0f}   goal p95 < {GOAL_DELIVERY_MS:.0f}: "
                    + ("met" if p95 < GOAL_DELIVERY_MS else "MISSED")
                )
            if f["floors"]:
                _print_floor(setup, tables, f["floors"], f["posts"])
            exact = db["results"] == db["wanted"] == db["entries"] == db["client_ids"]
            print(
                f"{'':<20}streams held {tables - len(f['broken'])} of {tables}; lost deliveries {f['lost']}; "
                f"panel and screen streams held {f['director_streams']} of {f['director_streams_wanted']}; "
                f"director's and calls' errors {f['director_errors'] or 'none'}; "
                f"error statuses {f['statuses'] or 'none'}; "
                f"stored {db['results']} results of {db['wanted']} sent: "
                + ("each exactly once" if exact else "NOT each exactly once")
            )
            failed |= bool(f["errors"] or f["lost"] or f["broken"] or f["read_errors"]) or not exact
            failed |= bool(f["director_errors"] or f["boards_lost"] or f["timer_lost"] or f["call_lost"])
            failed |= f["director_streams"] != f["director_streams_wanted"]
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
