"""Publishing's Celery jobs: telling the CDN in front to drop a session's pages (cdn.py), and rebuilding the
public pages of a session's new version (rebuild.py)."""

from __future__ import annotations

import urllib.error

from celery import shared_task

from config.celery import app as _app  # noqa: F401  the configured app: .delay() goes to our broker
from tournaments.publishing import cdn, rebuild, scheduled


@shared_task(
    name="bridgedesk.purge_cdn",
    autoretry_for=(urllib.error.URLError, OSError),
    retry_backoff=2,
    max_retries=5,
)
def purge_cdn(tags: list[str]) -> int:
    """Purge the tagged pages; a CDN that does not answer is asked again, a few seconds later each time."""
    return cdn.purge(tags)


@shared_task(name="bridgedesk.rebuild_public_pages")
def rebuild_public_pages(session_id: int, state: str) -> int:
    """Build the public pages of a session's new version, so that no reader waits for them (rebuild.py)."""
    return rebuild.rebuild(session_id, state)


@shared_task(name="bridgedesk.email_published_results")
def email_published_results() -> dict[int, int]:
    """Every RESULTS_EMAIL_EVERY_MINUTES: the clubs that asked have their new results e-mailed to the players."""
    return scheduled.email_published_results()
