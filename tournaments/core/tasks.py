"""Tasks that prove the job system works end to end, and the scheduled upkeep Celery beat runs
(settings.CELERY_BEAT_SCHEDULE)."""

import os
import socket

from celery import shared_task
from django.core.management import call_command

from tournaments.core import backups


@shared_task(name="bridgedesk.ping")
def ping(payload: str = "ping") -> dict[str, str | int]:
    """Answer with the payload and where it ran, so a caller can see a real worker did the job."""
    return {"echo": payload, "worker_pid": os.getpid(), "host": socket.gethostname()}


@shared_task(name="bridgedesk.scheduled_backup")
def scheduled_backup() -> str | None:
    """Once a day: a copy of the database in the backups folder (its path), the oldest pruned."""
    made = backups.scheduled_backup()
    return str(made) if made else None


@shared_task(name="bridgedesk.clear_sessions")
def clear_sessions() -> None:
    """Once a day: Django's expired login sessions go (`manage.py clearsessions`)."""
    call_command("clearsessions")
