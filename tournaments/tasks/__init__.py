"""Celery tasks, one module per area; Celery's autodiscovery imports this package.

Tasks stay thin: they take ids, call services or renderers, and report progress.
"""

from .parties import render_party_paper
from .reports import analyse_deals, render_report, requeue_stale_jobs
from .system import ping

__all__ = ["analyse_deals", "ping", "render_party_paper", "render_report", "requeue_stale_jobs"]
