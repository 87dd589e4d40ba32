"""Benchmark: import and export a real USEBIO session, and a large synthetic one, through the database.

Run: ``.venv/bin/python bench/bench_interchange.py [--repeat 5] [--shared ../shared]``.
Uses a throw-away SQLite database in a temporary folder (migrated first). Times, best and median of the
repeats: reading the file (pure), importing it (one transaction, scoring and comparing with the published
figures), exporting it as USEBIO and as PBN (scores from the selector), and importing the PBN. The large case
is a 30-table Mitchell, 30 boards, every board played at every table (900 traveller lines), written by our
own writer. Exit status 1 if any import disagrees with the figures in its file, or any step takes over 5 s.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


def _large_usebio() -> bytes:
    """A 30-table Mitchell (60 pairs), 30 boards each played at all 30 tables, match points by our engine."""
    import scoring
    from tournaments.interchange.records import BoardRecord, LineRecord, PairRecord, PlayerRecord, SessionRecord
    from tournaments.interchange.usebio_writer import write_usebio

    rng = random.Random(7)
    tables = 30
    pairs = [
        PairRecord(label=f"{n}{d}", number=n, direction=d, players=[PlayerRecord(f"{d} player {n}a", str(10000 + n))])
        for d in ("NS", "EW")
        for n in range(1, tables + 1)
    ]
    contracts = [("4S", "N"), ("3NT", "S"), ("4H", "E"), ("2S", "W"), ("5DX", "E"), ("1NT", "N")]
    boards = []
    for number in range(1, 31):
        lines = []
        for table in range(1, tables + 1):
            contract, declarer = rng.choice(contracts)
            need = int(contract[0]) + 6
            tricks = max(0, min(13, need + rng.choice([-2, -1, 0, 0, 1])))
            score = scoring.ns_score(contract, declarer, tricks, number)
            ew = (table + number - 2) % tables + 1
            lines.append(
                LineRecord(f"{table}NS", f"{ew}EW", contract=contract, declarer=declarer, tricks=tricks, score=score)
            )
        for line, mp in zip(lines, scoring.matchpoints([x.score for x in lines]), strict=True):  # type: ignore[misc]
            line.ns_points, line.ew_points = mp, 2 * (tables - 1) - mp
        boards.append(BoardRecord(number=number, lines=lines))
    record = SessionRecord(event_name="Bench 30 tables", title="Night", winners=2, pairs=pairs, boards=boards)
    return write_usebio(record)


def _time(fn: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    times: list[float] = []
    result: Any = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--shared", default=str(ROOT.parent / "shared"))
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-interchange-")
    _setup_django(folder)

    from tournaments.interchange.exporters import export_pbn, export_usebio
    from tournaments.interchange.importers import import_pbn, import_usebio
    from tournaments.interchange.usebio import read_usebio

    cases = []
    real = Path(args.shared) / "realdata" / "usebio" / "mp_pairs_mitchell.xml"
    if real.is_file():
        cases.append(("real 19-table Mitchell (512 lines)", real.read_bytes()))
    else:
        print(f"note: {real} not found; only the synthetic case runs")
    cases.append(("synthetic 30-table Mitchell (900 lines)", _large_usebio()))

    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; SQLite; "
        f"best/median of {args.repeat}"
    )
    failed = False
    for label, data in cases:
        print(f"\n{label}, {len(data) // 1024} KiB")
        rows: list[tuple[str, float, float]] = []
        best, median, _ = _time(lambda: read_usebio(data), args.repeat)  # noqa: B023
        rows.append(("read USEBIO (pure)", best, median))
        best, median, report = _time(lambda: import_usebio(data, filename="bench.xml"), args.repeat)  # noqa: B023
        rows.append(("import USEBIO (one transaction, compared)", best, median))
        if report.differences:
            print("  DIFFERENCES:", report.differences[:3])
            failed = True
        session = report.session
        best, median, _ = _time(lambda: export_usebio(session), args.repeat)  # noqa: B023
        rows.append(("export USEBIO", best, median))
        best, median, exported = _time(lambda: export_pbn(session), args.repeat)  # noqa: B023
        rows.append(("export PBN", best, median))
        text = exported[1]
        best, median, again = _time(lambda: import_pbn(text, filename="bench.pbn"), args.repeat)  # noqa: B023
        rows.append(("import PBN", best, median))
        if again.differences:
            print("  PBN DIFFERENCES:", again.differences[:3])
            failed = True
        for name, best, median in rows:
            print(f"  {name:<45} best {best * 1000:8.1f} ms   median {median * 1000:8.1f} ms")
            failed = failed or best > LIMIT_S
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
