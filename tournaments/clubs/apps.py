from django.apps import AppConfig


class ClubsConfig(AppConfig):
    """Clubs, federations and per-club roles; below `tournaments.core`, so every domain may scope by club."""

    name = "tournaments.clubs"
    label = "clubs"
    verbose_name = "Clubs"
    default_auto_field = "django.db.models.BigAutoField"
