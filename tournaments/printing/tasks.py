"""Thin Celery tasks of the job pipeline: they take a job id and call `printing.jobs`.

Acknowledged late and rejected on worker loss (settings), so a message is not lost with a dead worker; and each
worker runs a watchdog that sends again the jobs whose lease ran out (their worker died).
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from celery.signals import worker_ready, worker_shutdown
from kombu.exceptions import OperationalError as KombuOperationalError

from config.celery import app as _app  # noqa: F401  the configured app: .delay() goes to our broker
from tournaments.printing import jobs

log = logging.getLogger(__name__)


@shared_task(name="bridgedesk.render_report", acks_late=True, reject_on_worker_lost=True)
def render_report(job_id: int) -> int:
    """Make the job's file and store it in the database; the job row says how it went."""
    jobs.run_job(job_id)
    return job_id


@shared_task(name="bridgedesk.render_party_paper", acks_late=True, reject_on_worker_lost=True)
def render_party_paper(job_id: int) -> int:
    """The name party papers were queued under before the one pipeline: messages still waiting run the same."""
    jobs.run_job(job_id)
    return job_id


@shared_task(name="bridgedesk.delete_expired_files")
def delete_expired_files() -> int:
    """Every hour: files (and their jobs) past GENERATED_FILE_TTL_HOURS go, even on a day no job starts."""
    return jobs.delete_expired()


@shared_task(name="bridgedesk.requeue_stale_jobs")
def requeue_stale_jobs() -> list[int]:
    """Send again the jobs whose worker stopped renewing its lease."""
    return jobs.requeue_stale_jobs()


# Publishing a job gives up after about two seconds when the broker is away (not Celery's default retries,
# which kept a director's request waiting 19 s for a 500): the job is kept, and the watchdog sends it again.
SEND_RETRY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.5, "interval_max": 0.5}


def send_job(job_id: int) -> None:
    """How printing/jobs.py queues a job (registered in tournaments/apps.py: Celery loads with the first job)."""
    try:
        # The job row holds the outcome: no Celery result, so sending never waits on the result store either.
        render_report.apply_async((job_id,), retry=True, retry_policy=SEND_RETRY, ignore_result=True)
    except (KombuOperationalError, OSError):
        log.warning("job %s kept, not sent: the broker is not answering; the watchdog sends it later", job_id)
        jobs.waiting_for_broker(job_id)


_watchdogs: list[jobs.Watchdog] = []


@worker_ready.connect
def _start_watchdog(sender: Any = None, **kwargs: Any) -> None:
    """When a worker comes up: resend what is lost now, then keep watching every WATCH seconds."""
    try:
        jobs.requeue_stale_jobs()
    except Exception:  # the database is not there yet: the watchdog tries again shortly
        log.exception("could not look for lost jobs at start-up")
    _watchdogs.append(jobs.Watchdog().start())


@worker_shutdown.connect
def _stop_watchdog(sender: Any = None, **kwargs: Any) -> None:
    for dog in _watchdogs:
        dog.stop.set()
