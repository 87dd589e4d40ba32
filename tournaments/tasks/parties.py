"""Thin Celery task for printing a party's papers: it takes a job id and calls the party service."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="bridgedesk.render_party_paper", acks_late=True, reject_on_worker_lost=True)
def render_party_paper(job_id: int) -> int:
    """Make the party paper of the job and store it in the database; the job row says how it went."""
    from tournaments.services.parties import run_print_job

    run_print_job(job_id)
    return job_id
