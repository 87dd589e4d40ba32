"""Benchmark: generate and validate every movement kind for 6 to 60 pairs.

Run: ``.venv/bin/python bench/bench_movements.py [--repeat 3]``.
Times each generation cold (the generators' caches of Howell rotations, board-set schedules and
individual seatings are cleared first, so the search is paid for every time) and the validation of the
result; prints max and median per kind in milliseconds. Exit status 1 if any movement fails validation or
any cold generation takes 100 ms or more.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.movements import MovementError, generate, validate
from tournaments.movements.howell import _full_sets, rotation_offsets
from tournaments.movements.individual import starting_seats

LIMIT_MS = 100.0


def cases() -> list[tuple[str, str, int, str | None]]:
    """(label, kind, pairs, variant) for every movement the app can make up to 60 pairs."""
    out: list[tuple[str, str, int, str | None]] = []
    for pairs in range(6, 61):
        out.append(("mitchell", "mitchell", pairs, None))
        even_tables = ((pairs + 1) // 2) % 2 == 0
        if even_tables:
            out.append(("mitchell skip", "mitchell", pairs, "skip"))
        out.append(("mitchell arrow-switch", "mitchell", pairs, "arrow-switch"))
    for pairs in range(4, 61):
        out.append(("howell", "howell", pairs, None))
        out.append(("howell three-quarter", "howell", pairs, "three-quarter"))
    out += [("individual", "individual", p, None) for p in (8, 12)]
    out += [("teams", "teams", 4, None), ("replay", "replay", 2, None)]
    return out


def clear_caches() -> None:
    rotation_offsets.cache_clear()
    _full_sets.cache_clear()
    starting_seats.cache_clear()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="runs per case; the worst is kept")
    args = parser.parse_args()

    generation: dict[str, list[float]] = {}
    validation: dict[str, list[float]] = {}
    slowest: dict[str, tuple[float, int]] = {}
    failures: list[str] = []
    for label, kind, pairs, variant in cases():
        worst_gen = worst_val = 0.0
        for _ in range(args.repeat):
            clear_caches()
            start = time.perf_counter()
            try:
                movement = generate(kind, pairs, variant=variant)
            except MovementError as error:
                failures.append(f"{label} {pairs}: {error}")
                break
            worst_gen = max(worst_gen, (time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            report = validate(movement)
            worst_val = max(worst_val, (time.perf_counter() - start) * 1000)
            if not report.ok:
                failures.append(f"{label} {pairs}: {report.errors[0]}")
        generation.setdefault(label, []).append(worst_gen)
        validation.setdefault(label, []).append(worst_val)
        if worst_gen > slowest.get(label, (0.0, 0))[0]:
            slowest[label] = (worst_gen, pairs)

    print(f"python {platform.python_version()} on {platform.machine()}, cold caches, worst of {args.repeat}")
    print(f"{'kind':24} {'cases':>5} {'gen max':>8} {'gen med':>8} {'(at pairs)':>10} {'val max':>8} {'val med':>8}")
    overall = 0.0
    for label, times in generation.items():
        vals = validation[label]
        overall = max(overall, max(times))
        print(
            f"{label:24} {len(times):5d} {max(times):8.2f} {statistics.median(times):8.2f} "
            f"{slowest.get(label, (0.0, 0))[1]:10d} {max(vals):8.2f} {statistics.median(vals):8.2f}"
        )
    print(f"slowest generation: {overall:.2f} ms (limit {LIMIT_MS:.0f} ms)")
    for failure in failures:
        print("FAILED:", failure)
    return 1 if failures or overall >= LIMIT_MS else 0


if __name__ == "__main__":
    raise SystemExit(main())
