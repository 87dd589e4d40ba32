"""The Celery application. Tasks live in tournaments/tasks.py and stay thin: ids in, services do the work."""

import os
from typing import Any

from celery import Celery
from celery.schedules import crontab

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("bridgedesk")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def beat_schedule(schedule: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The settings' schedule as beat reads it: a time of day "HH:MM" becomes a daily crontab at that time (in
    CELERY_TIMEZONE, the service's TIME_ZONE); an interval stays as it is. The settings never import Celery."""
    out = {}
    for name, entry in schedule.items():
        when = entry["schedule"]
        if isinstance(when, str):
            hour, minute = when.split(":")
            when = crontab(hour=int(hour), minute=int(minute))
        out[name] = {**entry, "schedule": when}
    return out


@app.on_after_configure.connect
def _daily_times(sender: Celery, **kwargs: Any) -> None:
    sender.conf.beat_schedule = beat_schedule(sender.conf.beat_schedule or {})
