"""Benchmark: the CPU time of a new web process up to its first response (issue 24's cold start; goal < 0.5 s).

Run: ``.venv/bin/python bench/bench_cold_start.py [--runs 7] [--path /accounts/login/]``.
Each run is a new Python process that does what a gunicorn worker does: load the WSGI application
(config.wsgi, DEBUG off), then answer one request (a plain WSGI environ, so django.test is not loaded). It
reports `time.process_time()` at that moment: the CPU the process spent since it started (interpreter start-up
included), which a busy machine changes far less than the wall-clock time. The project's bytecode is compiled
first, as on a deployed server. Prints the median, best and worst of the runs; exits 1 if the median passes
0.5 s. ``--imports`` also prints the heaviest modules of one run (``python -X importtime``).

``--preload`` measures what ``gunicorn --preload`` does instead (README's production command): one process loads
the application once (the master: its CPU is printed too), then forks a worker per run; each worker's CPU from
its fork to its first response is measured (Linux starts a child's CPU clock at zero). Without ``--preload``
each gunicorn worker loads the application itself, which is the plain measure.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL_S = 0.5
CHILD = """
import io, sys, time
sys.path.insert(0, {root!r})
from config.wsgi import application
environ = {{"REQUEST_METHOD": "GET", "PATH_INFO": {path!r}, "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000",
    "HTTP_HOST": "127.0.0.1", "wsgi.input": io.BytesIO(b""), "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr}}
status = []
b"".join(application(environ, lambda s, h, *a: status.append(s)))
assert status[0].startswith("200"), status
print(time.process_time(), time.perf_counter())
"""
PRELOADED = """
import io, os, sys, time
sys.path.insert(0, {root!r})
from config.wsgi import application
print("master", time.process_time(), flush=True)
for _ in range({runs}):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        environ = {{"REQUEST_METHOD": "GET", "PATH_INFO": {path!r}, "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000",
            "HTTP_HOST": "127.0.0.1", "wsgi.input": io.BytesIO(b""), "wsgi.url_scheme": "http",
            "wsgi.errors": sys.stderr}}
        status = []
        b"".join(application(environ, lambda s, h, *a: status.append(s)))
        os.write(write, f"{{status[0][:3]}} {{time.process_time()}}".encode())
        os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    status, cpu = os.read(read, 100).decode().split()
    assert status == "200", status
    print("worker", cpu, flush=True)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--path", default="/accounts/login/")
    parser.add_argument("--imports", action="store_true")
    parser.add_argument("--preload", action="store_true", help="a preloaded master forks the workers (see above)")
    args = parser.parse_args()
    for folder in ("tournaments", "config", "scoring"):
        compileall.compile_dir(str(ROOT / folder), quiet=1)
    workdir = tempfile.mkdtemp(prefix="bench-cold-")
    env = {**os.environ, "BRIDGEDESK_DATA_DIR": workdir, "SECRET_KEY": "bench-only", "DEBUG": "0"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    if args.preload:
        return _preloaded(args, env)
    code = CHILD.format(root=str(ROOT), path=args.path)
    cpu = []
    for _ in range(args.runs):
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        cpu.append(float(done.stdout.split()[0]))
    median = statistics.median(cpu)
    print(f"cold start, CPU of a new process to its first response ({args.path}, {args.runs} processes):")
    print(f"median {median * 1000:.0f} ms, best {min(cpu) * 1000:.0f} ms, worst {max(cpu) * 1000:.0f} ms")
    if args.imports:
        done = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", code], env=env, capture_output=True, text=True, check=True
        )
        rows = [line.split("|") for line in done.stderr.splitlines() if line.startswith("import time:")][1:]
        heavy = sorted(((int(r[1]), r[2].rstrip()) for r in rows if r[1].strip().isdigit()), reverse=True)[:15]
        for micro, name in heavy:
            print(f"{micro / 1000:8.1f} ms  {name}")
    return 0 if median < GOAL_S else 1


def _preloaded(args: argparse.Namespace, env: dict[str, str]) -> int:
    code = PRELOADED.format(root=str(ROOT), path=args.path, runs=args.runs)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    rows = [line.split() for line in done.stdout.splitlines()]
    master = next(float(cpu) for who, cpu in rows if who == "master")
    workers = [float(cpu) for who, cpu in rows if who == "worker"]
    median = statistics.median(workers)
    print(f"preloaded master: {master * 1000:.0f} ms of CPU to load the application, once")
    print(f"first response of a forked worker ({args.path}, {args.runs} workers): median {median * 1000:.1f} ms,")
    print(f"best {min(workers) * 1000:.1f} ms, worst {max(workers) * 1000:.1f} ms")
    return 0 if median < GOAL_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
