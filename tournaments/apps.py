from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _roles_after_migrate(sender: Any, **kwargs: Any) -> None:
    """The role groups follow the table in tournaments/core/access.py after every migrate."""
    from tournaments.core.access import ensure_roles  # the app registry must be ready before models load

    ensure_roles()


class TournamentsConfig(AppConfig):
    """The composition root: the one Django app whose domain packages register their parts here."""

    name = "tournaments"
    verbose_name = "Bridgedesk"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        post_migrate.connect(_roles_after_migrate, sender=self)
        # The laptop's web server (`manage.py start` runs Django's threaded server) queues 10 connections by
        # default: 60 phones sending at once overflowed it and some were reset. Queue as many as a room holds.
        from django.core.servers.basehttp import WSGIServer

        WSGIServer.request_queue_size = 256
        # Each domain registers its kinds of file with the one job pipeline, and names the task that queues a
        # job by dotted path. Imported here, at start-up, so that no lower layer imports a higher one; none of
        # these loads ReportLab or Celery, which a web process needs only for its first PDF or job.
        import tournaments.parties.jobs
        import tournaments.publishing.jobs
        import tournaments.sessions.jobs
        import tournaments.simultaneous.jobs
        import tournaments.teams.jobs  # noqa: F401
        from tournaments.printing import jobs
        from tournaments.sessions import printables

        jobs.set_sender("tournaments.printing.tasks.send_job")
        printables.set_table_urls("tournaments.tableside.cards.table_urls")  # the printed cards' QR codes
