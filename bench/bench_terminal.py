"""Benchmark: the one table terminal's state, a pairs table's and a teams room's, as multiples of the floor.

Run: ``.venv/bin/python bench/bench_terminal.py [--repeat 200]``.
Same method as bench_ratios.py (whose floor and timer it uses): a bare Django view through the same middleware,
fetched interleaved with the pages (floor, page, floor, page), timed in CPU time of this process (the test client
runs the views in it). A 15-table demo Mitchell and a two-team match with its rooms' links, in a throw-away
SQLite database; polls send the ETag they were given, so they answer 304. Both kinds go through the same
`open_link` (one query for a 304), so a room's poll should cost what a table's does.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_ratios import _timed, embedded_django  # noqa: E402


def _fetchers() -> dict[str, Callable[[], int]]:
    from django.test import Client

    from tournaments.sessions.models import Session
    from tournaments.sessions.services.demo import build_demo_session
    from tournaments.sessions.services.sessions import set_status
    from tournaments.tableside import services as tableside
    from tournaments.teams import services as teams
    from tournaments.teams import tables as rooms

    session = build_demo_session(tables=15, movement="mitchell", seed=15, quick=True)
    set_status(actor=None, session=session, status=Session.Status.PLAYING)
    table = tableside.issue_links(session.sections.get())[0]
    event = teams.create_event(actor=None, name="Bench teams", boards_per_match=8)
    for n in (1, 2):
        teams.add_team(actor=None, event=event, name=f"T{n}", players=[f"P{i}{n}" for i in range(4)])
    room = rooms.issue_links(actor=None, rnd=teams.draw_next_round(actor=None, event=event))[0]
    for board in range(1, 5):
        rooms.save_room_scores(link=room, entries={board: ("420", "")})
    etags: dict[str, str] = {}

    def get(url: str, key: str = "") -> Callable[[], int]:
        client = Client()

        def fetch() -> int:
            extra = {"HTTP_IF_NONE_MATCH": etags[key]} if key in etags else {}
            response = client.get(url, **extra)  # type: ignore[arg-type]
            if key and response.has_header("ETag"):
                etags[key] = response["ETag"]
            return response.status_code

        return fetch

    return {
        "floor (bare view)": get("/bench-floor/"),
        "table state poll (304)": get(f"/api/table/{table.token}/", "table"),
        "room state poll (304)": get(f"/api/table/{room.token}/", "room"),
        "table state (full)": get(f"/api/table/{table.token}/"),
        "room state (full)": get(f"/api/table/{room.token}/"),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    embedded_django("bench-terminal-")
    fetchers = _fetchers()
    floor = fetchers.pop("floor (bare view)")
    for fetch in fetchers.values():  # warm up: templates, caches, ETags
        fetch()
        fetch()
    floors: list[float] = []
    times: dict[str, list[float]] = {name: [] for name in fetchers}
    for _ in range(args.repeat):
        for name, fetch in fetchers.items():
            floors.append(_timed(floor)[0])
            took, _status = _timed(fetch)
            times[name].append(took)
    base = statistics.median(floors)
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (2 cores, shared)")
    print(f"{'page':<26}{'median CPU ms':>14}{'x floor':>9}")
    print(f"{'floor (bare view)':<26}{base * 1000:>14.2f}{1.0:>9.1f}")
    for name, values in times.items():
        mid = statistics.median(values)
        print(f"{name:<26}{mid * 1000:>14.2f}{mid / base:>9.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
