"""Celery's autodiscovery imports `<app>.tasks`: this module imports each domain's tasks so workers know them.

Task names are explicit (`bridgedesk.render_report`, ...), so messages queued before a module moved still run.
"""

from tournaments.core.tasks import clear_sessions, ping, scheduled_backup
from tournaments.printing.tasks import delete_expired_files, render_party_paper, render_report, requeue_stale_jobs
from tournaments.publishing.tasks import purge_cdn
from tournaments.sessions.tasks import analyse_deals

__all__ = [
    "analyse_deals",
    "clear_sessions",
    "delete_expired_files",
    "ping",
    "purge_cdn",
    "render_party_paper",
    "render_report",
    "requeue_stale_jobs",
    "scheduled_backup",
]
