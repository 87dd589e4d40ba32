"""Project configuration: settings, URLs, the Celery app, WSGI/ASGI entry points.

The Celery app is not imported here (as Celery's Django guide does) but on first use: a web process loads
Celery (about 0.1 s) only when it first queues a job; the task modules import `config.celery` themselves, and
`celery -A config` finds `config.celery.app` on its own.
"""

from __future__ import annotations

from typing import Any

__all__ = ["celery_app"]


def __getattr__(name: str) -> Any:
    if name == "celery_app":
        from config.celery import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
