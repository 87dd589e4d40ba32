"""The load driver of bench/bench_clubs.py: locust's FastHttpUser (gevent, geventhttpclient; locust is in
requirements-dev.txt) run as a library in ONE process and one event loop, instead of a thread per phone, reader
and director. ~1,000 threads used to share the 2 cores with the web processes (the floor itself waited 6 s); a
greenlet that sleeps costs nothing, a request costs the driver well under a millisecond of CPU, and the driver's
own CPU is measured (getrusage over the run's window) and printed beside the web processes'.

Run by bench_clubs.py: ``python bench/clubs_driver.py PLAN.json OUT.json``. The plan gives the ports, the clubs
(slug, session, director, tokens) and the pace; the answer is every request's time by kind (raw, for exact
p50/p95/p99), the errors, the posts sent and answered 201, the streams held and the driver's CPU.

Users (one greenlet each; every one keeps its connections alive, as a browser does):

- ``Phone`` (one a table): holds its table's event stream (push; raw HTTP/1.1 through gevent's socket, as
  table.js's EventSource) and fetches its state with its last ETag once per `change` heard; or, with
  ``follow: poll``, fetches it every ``poll_every`` s (table.js's fallback: 5 s). It posts one result every
  ``post_every`` s (a real table: a board every ~7 minutes), its first at a random moment of the first
  ``post_every`` s; a table of a ``burst`` club posts its next result at a random moment of the
  ``burst_window`` s starting at ``burst_at`` (the worst moment: a whole section posting at once), timed as
  ``phone posts (burst)``.
- ``Reader``: a random club's public standings (gzip, as browsers) every ``reader_every`` s, alternating ports.
- ``Director`` (signed in): the session page and the standings, in turn, every ``director_every`` s.
- ``Floor``: the bare view through the same middleware (bench/clubs_gunicorn.py) every ``floor_every`` s.

Nothing is timed before every phone holds its stream and has its first state (the start's stampede is not the
evening); errors count from the first request.
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import http.client  # noqa: E402
import itertools  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import resource  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import urllib.parse  # noqa: E402
from collections import defaultdict  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import gevent  # noqa: E402
import gevent.event  # noqa: E402
from locust import FastHttpUser, User, constant, events, task  # noqa: E402
from locust.env import Environment  # noqa: E402
from locust.exception import StopUser  # noqa: E402

PLAN: dict[str, Any] = json.loads(Path(sys.argv[1]).read_text()) if __name__ == "__main__" else {}
GO = gevent.event.Event()  # set when every phone holds its stream and has its first state
T0: list[float] = [0.0]  # the window's start (wall clock): requests started before it are not timed
READY: list[int] = [0]


class Seen:
    times: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, list[str]] = defaultdict(list)
    stored: set[tuple[str, int]] = set()
    sent: set[tuple[str, int]] = set()
    held = 0


def _record(name: str, response_time: float, exception: Any, start_time: float, url: str, **_: Any) -> None:
    if exception is not None:
        Seen.errors[name].append(f"{url}: {type(exception).__name__} {str(exception)[:160]}")
    if GO.is_set() and start_time >= T0[0]:
        Seen.times[name].append(response_time)


events.request.add_listener(_record)  # type: ignore[no-untyped-call]  # locust leaves it untyped


def _until() -> float:
    return T0[0] + float(PLAN["seconds"])


def _sleep_until(moment: float) -> None:
    gevent.sleep(max(0.0, moment - time.time()))


def _check(response: Any, ok: tuple[int, ...] = (200, 201, 304)) -> None:
    if response.status_code in ok:
        response.success()
    else:
        response.failure(f"{response.status_code} {(response.text or '')[:120]}")


Table = tuple[int, str, str, bool]  # port, club's slug, token, in the burst


class Phone(FastHttpUser):
    wait_time = constant(0)
    tables: Iterator[Table] = iter(())  # every table's, set by run()
    port: int
    slug: str
    token: str
    burst: bool
    base: str
    etag: str
    todo: list[int]
    changed: gevent.event.Event

    def on_start(self) -> None:
        self.port, self.slug, self.token, self.burst = next(Phone.tables)
        self.base = f"http://127.0.0.1:{self.port}/c/{self.slug}/api/table/{self.token}/"
        self.changed = gevent.event.Event()
        if PLAN["follow"] == "push":
            held = gevent.event.Event()
            gevent.spawn(self._stream, held)
            held.wait(120)
        self.etag, self.todo = "", []
        with self.client.get(self.base, name="phone follows", catch_response=True) as response:
            _check(response)
            if response.status_code == 200:
                self.etag = response.headers.get("ETag", "")
                self.todo = [b["board"] for b in json.loads(response.text).get("boards", [])]
        READY[0] += 1

    def _stream(self, held: gevent.event.Event) -> None:
        """The table's event stream, as EventSource holds it: wakes the phone at each `change` event."""
        started = time.perf_counter()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
            conn.request("GET", f"/t/{self.token}/events/", headers={"Accept": "text/event-stream"})
            response = conn.getresponse()
            Seen.times["stream opened"].append((time.perf_counter() - started) * 1000)
            if response.status != 200:
                Seen.errors["stream opened"].append(f"{self.token[:8]}: status {response.status}")
                return
            Seen.held += 1
            held.set()
            while line := response.readline():
                if line.startswith(b"event: change"):
                    self.changed.set()
            if not T0[0] or time.time() < _until():
                Seen.errors["stream opened"].append(f"{self.token[:8]}: the stream ended during the run")
        except OSError as exc:
            if not T0[0] or time.time() < _until():
                Seen.errors["stream opened"].append(f"{self.token[:8]}: {exc}")
        finally:
            held.set()

    def _post(self, board: int, kind: str) -> None:
        payload = {"board": board, "contract": random.choice(["3NT", "4S", "2H", "1NT"]), "declarer": "N",
                   "tricks": random.randint(6, 11), "client_id": f"{self.token[:8]}-{board}"}  # fmt: skip
        Seen.sent.add((self.token, board))
        with self.client.post(self.base + "results", json=payload, name=kind, catch_response=True) as response:
            _check(response, (200, 201))
            if response.status_code in (200, 201):
                Seen.stored.add((self.token, board))

    def _follow(self) -> None:
        headers = {"If-None-Match": self.etag} if self.etag else {}
        with self.client.get(self.base, name="phone follows", headers=headers, catch_response=True) as response:
            _check(response)
            if response.status_code == 200:
                self.etag = response.headers.get("ETag", self.etag)

    def _posts(self) -> list[tuple[float, str]]:
        """When this table posts in the window, and under which kind."""
        every, start = float(PLAN["post_every"]), T0[0]
        moments = [(start + random.random() * every + k * every, "phone posts") for k in range(len(self.todo))]
        if self.burst:
            at = start + float(PLAN["burst_at"]) + random.random() * float(PLAN["burst_window"])
            moments = [m for m in moments if m[0] < at - 1] + [(at, "phone posts (burst)")]
            moments.sort()
        return [m for m in moments if m[0] < _until()]

    @task
    def evening(self) -> None:
        GO.wait()
        posts = self._posts()
        poll = PLAN["follow"] == "poll"
        next_poll = T0[0] + random.random() * float(PLAN["poll_every"])
        while time.time() < _until():
            if posts and time.time() >= posts[0][0] and self.todo:
                self._post(self.todo.pop(0), posts.pop(0)[1])
                continue
            wake = min(posts[0][0] if posts else _until(), next_poll if poll else _until(), _until())
            if poll:
                _sleep_until(wake)
                if time.time() >= next_poll:
                    next_poll += float(PLAN["poll_every"])
                    self._follow()
            elif self.changed.wait(max(0.0, wake - time.time())):
                self.changed.clear()
                self._follow()
        raise StopUser()


