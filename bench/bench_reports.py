"""Benchmark: the printed results of a 15-table session, renderer by renderer and as one book.

Run: ``.venv/bin/python bench/bench_reports.py [--repeat 3] [--paper a4] [--out DIR]``.
Uses a throw-away SQLite database in a temporary folder (migrated first). The session is a 15-table Mitchell
(30 pairs) of 9 rounds of 3 boards: every pair plays 27 boards, 45 boards are in play, all dealt and every
traveller line filled in. Times are best and median of the repeats, in seconds. Hand records are timed twice:
cold (the double-dummy solver runs for every deal) and warm (answers kept in DoubleDummyAnalysis, as when the
results are printed again after a correction); "DD 27 deals" is the solver alone on the 27 boards of one pair.
`--out DIR` also writes every PDF there (to look at). Exit status 1 if the warm results book takes over 5 s.

``--standings-tables 60`` times only the standings of a 60-table Mitchell (no deals), once with the factory's
Latin names and once with a quarter of the players renamed in Chinese, Japanese, Korean, Greek and Cyrillic
(the CJK fallback font is then embedded as a subset): time and file size of each.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
LIMIT_S = 5.0


def _setup_django(folder: str) -> None:
    os.environ["BRIDGEDESK_DATA_DIR"] = folder
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")
    os.environ.pop("DATABASE_URL", None)
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def _time(fn: Callable[[], object], repeat: int, before: Callable[[], None] | None = None) -> tuple[float, float]:
    runs = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return min(runs), statistics.median(runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--paper", default="a4", choices=["a4", "letter"])
    parser.add_argument("--out", help="write the PDFs into this folder too")
    parser.add_argument("--standings-tables", type=int, help="time only the standings of this many tables")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        _setup_django(folder)
        if args.standings_tables:
            return _standings_in_every_script(args.standings_tables, args.repeat)
        from endplay.dds import calc_all_tables
        from endplay.types import Deal
        from pypdf import PdfReader

        from tests.tournaments.reports.factories import make_session
        from tournaments.sessions import reports
        from tournaments.sessions.models import Board, DoubleDummyAnalysis, Result

        session = make_session(pairs=30, boards_per_round=3, rounds=9, seed=15)
        boards = Board.objects.filter(session=session).count()
        lines = Result.objects.filter(section__session=session).count()
        print(
            f"Session: 15-table Mitchell, 9 rounds of 3, 30 pairs, {boards} boards in play, {lines} traveller lines;"
            f" {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
        )

        def forget_dd() -> None:
            DoubleDummyAnalysis.objects.all().delete()

        pages: dict[str, int] = {}

        def render(kind: str) -> Callable[[], object]:
            def run() -> object:
                filename, _, content = reports.render(kind, session, paper=args.paper)
                pages[kind] = len(PdfReader(io.BytesIO(content)).pages)
                if args.out:
                    Path(args.out).mkdir(parents=True, exist_ok=True)
                    (Path(args.out) / filename).write_bytes(content)
                return content

            return run

        first_pair_boards = sorted(
            Board.objects.filter(results__ns_entry__label="1NS", session=session).values_list("deal", flat=True)
        )
        deals = [Deal.from_pbn(d) for d in first_pair_boards]
        rows: list[tuple[str, float, float]] = []
        rows.append(("DD 27 deals (calc_all_tables)", *_time(lambda: calc_all_tables(deals), args.repeat)))
        rows.append(("hand records, cold", *_time(render("hand-records"), args.repeat, forget_dd)))
        rows.append(("results book, cold", *_time(render("results"), args.repeat, forget_dd)))
        for kind in ("standings", "recaps", "scorecards", "hand-records"):
            rows.append((f"{kind}{', warm' if kind == 'hand-records' else ''}", *_time(render(kind), args.repeat)))
        rows.append(("results book, warm", *_time(render("results"), args.repeat)))
        for kind in ("guide-cards", "travellers", "pickup-slips", "session-kit"):
            rows.append((kind, *_time(render(kind), args.repeat)))

        print("\n| What | Pages | Best (s) | Median (s) |\n|---|---:|---:|---:|")
        for name, best, median in rows:
            kind = name.split(",")[0].replace("results book", "results").replace("hand records", "hand-records")
            print(f"| {name} | {pages.get(kind, '')} | {best:.2f} | {median:.2f} |")
        warm = next(best for name, best, _ in rows if name == "results book, warm")
        if warm > LIMIT_S:
            print(f"\nFAIL: the warm results book took {warm:.2f} s (limit {LIMIT_S} s)")
            return 1
        return 0


WORLD = ("王芳", "李小龍", "김민준", "田中美咲", "さとう ひろし", "Αλέξης Παπαδόπουλος", "Пётр Кузнецов")


def _standings_in_every_script(tables: int, repeat: int) -> int:
    from tests.tournaments.reports.factories import make_session
    from tournaments.sessions import reports
    from tournaments.sessions.models import EntryPlayer

    print(f"Standings of a {tables}-table Mitchell ({2 * tables} pairs); {platform.machine()}, {os.cpu_count()} cores")
    print("\n| Names | Best (s) | Median (s) | Size (KB) |\n|---|---:|---:|---:|")
    for label in ("Latin", "a quarter in CJK, Greek, Cyrillic"):
        session = make_session(pairs=2 * tables, boards_per_round=2, rounds=3, seed=60, deals=False)
        if label != "Latin":  # renamed before the first render, so no cached score sheet holds the old names
            players = EntryPlayer.objects.filter(entry__section__session=session).order_by("pk")
            for i, player in enumerate(players[::4]):
                player.name = f"{WORLD[i % len(WORLD)]} {i}"
                player.save(update_fields=["name"])
        content = reports.render("standings", session)[2]
        best, median = _time(lambda s=session: reports.render("standings", s), repeat)
        print(f"| {label} | {best:.2f} | {median:.2f} | {len(content) / 1024:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
