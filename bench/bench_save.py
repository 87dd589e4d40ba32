"""Benchmark: saving one traveller (15 lines on average) of a 30-table session, alone and with 50 savers at once.

Run: ``.venv/bin/python bench/bench_save.py [--db sqlite postgres] [--alone 40] [--savers 50] [--saves 6]``.

For each database it builds a 30-table Mitchell of 15 rounds of 2 boards, filled in by the demo service (900 lines on 60
boards: our generator shares the sets, so half the travellers have 14 lines and half 16), in a throw-away database: a
temporary SQLite file, or a new PostgreSQL database (``$BENCH_PG_DB``, default `bd_bench_save_<pid>`, dropped at the
end) on ``$BENCH_PG_URL`` (default ``postgres://postgres@127.0.0.1:5432``). It serves it with gunicorn as production
does (2 worker processes x 25 threads, DEBUG off). A saver is a logged-in director with a real HTTP client: it opens a
board's traveller page, changes one line's tricks and posts the whole form back, as a browser would. Only the POST is
timed (check, score, save, audit, version bump, redirect). First `--alone` saves one after another, then `--savers`
threads each make `--saves` saves back to back, all starting at the same moment and spread over the 60 boards (some
collide on a board and are refused as conflicts: part of the load).

Prints median and p95 per case, the conflicts, any error, and whether each p95 meets the issue's goal (150 ms
alone, 1 s under load: issue 24), with the floor (a bare view through the same middleware, bench/floor_wsgi.py)
timed in the same run, alone and under the load; exits 1 on any error (a 5xx, a refused save that is not a
conflict).
"""

from __future__ import annotations

import argparse
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
import urllib.error
import urllib.parse
import urllib.request
from html.parser import HTMLParser
from http.cookiejar import CookieJar
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.pgdb import fresh_database  # noqa: E402  (one database per run)

GOAL_ALONE_MS, GOAL_LOAD_MS = 150.0, 1000.0  # issue 24: 50 savers p95 < 1 s


