"""The `simultaneous` Django app: simultaneous events and the clubs that play them."""

from django.apps import AppConfig


class SimultaneousConfig(AppConfig):
    """Its tables keep the names they had in the single `tournaments` app (`db_table`), so moving here lost no row."""

    name = "tournaments.simultaneous"
    label = "simultaneous"
    verbose_name = "Simultaneous events"
    default_auto_field = "django.db.models.BigAutoField"
