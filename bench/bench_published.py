"""Benchmark: the Published vs Bridgedesk comparison of a real session, agreeing and deliberately mismatched.

Run: ``.venv/bin/python bench/bench_published.py [--repeat 5] [--shared ../shared]``.
Uses a throw-away SQLite database in a temporary folder (migrated first). Imports the 38-pair Compscore3
Mitchell, then times, best and median of the repeats (score cache cleared each time): the comparison under the
file's own conventions (nothing differs, so no other convention is tried), and under a mismatched rounding
(every other choice of each convention is scored in memory to find the reasons). Exit status 1 if the first
does not agree or the second lists nothing, or any step takes over 5 s.
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
LIMIT_S = 5.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = parser.parse_args()
    path = args.shared / "realdata" / "usebio" / "mp_pairs_mitchell.xml"
    if not path.is_file():
        print(f"skipped: {path} is missing")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        os.environ["BRIDGEDESK_DATA_DIR"] = folder
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")
        os.environ.pop("DATABASE_URL", None)
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        from django.core.cache import cache

        from tournaments.interchange.importers import import_usebio
        from tournaments.interchange.published import compare_session
        from tournaments.sessions.models import Session

        session = import_usebio(path.read_bytes(), filename=path.name).session
        print(f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} CPUs")
        failed = False
        for label, rounding in (("agreeing (Compscore3's rounding)", "0.01%"), ("mismatched (no rounding)", "none")):
            Session.objects.filter(pk=session.pk).update(neuberg_rounding=rounding)
            session.refresh_from_db()
            times, result = [], None
            for _ in range(args.repeat):
                cache.clear()
                start = time.perf_counter()
                (result,) = compare_session(session)
                times.append(time.perf_counter() - start)
            assert result is not None
            listed = len(result.lines) + len(result.pairs)
            print(
                f"{label:36s} best {min(times) * 1000:7.1f} ms  median {statistics.median(times) * 1000:7.1f} ms"
                f"  ({result.compared} figures compared, {listed} differences listed)"
            )
            failed |= max(times) > LIMIT_S
            failed |= (rounding == "0.01%") != result.agrees
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
