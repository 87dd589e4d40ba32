"""The `duplicate` Django app: duplicate events: members, sessions, sections, boards, results, rulings, ratings."""

from django.apps import AppConfig


class SessionsConfig(AppConfig):
    """Labelled "duplicate" because "sessions" is django.contrib.sessions's label. Its tables keep the names
    they had in the single `tournaments` app (`db_table`), so moving here lost no row."""

    name = "tournaments.sessions"
    label = "duplicate"
    verbose_name = "Duplicate sessions"
    default_auto_field = "django.db.models.BigAutoField"
