"""Benchmark: matchpoint_field on 100,000 boards x 13 results against numpy just sorting the same data.

Run: ``.venv/bin/python bench/bench_matchpoint_field.py [--boards 100000] [--results 13] [--repeat 15]``.
The timings are interleaved (baseline, field, baseline, ...) so that load from other processes hits them
alike; the best and the median of ``--repeat`` runs are printed, with the ratios of the bests. The answers are
checked against ``scoring.matchpoints`` board by board. Exit status 1 if any differs or the ratio is over 1.5.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.scoring_field_data import generate
from scoring import matchpoint_array, matchpoint_field, matchpoints


def interleaved(repeat: int, cases: dict[str, Callable[[], object]]) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(repeat):
        for name, fn in cases.items():
            start = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - start)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=100_000)
    parser.add_argument("--results", type=int, default=13)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()

    boards = generate(args.boards, args.results)
    ragged = generate(args.boards, (args.results - 3, args.results), seed=7)
    prebuilt = np.array(boards)
    distinct = np.mean([len(set(b)) for b in boards[:10_000]])
    print(f"{platform.machine()}, {os.cpu_count()} cores, python {platform.python_version()}, numpy {np.__version__}")
    print(f"{args.boards} boards x {args.results} results, {distinct:.1f} distinct scores per board on average")

    cases: dict[str, Callable[[], object]] = {
        "np.array(lists) + np.sort": lambda: np.sort(np.array(boards), axis=1),
        "np.sort on a prebuilt array": lambda: np.sort(prebuilt, axis=1),
        "matchpoint_field (EBU)": lambda: matchpoint_field(boards),
        "matchpoint_field (ACBL)": lambda: matchpoint_field(boards, scale="acbl"),
        f"matchpoint_field ragged {args.results - 3}-{args.results}": lambda: matchpoint_field(ragged),
        "matchpoint_field(...).tolist()": lambda: matchpoint_field(boards).tolist(),
        "matchpoint_array on the prebuilt array": lambda: matchpoint_array(prebuilt),
    }
    times = interleaved(args.repeat, cases)
    print(f"{'':36} {'best':>8} {'median':>8}")
    for name, runs in times.items():
        print(f"{name:36} {min(runs) * 1000:6.1f}ms {statistics.median(runs) * 1000:6.1f}ms")
    base = min(times["np.array(lists) + np.sort"])
    field = min(times["matchpoint_field (EBU)"])
    ratio = field / base
    print(f"ratio to np.array + np.sort      {ratio:6.2f}x  (limit 1.5x)")
    sort_alone = min(times["np.sort on a prebuilt array"])
    print(f"ratio to np.sort alone           {field / sort_alone:6.2f}x")
    array_only = min(times["matchpoint_array on the prebuilt array"])
    print(f"matchpoint_array / np.sort, both on a prebuilt array {array_only / sort_alone:6.2f}x")

    start = time.perf_counter()
    ok = matchpoint_field(boards).tolist() == [matchpoints(b) for b in boards]
    got_ragged = matchpoint_field(ragged, scale="acbl")
    ok = ok and all(row.tolist() == matchpoints(b, scale="acbl") for row, b in zip(got_ragged, ragged, strict=True))
    print(f"identical to matchpoints board by board: {ok} (checked in {time.perf_counter() - start:.1f} s)")
    return 0 if ok and ratio <= 1.5 else 1


if __name__ == "__main__":
    raise SystemExit(main())
