from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class ClubsConfig(AppConfig):
    """Clubs, federations and per-club roles; below `tournaments.core`, so every domain may scope by club."""

    name = "tournaments.clubs"
    label = "clubs"
    verbose_name = gettext_lazy("Clubs")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The language pages fall back to is the club's own (core cannot import the clubs: it reads it through
        # this function, which answers from the cached directory, so a page pays no query for it).
        from tournaments.clubs.directory import look
        from tournaments.core import tenancy

        def language_of(club_id: int) -> str:
            shown = look(club_id)
            return shown.language if shown else ""

        tenancy.set_language_reader(language_of)
