"""Benchmark: matchpoint_field on 100,000 boards x 13 results against numpy just sorting the same data.

Run: ``.venv/bin/python bench/bench_matchpoint_field.py [--boards 100000] [--repeat 7]``.
Prints the best of ``--repeat`` runs for each timing and the ratios; checks the answers against
``scoring.matchpoints`` board by board. Exit status 1 if any answer differs or the ratio exceeds 1.5.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.scoring_field_data import generate
from scoring import matchpoint_field, matchpoints


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=100_000)
    parser.add_argument("--results", type=int, default=13)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()

    boards = generate(args.boards, args.results)
    prebuilt = np.array(boards)
    distinct = np.mean([len(set(b)) for b in boards[:10_000]])
    print(f"{platform.processor() or platform.machine()}, python {platform.python_version()}, numpy {np.__version__}")
    print(f"{args.boards} boards x {args.results} results, {distinct:.1f} distinct scores per board on average")

    sort_lists = best_of(args.repeat, lambda: np.sort(np.array(boards), axis=1))
    sort_array = best_of(args.repeat, lambda: np.sort(prebuilt, axis=1))
    field = best_of(args.repeat, lambda: matchpoint_field(boards))
    field_acbl = best_of(args.repeat, lambda: matchpoint_field(boards, scale="acbl"))
    ragged = generate(args.boards, (args.results - 3, args.results))
    ragged_field = best_of(args.repeat, lambda: matchpoint_field(ragged))

    print(f"np.array(lists) + np.sort        {sort_lists * 1000:8.1f} ms")
    print(f"np.sort on a prebuilt array      {sort_array * 1000:8.1f} ms")
    print(f"matchpoint_field (EBU)           {field * 1000:8.1f} ms")
    print(f"matchpoint_field (ACBL)          {field_acbl * 1000:8.1f} ms")
    print(f"matchpoint_field ragged {args.results - 3}-{args.results}    {ragged_field * 1000:8.1f} ms")
    ratio = field / sort_lists
    print(f"ratio to np.array + np.sort      {ratio:8.2f}x  (limit 1.5x)")
    print(f"ratio to np.sort alone           {field / sort_array:8.2f}x")

    start = time.perf_counter()
    got = matchpoint_field(boards)
    ok = all(row.tolist() == matchpoints(b) for row, b in zip(got, boards, strict=True))
    got_ragged = matchpoint_field(ragged, scale="acbl")
    ok = ok and all(row.tolist() == matchpoints(b, scale="acbl") for row, b in zip(got_ragged, ragged, strict=True))
    print(f"identical to matchpoints board by board: {ok} (checked in {time.perf_counter() - start:.1f} s)")
    return 0 if ok and ratio <= 1.5 else 1


if __name__ == "__main__":
    raise SystemExit(main())