class Reader(FastHttpUser):
    wait_time = constant(0)

    @task
    def evening(self) -> None:
        GO.wait()
        every, ports, clubs = float(PLAN["reader_every"]), PLAN["ports"], PLAN["clubs"]
        moment = T0[0] + random.random() * every
        while moment < _until():
            _sleep_until(moment)
            club = random.choice(clubs)
            address = f"http://127.0.0.1:{random.choice(ports)}/c/{club['slug']}/results/{club['session']}/"
            with self.client.get(address, name="public page", catch_response=True) as response:
                _check(response)
            moment += every
        raise StopUser()


class Director(FastHttpUser):
    wait_time = constant(0)
    clubs: Iterator[dict[str, Any]] = iter(())
    club: dict[str, Any]

    def on_start(self) -> None:
        self.club = next(Director.clubs)
        ports, slug = PLAN["ports"], self.club["slug"]
        address = f"http://127.0.0.1:{ports[0]}/c/{slug}/accounts/login/"
        with self.client.get(address, name="director sign-in", catch_response=True) as form:
            _check(form)
            csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text or "")
        data = {
            "username": self.club["user"],
            "password": PLAN["password"],
            "csrfmiddlewaretoken": csrf[1] if csrf else "",
        }
        headers = {"Referer": address, "Content-Type": "application/x-www-form-urlencoded"}
        body = urllib.parse.urlencode(data)
        with self.client.post(address, data=body, headers=headers, name="director sign-in", catch_response=True) as r:
            _check(r)

    @task
    def evening(self) -> None:
        GO.wait()
        every, ports, club = float(PLAN["director_every"]), PLAN["ports"], self.club
        pages = [
            f"/c/{club['slug']}/sessions/{club['session']}/",
            f"/c/{club['slug']}/sessions/{club['session']}/standings/",
        ]
        moment = T0[0] + random.random() * every
        for n in itertools.count():
            if moment >= _until():
                break
            _sleep_until(moment)
            address = f"http://127.0.0.1:{ports[n % len(ports)]}{pages[n % 2]}"
            with self.client.get(address, name="director page", catch_response=True) as response:
                _check(response)
            moment += every
        raise StopUser()


