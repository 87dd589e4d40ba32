"""What bench/bench_clubs.py prints after its load: per kind of request the latencies and errors, each kind's
latency and CPU as multiples of the floor's (a bare view through the same middleware, measured under the same
load in the same run), the web processes' CPU, and the results stored against the posts answered.

The CPU per request comes from the web processes themselves (bench/clubs_gunicorn.py: the answering thread's
CPU clock, one line a request): on a shared machine the latencies are mostly the queue for a core, the CPU is
what the code costs whatever the load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
from collections import defaultdict
from pathlib import Path
from typing import Any

# (per kind: request times in ms, errors), (posts answered 201, posts sent): the driver's Recorder, as plain data
Seen = tuple[dict[str, list[float]], dict[str, list[str]]]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def web_cpu(pids: list[int]) -> float:
    """CPU seconds (user + system) used so far by the web processes and every process under them (gunicorn's
    workers), read from /proc: the load's cost whatever share of the machine it got."""
    tick = os.sysconf("SC_CLK_TCK")
    stats: dict[int, tuple[int, float]] = {}  # pid -> (parent, cpu seconds)
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                fields = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            stats[int(name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    mine, total = set(pids), 0.0
    for _ in range(4):  # entrypoint -> gunicorn master -> workers
        mine |= {pid for pid, (parent, _cpu) in stats.items() if parent in mine}
    for pid in mine:
        total += stats.get(pid, (0, 0.0))[1]
    return total


def results_stored(url: str) -> tuple[int, int]:
    """The results stored: rows, and distinct (table link's section, board, pairs) lines, read with psql."""
    sql = (
        "SELECT count(*), count(DISTINCT (section_id, board_id, ns_entry_id, ew_entry_id)) "
        "FROM tournaments_result WHERE kind = 'played'"
    )
    out = subprocess.run(["psql", url, "-tAc", sql], check=True, capture_output=True, text=True).stdout
    rows, lines = out.strip().split("|")
    return int(rows), int(lines)


def cpu_by_kind(folder: Path, start: float, end: float) -> dict[str, list[float]]:
    """Each kind's CPU ms per request, answered between `start` and `end` (wall clock), from the web processes'
    files (bench/clubs_gunicorn.py); a held event stream counts its heartbeats too, so it is left out."""
    found: dict[str, list[float]] = defaultdict(list)
    for path in folder.glob("cpu-*.txt"):
        for line in path.read_text().splitlines():
            at, kind, cpu = line.split()
            if start <= float(at) <= end and kind != "stream_opened":
                found[kind.replace("_", " ")].append(float(cpu))
    return found


def _latencies(seen: Seen, floor: list[float]) -> int:
    """The latency table (with p50 and p95 as multiples of the floor's); the number of errors."""
    times, errors = seen
    f50, f95 = (statistics.median(floor), percentile(floor, 95)) if floor else (0.0, 0.0)
    heads = ("count", "p50 ms", "p95 ms", "p99 ms", "errors", "p50 xfl", "p95 xfl")
    print(f"{'kind':16} {heads[0]:>7} " + " ".join(f"{h:>8}" for h in heads[1:]))
    count = 0
    for kind, took in sorted(times.items()):
        count += len(errors[kind])
        if not took:
            continue
        p50, p95 = statistics.median(took), percentile(took, 95)
        ratios = f"{p50 / f50:8.1f} {p95 / f95:8.1f}" if f50 and f95 else ""
        p99, failed = percentile(took, 99), len(errors[kind])
        print(f"{kind:16} {len(took):7d} {p50:8.1f} {p95:8.1f} {p99:8.1f} {failed:8d} {ratios}")
    for kind, lines in errors.items():
        for line in lines[:3]:
            print(f"  {kind}: {line}")
    return count


def _cpu_table(cpu: dict[str, list[float]]) -> None:
    """CPU per request by kind, median and mean, and the median as a multiple of the floor's."""
    if not cpu:
        return
    floor = statistics.median(cpu["floor"]) if cpu.get("floor") else 0.0
    print(f"{'CPU per request':16} {'count':>7} {'p50 ms':>8} {'mean ms':>8} {'p95 ms':>8} {'p50 xfl':>8}")
    for kind, spent in sorted(cpu.items()):
        p50 = statistics.median(spent)
        ratio = f"{p50 / floor:8.1f}" if floor else ""
        print(
            f"{kind:16} {len(spent):7d} {p50:8.2f} {statistics.mean(spent):8.2f} {percentile(spent, 95):8.2f} {ratio}"
        )


def report(args: argparse.Namespace, seen: Seen, posts: tuple[int, int], run: dict[str, Any]) -> int:
    """Print the figures; 1 on an error or a result not stored exactly once. `run`: ports, threads, tables,
    clubs, cpu and wall (seconds), url, before (results stored before), cpu_by_kind, load (averages)."""
    times = seen[0]
    burst = (
        f"; the worst moment: {args.burst} clubs' sections post within {args.burst_window:g} s" if args.burst else ""
    )
    print(f"{run['clubs']} clubs, {run['tables']} tables, {args.readers} readers, {args.directors} directors, "
          f"{args.floor} floor readers, {args.seconds} s; a table posts every {args.post_every:g} s, a reader "
          f"reloads every {args.reader_every:g} s, a director every {args.director_every:g} s{burst};")  # fmt: skip
    print(f"two web processes on {run['ports']}, each {args.workers} gunicorn processes x {run['threads']} threads; "
          f"phones {args.follow}; load average {run['load'][0]} at the start, {run['load'][1]} at the end")  # fmt: skip
    errors = _latencies(seen, times.get("floor", []))
    _cpu_table(run["cpu_by_kind"])
    if args.follow == "push":
        print(f"event streams held: {run['held']} of {run['tables']}")
    answered = sum(len(took) for kind, took in times.items() if kind != "stream opened")
    cpu, wall = run["cpu"], run["wall"]
    print(
        f"web processes' CPU: {cpu:.1f} s in {wall:.0f} s for {answered} requests: "
        f"{1000 * cpu / max(answered, 1):.1f} ms a request at this mix, "
        f"{answered / max(cpu, 0.001):.0f} a second per core"
    )
    driver, driver_wall = run["driver"]
    print(
        f"the load driver's CPU (one process, locust FastHttpUser on gevent): {driver:.1f} s in {driver_wall:.0f} s "
        f"({100 * driver / max(driver_wall, 0.001):.0f}% of a core), {1000 * driver / max(answered, 1):.2f} ms"
        " a request"
    )
    after, before = results_stored(run["url"]), run["before"]
    rows, lines = after[0] - before[0], after[1] - before[1]
    stored, sent = posts
    exact = rows == lines and stored <= lines <= sent  # none doubled, every 201 stored
    print(f"results stored: {rows} rows, {lines} distinct lines, for {stored} posts answered 201 of "
          f"{sent} sent: " + ("none doubled, none lost" if exact else "DOUBLED OR LOST"))  # fmt: skip
    return 1 if errors or not exact else 0
