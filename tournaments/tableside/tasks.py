"""The table side's scheduled upkeep (settings.CELERY_BEAT_SCHEDULE): thin, the work is in expiry.py."""

from __future__ import annotations

from celery import shared_task

from config.celery import app as _app  # noqa: F401  the configured app: .delay() goes to our broker
from tournaments.tableside import expiry


@shared_task(name="bridgedesk.expire_links")
def expire_links() -> dict[str, int]:
    """Daily (EXPIRE_LINKS_AT): table and screen links past TABLE_LINK_DAYS, of events not being played, end."""
    done = expiry.expire_links()
    return {"tables": done.tables, "screens": done.screens}
