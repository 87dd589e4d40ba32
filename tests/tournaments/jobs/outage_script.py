"""Run in a process of its own by tests/tournaments/jobs/test_outages.py, against the private servers named in
its environment (DATABASE_URL, CELERY_BROKER_URL): the real job runner and the real print view, while the test
stops and starts those servers. Prints one JSON line per event so the test can follow."""

from __future__ import annotations

import datetime
import json
import sys
import time
from typing import Any

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.test import Client  # noqa: E402

from tournaments.core.access import Role, grant  # noqa: E402
from tournaments.printing import jobs, registry  # noqa: E402
from tournaments.printing.models import GeneratedFile  # noqa: E402
from tournaments.sessions.models import Session  # noqa: E402
from tournaments.sessions.services.sessions import SectionSpec, create_session  # noqa: E402

STEPS = 40  # a render of about ten seconds that reads the database at every step, as a real report does


def say(**data: Any) -> None:
    print(json.dumps(data, default=str), flush=True)


def slow_render(kind: str, session: Session, paper: str, progress: Any) -> tuple[str, str, bytes]:
    for step in range(STEPS):
        Session.objects.filter(pk=session.pk).count()
        progress(step / STEPS, f"Page {step + 1}")
        time.sleep(0.25)
    return "slow.txt", "text/plain", b"made"


def a_session() -> Session:
    return create_session(actor=None, event_name="Outage night", date=datetime.date(2026, 11, 24),
                          sections=[SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)])  # fmt: skip


def a_session_by_id(pk: int) -> Session:
    return Session.objects.get(pk=pk)


def slow_job() -> None:
    registry.register(registry.JobKind(kind="outage-slow", title="Slow file", owner="session", load=a_session_by_id,
                                       render=slow_render))  # fmt: skip
    job = jobs.start_job(owner=None, kind="outage-slow", session=a_session(), enqueue=False)
    say(event="started", job=job.pk)
    jobs.run_job(job.pk)
    done = GeneratedFile.objects.get(pk=job.pk)
    say(event="finished", status=done.status, message=done.message, error=done.error, attempts=done.attempts)


def start_by_web() -> None:
    user = get_user_model().objects.create_user(username=f"td{time.monotonic_ns()}", password="x")
    grant(user, Role.DIRECTOR)
    session = a_session()
    client = Client()
    client.force_login(user)
    began = time.monotonic()
    response = client.post(f"/sessions/{session.pk}/print/start/", {"kind": "guide-cards", "paper": "a4"})
    elapsed = time.monotonic() - began
    job = GeneratedFile.objects.filter(session=session).get()
    say(event="answered", status=response.status_code, seconds=elapsed, job=job.pk, job_status=job.status,
        message=job.message)  # fmt: skip


def resend() -> None:
    """What a worker's watchdog does once the broker is back (the test has aged the queued job first)."""
    say(event="resent", jobs=jobs.requeue_stale_jobs())


if __name__ == "__main__":
    {"slow-job": slow_job, "start-by-web": start_by_web, "resend": resend}[sys.argv[1]]()
