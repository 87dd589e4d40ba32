"""Benchmark: from SIGKILL of a Celery worker mid-job to that job's PDF being downloadable.

Run: ``.venv/bin/python bench/bench_recovery.py [--repeat 3] [--broker redis://127.0.0.1:6379/0]``.

It builds a 12-table demo Mitchell (dealt boards, results) in a throw-away SQLite database and, per run,
starts a hand-records job (double-dummy solving: several seconds of work) on a real worker. Two cases:

- *worker*: the worker process (solo pool) is killed with SIGKILL once the job is running, and a new worker is
  started at once (what systemd's ``Restart=always`` or a container restart does);
- *child*: the prefork pool child running the job is killed; the worker's main process forks a new one.

For each it prints how long after the kill the job was running again (its lease ran out and the watchdog
handed it on), and how long after the kill its PDF was downloadable, next to the same job's time on a worker
left alone. The broker is Redis by default (production's); ``--broker filesystem`` uses the embedded one.
Exits 1 if a job is not running again within 15 s of the kill (the issue's bound).
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _worker(env: dict[str, str], pool: str, log: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--concurrency", "1", "--pool", pool]
    command += ["--loglevel", "INFO", "--without-heartbeat", "--without-gossip", "--without-mingle"]
    with log.open("wb") as out:
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while b"ready." not in log.read_bytes():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise SystemExit(f"the worker did not start:\n{log.read_text()[-2000:]}")
        time.sleep(0.05)
    return proc


def _stop(proc: subprocess.Popen[bytes] | None) -> None:
    if proc is not None and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--broker", default="redis://127.0.0.1:6379/0")
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="bench-recovery-"))
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{workdir}/bench.sqlite3",
        "BRIDGEDESK_DATA_DIR": str(workdir),
        "SECRET_KEY": "bench-only-secret",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "CELERY_TASK_DEFAULT_QUEUE": f"bench-recovery-{os.getpid()}",
    }
    if args.broker != "filesystem":
        env["CELERY_BROKER_URL"] = args.broker
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import transaction

    from tournaments.printing import jobs
    from tournaments.printing.models import GeneratedFile
    from tournaments.sessions.services.demo import build_demo_session

    call_command("migrate", verbosity=0)
    director = get_user_model().objects.create_superuser(username="bench", password="bench-pw-12345")
    session = build_demo_session(tables=12, movement="mitchell", seed=12, quick=True)

    def start() -> int:
        with transaction.atomic():
            job = jobs.start_job(owner=director, session=session, kind="hand-records")
        return job.pk

    def wait(job_id: int, test: str, timeout: float = 300) -> float:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            job = GeneratedFile.objects.get(pk=job_id)
            if (test == "running" and job.status == "running") or (test == "again" and job.attempts >= 2):
                return time.monotonic()
            if test == "done" and job.finished:
                if job.status != "done" or not job.content:
                    raise SystemExit(f"job {job_id} ended {job.status}: {job.error}")
                return time.monotonic()
            time.sleep(0.02)
        raise SystemExit(f"job {job_id} never got {test} in {timeout} s")

    figures: dict[str, list[tuple[float, float]]] = {"alone": [], "worker": [], "child": []}
    for n in range(args.repeat):
        for case in ("alone", "worker", "child"):
            first = _worker(env, "prefork" if case == "child" else "solo", workdir / f"{case}-{n}-first.log")
            second = None
            try:
                job_id = start()
                t_running = wait(job_id, "running")
                if case == "alone":
                    figures[case].append((0.0, wait(job_id, "done") - t_running))
                    continue
                if case == "child":
                    children = subprocess.run(["pgrep", "-P", str(first.pid)], capture_output=True, text=True)
                    for child in children.stdout.split():
                        os.kill(int(child), signal.SIGKILL)
                else:
                    os.kill(first.pid, signal.SIGKILL)
                    first.wait(timeout=10)
                t_kill = time.monotonic()
                if case == "worker":
                    second = _worker(env, "solo", workdir / f"{case}-{n}-second.log")
                t_again = wait(job_id, "again")
                t_done = wait(job_id, "done")
                figures[case].append((t_again - t_kill, t_done - t_kill))
            finally:
                _stop(first)
                _stop(second)

    alone = statistics.median(d for _a, d in figures["alone"])
    print(f"hand-records job of {session.boards.count()} deals on a worker left alone: {alone:.1f} s (median)")
    print(f"{'killed':<28}{'running again after (s)':>26}{'PDF downloadable after (s)':>30}")
    worst = 0.0
    for case, label in (("worker", "worker process (restarted)"), ("child", "pool child")):
        again = [a for a, _d in figures[case]]
        done = [d for _a, d in figures[case]]
        worst = max(worst, *again)
        print(
            f"{label:<28}{f'{statistics.median(again):.1f} (max {max(again):.1f})':>26}"
            f"{f'{statistics.median(done):.1f} (max {max(done):.1f})':>30}"
        )
    return 1 if worst > 15 else 0


if __name__ == "__main__":
    raise SystemExit(main())