class Floor(FastHttpUser):
    wait_time = constant(0)

    @task
    def evening(self) -> None:
        GO.wait()
        every, ports = float(PLAN["floor_every"]), PLAN["ports"]
        moment = T0[0] + random.random() * every
        while moment < _until():
            _sleep_until(moment)
            with self.client.get(f"http://127.0.0.1:{random.choice(ports)}/bench-floor/", name="floor",
                                 catch_response=True) as response:  # fmt: skip
                _check(response)
            moment += every
        raise StopUser()


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def run() -> dict[str, Any]:
    ports, clubs = PLAN["ports"], PLAN["clubs"]
    bursting = {c["slug"] for c in clubs[: int(PLAN["burst"])]}
    tables = [
        (ports[i % len(ports)], c["slug"], t, c["slug"] in bursting) for c in clubs for i, t in enumerate(c["tokens"])
    ]
    Phone.tables, Director.clubs = iter(tables), iter(itertools.islice(itertools.cycle(clubs), PLAN["directors"]))
    counts = {Phone: len(tables), Reader: PLAN["readers"], Director: PLAN["directors"], Floor: PLAN["floor"]}
    for user, count in counts.items():
        user.fixed_count, user.host = count, f"http://127.0.0.1:{ports[0]}"
        user.network_timeout = user.connection_timeout = 60.0
        user.concurrency = 2
    chosen: list[type[User]] = [user for user, count in counts.items() if count]
    env = Environment(user_classes=chosen, events=events)
    runner = env.create_local_runner()
    started = time.monotonic()
    runner.start(sum(counts.values()), spawn_rate=100, wait=False)
    while READY[0] < len(tables) and time.monotonic() - started < 300:
        gevent.sleep(0.2)
    gevent.sleep(1)  # the directors' sign-in, the last phones' first state
    T0[0], cpu_before = time.time() + 0.5, _cpu()
    print(f"driver: {READY[0]} of {len(tables)} phones ready in {time.monotonic() - started:.0f} s", flush=True)
    GO.set()
    _sleep_until(_until() + 0.5)
    end, cpu = time.time(), _cpu() - cpu_before
    while runner.user_count and time.time() < end + 90:  # a request still in flight ends (or times out)
        gevent.sleep(0.2)
    runner.quit()
    return {"times": Seen.times, "errors": Seen.errors, "stored": len(Seen.stored), "sent": len(Seen.sent),
            "held": Seen.held, "start": T0[0], "end": end, "driver_cpu": cpu, "driver_wall": end - T0[0]}  # fmt: skip


if __name__ == "__main__":
    answer = run()
    Path(sys.argv[2]).write_text(json.dumps(answer))
