"""Thin Celery tasks for the report jobs: they take a job id and call `services.jobs`.

Acknowledged late and rejected on worker loss (settings), so a message is not lost with a dead worker; and
when a worker starts it looks for jobs a dead worker left half done and sends them again.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task
from celery.signals import worker_ready


@shared_task(name="bridgedesk.render_report", acks_late=True, reject_on_worker_lost=True)
def render_report(job_id: int) -> int:
    """Make the job's PDF and store it in the database; the job row says how it went."""
    from tournaments.services import jobs

    jobs.run_job(job_id)
    return job_id


@shared_task(name="bridgedesk.analyse_deals")
def analyse_deals(session_id: int) -> int:
    """Solve a session's deals double dummy ahead of printing; returns how many were solved."""
    from tournaments.models import Board
    from tournaments.reports.handrecords import analyse, unanalysed

    todo = unanalysed(list(Board.objects.filter(session_id=session_id).exclude(deal="")))
    if todo:
        analyse(todo)
    return len(todo)


@shared_task(name="bridgedesk.requeue_stale_jobs")
def requeue_stale_jobs() -> list[int]:
    """Send again the jobs whose worker stopped giving signs of life."""
    from tournaments.services import jobs

    return jobs.requeue_stale_jobs()


@worker_ready.connect
def _recover_on_start(sender: Any = None, **kwargs: Any) -> None:
    """When a worker comes up: resend jobs stale now, and check again once a job left running would be stale."""
    from tournaments.services import jobs

    try:
        requeue_stale_jobs.delay()
        requeue_stale_jobs.apply_async(countdown=jobs.STALE_AFTER.total_seconds() + 1)
    except Exception:  # the broker hiccuped: the status page's watchdog will still resend stale jobs
        import logging

        logging.getLogger(__name__).exception("could not schedule the stale-job check")
