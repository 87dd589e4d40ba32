"""Benchmark: a simultaneous pairs of 300 clubs x 10 tables on 24 boards (72,000 results).

Run: ``.venv/bin/python bench/bench_simultaneous.py [--clubs 300] [--tables 10] [--boards 24] [--repeat 5]``.

In a throw-away SQLite database: every club's USEBIO file is generated first (our own writer, not timed), then
the timed step is what a director does: import all the clubs' files (`import_club_files`: read, checked, written,
audited), score the whole field (`score_field`) and render the overall standings page (Django's test client).
Then, ``--repeat`` times: correct one club's result through the service (`correct_result`: checked, saved,
audited, version bumped) and score the field again. Last, the overall and per-club standings PDF is rendered.
Wall-clock and CPU time of this process are both printed (the machine is shared, so the CPU time says how much
of the wall clock was ours). The answers are checked: the page lists every pair, and after each correction the
corrected line's field percentage is what a plain re-count of that board gives.
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


def timed(step):  # type: ignore[no-untyped-def]
    wall, cpu = time.perf_counter(), time.process_time()
    out = step()
    return out, time.perf_counter() - wall, time.process_time() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clubs", type=int, default=300)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="bench-simultaneous-")
    os.environ["BRIDGEDESK_DATA_DIR"] = workdir
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")
    import django

    django.setup()
    import datetime as dt

    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    import scoring
    from tournaments.sessions.models import Result, Session
    from tournaments.sessions.services.sessions import set_status
    from tournaments.simultaneous import services
    from tournaments.simultaneous.demo import club_files
    from tournaments.simultaneous.field import score_field

    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    user = get_user_model().objects.create_superuser(username="bench", password="bench-pw-123")
    client = Client()
    client.force_login(user)

    start = time.perf_counter()
    files = club_files(args.clubs, tables=args.tables, boards=args.boards, seed=14)
    generate_s = time.perf_counter() - start
    megabytes = sum(len(data) for _, data in files) / 2**20
    simul = services.create_simultaneous(actor=user, name="Bench sim", date=dt.date(2026, 11, 23), boards=args.boards)

    def import_all():  # type: ignore[no-untyped-def]
        return services.import_club_files(actor=user, simul=simul, files=files)

    outcome, import_s, import_cpu = timed(import_all)
    assert len(outcome.joined) == args.clubs and not outcome.refused, outcome.refused[:3]
    scores, field_s, field_cpu = timed(lambda: score_field(simul))
    results = args.clubs * args.tables * args.boards
    assert scores.results == results, scores.results
    page, page_s, page_cpu = timed(lambda: client.get(f"/simultaneous/{simul.pk}/standings/"))
    assert page.status_code == 200
    body = page.content.decode()
    pairs = 2 * args.clubs * args.tables
    assert body.count("<tr>") == pairs + 1, body.count("<tr>")
    total = import_s + field_s + page_s
    total_cpu = import_cpu + field_cpu + page_cpu

    print(f"Python {platform.python_version()}, SQLite, {os.cpu_count()} CPUs (shared)")
    print(f"{args.clubs} clubs x {args.tables} tables x {args.boards} boards = {results} results, {pairs} pairs")
    print(f"generate the USEBIO files (not timed): {generate_s:.2f} s, {megabytes:.1f} MB")
    print(f"import all files:        {import_s:6.2f} s wall  {import_cpu:6.2f} s CPU")
    print(f"score across the field:  {field_s:6.2f} s wall  {field_cpu:6.2f} s CPU")
    print(f"render overall standings:{page_s:6.2f} s wall  {page_cpu:6.2f} s CPU  ({len(page.content) / 2**20:.1f} MB)")
    print(f"total:                   {total:6.2f} s wall  {total_cpu:6.2f} s CPU  (goal < 10 s)")

    # Corrections: one result changed in one club, the field scored again.
    first = simul.clubs.order_by("id").first()
    set_status(actor=user, session=first.session, status=Session.Status.PLAYING)
    lines = list(Result.objects.filter(section__session=first.session, kind="played").select_related("board")[:50])
    contracts = [("7NT", "N", 13), ("1NT", "E", 13), ("3NT", "S", 9), ("4S", "W", 10), ("2H", "N", 4)]
    fixes, rescores, rescore_cpus = [], [], []
    for i in range(args.repeat):
        result = lines[i]
        contract, declarer, tricks = contracts[i % len(contracts)]
        _, fix_s, _ = timed(
            lambda r=result, c=contract, d=declarer, t=tricks: services.correct_result(  # type: ignore[misc]
                actor=user, result=r, contract=c, declarer=d, tricks=t, why="bench"
            )
        )
        after, rescore_s, rescore_cpu = timed(lambda: score_field(simul))
        fixes.append(fix_s)
        rescores.append(rescore_s)
        rescore_cpus.append(rescore_cpu)
        field_scores = list(
            Result.objects.filter(
                section__session__simultaneous_club__simultaneous=simul, board__number=result.board.number
            ).values_list("pk", "ns_score")
        )
        points = scoring.matchpoints([s for _, s in field_scores])
        mine = dict(zip([pk for pk, _ in field_scores], points, strict=True))[result.pk]
        expected = 100 * mine / (2 * (len(field_scores) - 1))
        got = after.percent_of([result.pk])[result.pk][0]
        assert abs(got - expected) < 1e-9, (got, expected)
    print(
        f"correct one result:      best {min(fixes) * 1000:6.1f} ms  median {statistics.median(fixes) * 1000:6.1f} ms"
    )
    print(
        f"re-score the field:      best {min(rescores) * 1000:6.1f} ms  median "
        f"{statistics.median(rescores) * 1000:6.1f} ms  (CPU median {statistics.median(rescore_cpus) * 1000:.1f} ms; "
        "goal < 1 s)"
    )

    # The printed standings: the whole field's table and each club's (what the standings page's PDF job renders).
    from tournaments.simultaneous.reports import render_standings

    (_, _, pdf), pdf_s, pdf_cpu = timed(lambda: render_standings(simul))
    print(f"standings PDF:           {pdf_s:6.2f} s wall  {pdf_cpu:6.2f} s CPU  ({len(pdf) / 2**20:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
