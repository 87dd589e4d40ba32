"""Benchmark: the CPU of one save cycle (open a traveller, post it back), in one process, as a multiple of the floor.

Run: ``.venv/bin/python bench/bench_save_cpu.py [--cycles 60] [--profile N]``.

`bench_save.py` times 50 savers through gunicorn: on a shared machine its figures are mostly the CPU queue. This
script measures what decides that queue, the CPU one save cycle costs, in this process (Django's test client runs
the views here), so other people's work on the machine changes it little. It builds the section `bench_save.py`
builds (a 30-table Mitchell of 15 rounds of 2 boards, 900 lines on 60 boards) in a throw-away SQLite database
(test settings), then, for a logged-in director, `--cycles` times: the floor (a bare view through the same
middleware), the traveller page of a board, and the POST of that page with one line's tricks changed, as
`bench_save.py`'s saver posts it (form-encoded, every field of `#entry-form`). Each POST must redirect (saved).

Prints median CPU ms of the floor, the page, the POST and the cycle, and the cycle as a multiple of the floor.
"page" is what the saver spends opening it: the GET and reading its form back (html.parser, about a sixth of it);
"the server's part" counts the GET alone, which is what the server's cores spend on it.
With ``--profile N`` it then profiles N more cycles' POSTs (cProfile) and prints the top functions by cumulative
time, to see where a save goes.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import sys
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_save import _Form  # noqa: E402  (the saver's own form reader)

Opened = tuple[str, dict[str, str], float]  # the page's address, the fields to post, the CPU of its GET alone


def _setup() -> tuple[Callable[[int, random.Random], Opened], Callable[[str, dict[str, str]], int]]:
    """Build the section and a logged-in director; returns (open a board's page, post a page)."""
    from bench.bench_ratios import embedded_django

    embedded_django("bench-save-cpu-")
    from django.contrib.auth import get_user_model
    from django.test import Client

    from tournaments.core.access import Role, grant
    from tournaments.sessions.models import Session
    from tournaments.sessions.services.demo import build_demo_session
    from tournaments.sessions.services.sessions import SectionSpec, set_status

    spec = SectionSpec(pairs=60, kind="mitchell", boards_per_round=2, rounds=15)
    session = build_demo_session(tables=30, movement="mitchell", seed=30, quick=True, spec=spec)
    set_status(actor=None, session=session, status=Session.Status.PLAYING)
    user = get_user_model().objects.create_user(username="bench-td", password="bench-pw-12345")
    grant(user, Role.DIRECTOR)
    client = Client()
    client.force_login(user)

    def open_page(board: int, rng: random.Random) -> Opened:
        url = f"/sessions/{session.pk}/A/traveller/{board}/"
        form = _Form()
        t0 = time.process_time()
        response = client.get(url)
        served = time.process_time() - t0  # the server's part: reading the form back below is the saver's
        form.feed(response.content.decode())
        fields = dict(form.fields)
        filled = sorted({k.split("-")[1] for k in fields if k.startswith("line-") and k.endswith("-contract")})
        i = rng.choice([n for n in filled if fields.get(f"line-{n}-contract")])
        shown = fields.get(f"line-{i}-tricks", "")
        fields.update({f"line-{i}-contract": "3NT", f"line-{i}-declarer": "N", f"line-{i}-score": ""})
        fields[f"line-{i}-tricks"] = rng.choice([t for t in ("7", "8", "9", "10") if t != shown])
        fields["why"] = "bench"
        return url, fields, served

    def post(url: str, fields: dict[str, str]) -> int:
        body = urllib.parse.urlencode(fields)  # as a browser posts it (and bench_save.py), not multipart
        return client.post(url, body, content_type="application/x-www-form-urlencoded").status_code

    return open_page, post


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cycles", type=int, default=60)
    parser.add_argument("--profile", type=int, default=0, help="profile this many more POSTs (cProfile)")
    parser.add_argument("--dump", default="", help="with --profile: also write the profile to this file")
    args = parser.parse_args()
    open_page, post = _setup()
    from django.test import Client

    floor_client = Client()
    rng = random.Random(1)
    for board in (1, 2, 3):  # warm up: templates compiled, caches filled
        post(*open_page(board, rng)[:2])
    floors, pages, served, posts = [], [], [], []
    for n in range(args.cycles):
        t0 = time.process_time()
        floor_client.get("/bench-floor/")
        t1 = time.process_time()
        url, fields, get = open_page(1 + n % 60, rng)
        t2 = time.process_time()
        status = post(url, fields)
        t3 = time.process_time()
        assert status == 302, f"the save was not accepted ({status})"
        floors.append(t1 - t0)
        pages.append(t2 - t1)
        served.append(get)
        posts.append(t3 - t2)
    fl, pg, sv, ps = (statistics.median(v) * 1000 for v in (floors, pages, served, posts))
    cy = statistics.median([(p + q) * 1000 for p, q in zip(pages, posts, strict=True)])
    sc = statistics.median([(p + q) * 1000 for p, q in zip(served, posts, strict=True)])
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (2 cores, shared)")
    print(f"median CPU ms of {args.cycles}: floor {fl:.2f}, page {pg:.1f}, POST {ps:.1f}, cycle {cy:.1f}")
    print(f"as multiples of the floor: page x{pg / fl:.0f}, POST x{ps / fl:.0f}, cycle x{cy / fl:.0f}")
    print(f"the server's part (the GET alone, not the saver reading its form): page {sv:.1f}, cycle {sc:.1f}")
    print(f"as multiples of the floor: page x{sv / fl:.0f}, cycle x{sc / fl:.0f}")
    if args.profile:
        profiler = cProfile.Profile()
        for n in range(args.profile):
            url, fields, _get = open_page(1 + n % 60, rng)
            profiler.enable()
            post(url, fields)
            profiler.disable()
        profiler.dump_stats(args.dump) if args.dump else None
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(45)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