class _Form(HTMLParser):
    """The named inputs of the entry form (`#entry-form`), as a browser would post them."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.fields: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form" and a.get("id") == "entry-form":
            self.inside = True
        elif self.inside and tag == "input" and a.get("name") and a.get("type") not in ("checkbox", "radio"):
            self.fields[str(a["name"])] = a.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


WORKERS = ("-w", "2", "--threads", "25")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Saver:
    """One director's browser: a session cookie, a CSRF token, and a save of one board's traveller."""

    def __init__(self, base: str, session_key: str, session_id: int) -> None:
        jar = CookieJar()
        urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)).open(base + "/accounts/login/").read()
        self.csrf = next(c.value for c in jar if c.name == "csrftoken")
        self.opener = urllib.request.build_opener(_NoRedirect())
        self.opener.addheaders = [("Cookie", f"sessionid={session_key}; csrftoken={self.csrf}")]
        self.base, self.session_id = base, session_id

    def save(self, board: int, rng: random.Random) -> tuple[str, float]:
        """('saved' | 'conflict' | an error, milliseconds the POST took)."""
        url = f"{self.base}/sessions/{self.session_id}/A/traveller/{board}/"
        form = _Form()
        form.feed(self.opener.open(url).read().decode())
        fields = dict(form.fields)
        lines = sorted({k.split("-")[1] for k in fields if k.startswith("line-") and k.endswith("-contract")})
        filled = [i for i in lines if fields.get(f"line-{i}-contract")]
        if not filled:
            return f"the traveller of board {board} is empty", 0.0
        i = rng.choice(filled)
        shown = fields.get(f"line-{i}-tricks", "")
        fields.update({f"line-{i}-contract": "3NT", f"line-{i}-declarer": "N", f"line-{i}-score": ""})
        fields[f"line-{i}-tricks"] = rng.choice([t for t in ("7", "8", "9", "10") if t != shown])
        fields.update({"csrfmiddlewaretoken": self.csrf, "why": "bench"})
        request = urllib.request.Request(url, data=urllib.parse.urlencode(fields).encode(), method="POST")
        request.add_header("Referer", url)
        t0 = time.perf_counter()
        try:
            response = self.opener.open(request)
            status, body = response.status, response.read().decode()
        except urllib.error.HTTPError as exc:
            status, body = exc.code, exc.read().decode()
        ms = (time.perf_counter() - t0) * 1000
        if status == 302:
            return "saved", ms
        if status == 200 and "Changed by someone else meanwhile" in body:
            return "conflict", ms
        return f"{status} on board {board}: {' '.join(body.split())[:200]}", ms


def _floor(base: str) -> float:
    """Milliseconds of one GET of the floor: a bare Django view through the same middleware (floor_wsgi.py)."""
    t0 = time.perf_counter()
    urllib.request.urlopen(base + "/bench-floor/").read()
    return (time.perf_counter() - t0) * 1000


def _prepare(database_url: str, workdir: str) -> tuple[int, list[str]]:
    """Migrate, build the session, and log in the savers; returns the session id and their session keys."""
    os.environ["DATABASE_URL"] = database_url
    os.environ["BRIDGEDESK_DATA_DIR"] = workdir
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from tournaments.core.access import Role, grant
    from tournaments.sessions.models import Session
    from tournaments.sessions.services.demo import build_demo_session
    from tournaments.sessions.services.sessions import SectionSpec, set_status

    call_command("migrate", verbosity=0)
    spec = SectionSpec(pairs=60, kind="mitchell", boards_per_round=2, rounds=15)
    session = build_demo_session(tables=30, movement="mitchell", seed=30, quick=True, spec=spec)
    set_status(actor=None, session=session, status=Session.Status.PLAYING)  # the demo finishes it; reopen
    keys = []
    for n in range(60):
        user = get_user_model().objects.create_user(username=f"bench-td{n}", password="bench-pw-12345")
        grant(user, Role.DIRECTOR)
        client = Client()
        client.force_login(user)
        keys.append(client.cookies["sessionid"].value)
    return session.pk, keys


def _measure(database_url: str, args: argparse.Namespace) -> dict[str, object]:
    """Run in a child process per database (Django is set up once per process)."""
    workdir = tempfile.mkdtemp(prefix="bench-save-")
    env = {**os.environ, "DATABASE_URL": database_url, "BRIDGEDESK_DATA_DIR": workdir, "DEBUG": "0"}
    env.update({"SECRET_KEY": "bench-only-secret", "DJANGO_SETTINGS_MODULE": "config.settings"})
    os.environ.update(env)
    session_id, keys = _prepare(database_url, workdir)
    port = _free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "bench.floor_wsgi:application",
            "--preload",
            "-b",
            f"127.0.0.1:{port}",
            *WORKERS,
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):  # up to a minute: a loaded machine starts gunicorn slowly
            try:
                urllib.request.urlopen(base + "/accounts/login/").read()
                break
            except OSError:
                time.sleep(0.1)
        rng = random.Random(1)
        alone = Saver(base, keys[0], session_id)
        for board in (1, 2):
            alone.save(board, rng)  # warm both worker processes
        solo: list[float] = []
        errors: list[str] = []
        floor_alone: list[float] = []
        for n in range(args.alone):
            floor_alone.append(_floor(base))  # the floor, interleaved: the same moment's load
            outcome, ms = alone.save(1 + n % 60, rng)
            solo.append(ms) if outcome == "saved" else errors.append(outcome)
        savers = [Saver(base, keys[1 + n], session_id) for n in range(args.savers)]
        loaded: list[float] = []
        conflicts = 0
        lock = threading.Lock()
        start = threading.Barrier(args.savers)

        def work(n: int) -> None:
            nonlocal conflicts
            local = random.Random(n)
            start.wait()
            for k in range(args.saves):
                outcome, ms = savers[n].save(1 + (n + 7 * k) % 60, local)
                with lock:
                    if outcome == "saved":
                        loaded.append(ms)
                    elif outcome == "conflict":
                        conflicts += 1
                        loaded.append(ms)
                    else:
                        errors.append(outcome)

        threads = [threading.Thread(target=work, args=(n,)) for n in range(args.savers)]
        floor_load: list[float] = []
        running = threading.Event()
        running.set()

        def floor_reader() -> None:  # one more client asking for the floor the whole time the savers run
            while running.is_set():
                floor_load.append(_floor(base))
                time.sleep(0.05)

        floor_thread = threading.Thread(target=floor_reader)
        t0 = time.perf_counter()
        floor_thread.start()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
        running.clear()
        floor_thread.join()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    if not solo or not loaded:
        raise SystemExit("no save went through: " + "; ".join(errors[:3]))
    return {
        "alone": (statistics.median(solo), _p95(solo), len(solo)),
        "load": (statistics.median(loaded), _p95(loaded), len(loaded)),
        "floor_alone": statistics.median(floor_alone),
        "floor_load": (statistics.median(floor_load), _p95(floor_load)),
        "load_avg": os.getloadavg()[0],
        "conflicts": conflicts,
        "errors": errors,
        "saves_per_s": len(loaded) / wall,
    }


def _database_url(kind: str, workdir: str) -> str:
    if kind == "sqlite":
        return f"sqlite:///{workdir}/bench.sqlite3"
    return fresh_database("bd_bench_save")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", nargs="+", default=["sqlite", "postgres"], choices=["sqlite", "postgres"])
    parser.add_argument("--alone", type=int, default=40)
    parser.add_argument("--savers", type=int, default=50)
    parser.add_argument("--saves", type=int, default=6)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:  # one database per process: Django is set up once per process
        figures = _measure(args.child, args)
        print(json.dumps(figures))
        return 0
    failed = False
    print(f"{'database':<11}{'alone median/p95 ms':>22}{'50 savers median/p95 ms':>27}{'conflicts':>11}{'saves/s':>9}")
    for kind in args.db:
        url = _database_url(kind, tempfile.mkdtemp(prefix="bench-save-db-"))
        cmd = [sys.executable, __file__, "--child", url, "--alone", str(args.alone)]
        cmd += ["--savers", str(args.savers), "--saves", str(args.saves)]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            print(done.stdout, done.stderr, file=sys.stderr)
            return 1
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        (am, ap, _an), (lm, lp, ln) = figures["alone"], figures["load"]
        print(
            f"{kind:<11}{f'{am:.0f} / {ap:.0f}':>22}{f'{lm:.0f} / {lp:.0f}':>27}"
            f"{str(figures['conflicts']) + '/' + str(ln):>11}{figures['saves_per_s']:>9.1f}"
        )
        fa, (fm, fp) = figures["floor_alone"], figures["floor_load"]
        print(
            f"  floor (bare view, same run): alone {fa:.1f} ms, under load median/p95 {fm:.0f} / {fp:.0f} ms; "
            f"save p95 as multiples of the floor: alone x{ap / fa:.1f}, under load x{lp / max(fm, 0.1):.1f} "
            f"(of its median); load average {figures['load_avg']:.1f}"
        )
        for error in figures["errors"][:5]:
            print("  error:", error)
        verdict = f"goal p95 < {GOAL_ALONE_MS:.0f} ms alone: {'met' if ap < GOAL_ALONE_MS else 'MISSED'}; "
        verdict += f"< {GOAL_LOAD_MS:.0f} ms under load: {'met' if lp < GOAL_LOAD_MS else 'MISSED'}"
        print("  " + verdict)
        failed |= bool(figures["errors"])
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
