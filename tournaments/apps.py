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
        # Each domain registers its kinds of file with the one job pipeline; the task module hands the
        # pipeline its sender. Imported here, at start-up, so that no lower layer imports a higher one.
        import tournaments.parties.jobs
        import tournaments.printing.tasks
        import tournaments.publishing.jobs
        import tournaments.sessions.jobs
        import tournaments.simultaneous.jobs
        import tournaments.teams.jobs  # noqa: F401
        from tournaments.sessions.reports import guidecards
        from tournaments.tableside.cards import table_urls

        guidecards.set_table_urls(table_urls)  # the printed table cards carry the table page's QR code
