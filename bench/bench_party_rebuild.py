"""Benchmark: what a party's pages rebuild right after a party write, piece by piece, and a profile of it.

Run: ``.venv/bin/python bench/bench_party_rebuild.py [--tables 60] [--repeat 10] [--profile]``.

Builds ``party_demo``'s simulated party (mixed couples, every prize chosen, deal by deal, 4 rounds) of that many
tables in a throw-away SQLite database, reopens it, then ``--repeat`` times corrects one table of the last round
(as ``bench_ratios.py`` does) and times, in CPU time of this process, what the first reader after the write
rebuilds: the standings as computed (`selectors._standings_now`; within it `results_of`, as it reads them) and
as kept (`selectors.standings`: computed, stored in Django's cache, frozen), the tallies' rows (`kept_tally_body`)
and a round's cards (`round_rows.kept_round`); and the floor (a bare view through the
middleware) in the same run, for the ratios. ``--profile`` prints the cProfile of the standings' rebuild.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _cpu_ms(fn: Callable[[], object]) -> float:
    t0 = time.process_time()
    fn()
    return (time.process_time() - t0) * 1000


def _after_a_write(party: Any, floor: Any) -> dict[str, float]:
    """What the first reader after a write rebuilds, piece by piece, in CPU ms."""
    from tournaments.parties import round_rows, selectors, tally_rows

    kept: list[selectors.Standings] = []
    figures = {
        "floor": _cpu_ms(lambda: floor.get("/bench-floor/")),
        "results_of": _cpu_ms(lambda: selectors.results_of(party, deals="slams")),
        "computed": _cpu_ms(lambda: selectors._standings_now(party)),
        "standings kept": _cpu_ms(lambda: kept.append(selectors.standings(party))),
    }
    figures["tally rows kept"] = _cpu_ms(lambda: tally_rows.kept_tally_body(party, kept[0]))
    figures["round 4 kept"] = _cpu_ms(lambda: round_rows.kept_round(party, 4))
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()

    from bench.bench_ratios import embedded_django

    embedded_django("bench-party-rebuild-")
    from django.contrib.auth import get_user_model
    from django.test import Client

    from tournaments.parties import selectors
    from tournaments.parties.finishing import reopen_party
    from tournaments.parties.management.commands.party_demo import save_demo
    from tournaments.parties.models import Party, PartyTable
    from tournaments.parties.score_pads import record_totals
    from tournaments.parties.simulate import simulate_party

    get_user_model().objects.create_superuser(username="bench", password="bench-pw-123")
    tables = args.tables
    party = save_demo(simulate_party(tables, 4, seed=tables), tables=tables, host="bench", seed=tables)
    reopen_party(actor=None, party=party, why="bench: corrections")
    table = PartyTable.objects.get(round__party=party, round__number=4, number=1)
    floor = Client()
    timings: dict[str, list[float]] = {
        k: [] for k in ("floor", "results_of", "computed", "standings kept", "tally rows kept", "round 4 kept")
    }
    for i in range(args.repeat + 1):
        ns, ew = (620, 100) if i % 2 else (100, 620)
        record_totals(actor=None, table=table, ns_total=ns, ew_total=ew, why="bench")
        figures = _after_a_write(Party.objects.get(pk=party.pk), floor)
        if i:  # the first pass warms the imports and templates
            for k, v in figures.items():
                timings[k].append(v)
    floor_ms = statistics.median(timings["floor"])
    print(f"{tables} tables, {args.repeat} corrections; load average {os.getloadavg()[0]:.2f} (2 cores, shared)")
    for name, values in timings.items():
        med = statistics.median(values)
        print(f"  {name:<16} median {med:7.2f} ms CPU  (x{med / floor_ms:5.1f} floor)  min {min(values):7.2f}")
    rebuild = sum(statistics.median(timings[k]) for k in ("standings kept", "tally rows kept"))
    print(f"  tallies page's rebuild (standings + rows, kept): {rebuild:.2f} ms (x{rebuild / floor_ms:.1f} floor)")
    if args.profile:
        fresh = Party.objects.get(pk=party.pk)
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(5):
            selectors._standings_now(fresh)
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(30)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
