"""The `tableside` Django app: table links, settings, sign-ins, phone entries, timers, director calls, screens."""

from django.apps import AppConfig


class TablesideConfig(AppConfig):
    """Its tables keep the names they had in the single `tournaments` app (`db_table`), so moving here lost no row."""

    name = "tournaments.tableside"
    label = "tableside"
    verbose_name = "Table side"
    default_auto_field = "django.db.models.BigAutoField"
