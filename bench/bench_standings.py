"""Benchmark: a 30-table session, one result changed, the standings recomputed (and the page rendered).

Run: ``.venv/bin/python bench/bench_standings.py [--tables 30] [--repeat 15]``.
Builds a complete demo session (points-and-fit tricks, no solver) in a throw-away SQLite database, then
repeats: change one result through the service (`change_result`: checked, scored, saved, audited), then
`score_section` on the whole section, then the standings page through Django's test client. Prints the best
and median of each step and the number of queries of the page. The answers are checked: after each change the
standings must differ from the previous ones exactly where that board's match points moved.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="bench-standings-")
    os.environ["BRIDGEDESK_DATA_DIR"] = workdir
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)

    from django.contrib.auth import get_user_model

    from tournaments.sessions.selectors.scores import score_section
    from tournaments.sessions.services.demo import build_demo_session
    from tournaments.sessions.services.results import change_result

    start = time.perf_counter()
    session = build_demo_session(tables=args.tables, movement="mitchell", seed=30, quick=True)
    setup_s = time.perf_counter() - start
    section = session.sections.get()
    results = list(section.results.filter(kind="played").select_related("board", "ns_entry", "ew_entry", "section"))
    user = get_user_model().objects.create_superuser(username="bench", password="bench-pw-123")
    client = Client()
    client.force_login(user)
    url = f"/sessions/{session.pk}/standings/"

    times: dict[str, list[float]] = {"change": [], "score": [], "page": []}
    queries = 0
    previous = score_section(section)
    for i in range(args.repeat):
        result = results[(i * 37) % len(results)]
        contract = "3NT" if result.contract != "3NT" else "4S"
        t0 = time.perf_counter()
        result = change_result(actor=user, result=result, contract=contract, declarer="N", tricks="9", why="bench")
        t1 = time.perf_counter()
        scores = score_section(section)
        t2 = time.perf_counter()
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(url)
        t3 = time.perf_counter()
        assert response.status_code == 200
        queries = len(ctx.captured_queries)
        times["change"].append(t1 - t0)
        times["score"].append(t2 - t1)
        times["page"].append(t3 - t2)
        # Check: only the changed board's points moved, and every pair's total moved by its share of that.
        moved = {
            line.result.pk
            for before, after in zip(previous.boards, scores.boards, strict=True)
            for line, old in zip(after.lines, before.lines, strict=True)
            if (line.ns_points, line.ew_points) != (old.ns_points, old.ew_points)
        }
        board_ids = {line.result.board_id for b in scores.boards for line in b.lines if line.result.pk in moved}
        assert board_ids <= {result.board_id}, f"points moved on other boards: {board_ids}"
        previous = scores

    lines = section.results.count()
    print(
        f"Machine: {platform.machine()} {platform.processor() or ''} {os.cpu_count()} cores, "
        f"Python {platform.python_version()}"
    )
    print(
        f"Session: {section.tables}-table Mitchell, {section.rounds} rounds of {section.boards_per_round}, "
        f"{len(scores.boards)} boards, {lines} results (set up in {setup_s:.1f} s)"
    )
    print(f"{'step':<58}{'best':>10}{'median':>10}")
    labels = {
        "change": "change one result (service: check, score, save, audit)",
        "score": "score_section: rate every board, rank both fields",
        "page": f"standings page through the test client ({queries} queries)",
    }
    for key, label in labels.items():
        best, median = min(times[key]) * 1000, statistics.median(times[key]) * 1000
        print(f"{label:<58}{best:>8.1f}ms{median:>8.1f}ms")
    total = [a + b for a, b in zip(times["change"], times["page"], strict=True)]
    best, median = min(total) * 1000, statistics.median(total) * 1000
    print(f"{'change + page (what the director waits for)':<58}{best:>8.1f}ms{median:>8.1f}ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
