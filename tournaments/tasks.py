"""Celery's autodiscovery imports `<app>.tasks`: this module imports each domain's tasks so workers know them.

Task names are explicit (`bridgedesk.render_report`, ...), so messages queued before a module moved still run.
"""

from tournaments.core.tasks import clear_sessions, ping, scheduled_backup
from tournaments.printing.tasks import delete_expired_files, render_party_paper, render_report, requeue_stale_jobs
from tournaments.publishing.tasks import email_published_results, purge_cdn
from tournaments.sessions.tasks import analyse_deals, remind_directors
from tournaments.tableside.tasks import expire_links

__all__ = [
    "analyse_deals",
    "clear_sessions",
    "delete_expired_files",
    "email_published_results",
    "expire_links",
    "ping",
    "purge_cdn",
    "remind_directors",
    "render_party_paper",
    "render_report",
    "requeue_stale_jobs",
    "scheduled_backup",
]
