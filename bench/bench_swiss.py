"""Benchmark: the draw of a round of a 40-team Swiss.

Run: ``.venv/bin/python bench/bench_swiss.py [--teams 40] [--rounds 9] [--boards 8] [--repeat 20]``.
Two measurements:

1. the pure draw (``scoring.draws.swiss_draw``) of every round 2..R of a simulated Swiss: the
   standings and the meetings so far are those of the event being played, so late rounds meet the real
   constraint (top-down pairs already met); best and median of ``--repeat`` runs, per round;
2. the draw as the director gets it: ``services.draw_next_round`` in a throw-away SQLite database (reads every
   earlier round's boards, computes the standings, draws, writes the matches and the audit entry), per round,
   ``--repeat`` times inside a transaction rolled back (so the figure leaves out the commit's fsync, which on a
   shared disk is noise of its own), then once for real.

Each draw is checked: every team once, and no repeat meeting (avoidable in every round with R < teams).
Exit status 1 if a check fails or the worst median of either exceeds 100 ms.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

LIMIT_MS = 100.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--teams", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--boards", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="bench-swiss-")
    os.environ["BRIDGEDESK_DATA_DIR"] = workdir
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import transaction

    call_command("migrate", verbosity=0)

    from scoring.draws import swiss_draw
    from tournaments.teams import selectors, services
    from tournaments.teams.simulate import demo_players, demo_team_name, room_scores

    rng = random.Random(40)
    event = services.create_event(
        actor=None, name="Bench Swiss", date=datetime.date.today(), format="swiss", rounds=args.rounds,
        boards_per_match=args.boards,
    )  # fmt: skip
    for n in range(1, args.teams + 1):
        services.add_team(actor=None, event=event, name=demo_team_name(n), players=demo_players(n, rng))

    pure: list[tuple[int, float, float]] = []
    service: list[tuple[int, float, float]] = []
    failures: list[str] = []
    for number in range(1, args.rounds + 1):
        if number > 1:  # the pure draw of this round from the standings the service will use
            played = selectors.played_rounds(event)
            standings = [s.team for s in selectors.standings(event, played)]
            history = [(m.home, m.away) for r in played for m in r.matches]
            byes = [r.bye for r in played if r.bye]
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                swiss_draw(standings, history, byes=byes)
                times.append((time.perf_counter() - start) * 1000)
            pure.append((number, min(times), statistics.median(times)))
        times = []
        for _ in range(args.repeat):  # drawn and rolled back, then drawn for real below
            with transaction.atomic():
                start = time.perf_counter()
                services.draw_next_round(actor=None, event=event)
                times.append((time.perf_counter() - start) * 1000)
                transaction.set_rollback(True)
        service.append((number, min(times), statistics.median(times)))
        rnd = services.draw_next_round(actor=None, event=event)
        matches = list(rnd.matches.select_related("home", "away"))
        seen = [t.number for m in matches for t in (m.home, m.away)] + ([rnd.bye.number] if rnd.bye else [])
        if sorted(seen) != list(range(1, args.teams + 1)):
            failures.append(f"round {number}: not every team exactly once")
        if number > 1 and {frozenset((m.home.number, m.away.number)) for m in matches} & {
            frozenset(p) for p in history
        }:
            failures.append(f"round {number}: a repeat meeting")
        for m in matches:
            services.save_boards(
                actor=None, match=m, scores={b: room_scores(b, rng) for b in range(1, args.boards + 1)}, version=0
            )

    print(f"{args.teams}-team Swiss, {args.rounds} rounds of {args.boards} boards; {platform.python_version()}")
    print("round  pure draw best / median ms   draw_next_round (service, SQLite) best / median ms")
    by_round = {n: (b, m) for n, b, m in pure}
    for number, sb, sm in service:
        b, m = by_round.get(number, (float("nan"), float("nan")))
        print(f"{number:>5}  {b:>10.2f} / {m:<10.2f}   {sb:>10.1f} / {sm:.1f}")
    worst_pure = max(m for _, _, m in pure) if pure else 0.0
    worst_service = max(m for _, _, m in service)
    print(f"worst: pure draw {worst_pure:.2f} ms (median), service {worst_service:.1f} ms; goal < {LIMIT_MS:.0f} ms")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures or worst_pure >= LIMIT_MS or worst_service >= LIMIT_MS else 0


if __name__ == "__main__":
    sys.exit(main())
