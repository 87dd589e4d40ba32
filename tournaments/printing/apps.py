"""The `printing` Django app: generated files and the background jobs that make them."""

from django.apps import AppConfig


class PrintingConfig(AppConfig):
    """Its tables keep the names they had in the single `tournaments` app (`db_table`), so moving here lost no row."""

    name = "tournaments.printing"
    label = "printing"
    verbose_name = "Printing and jobs"
    default_auto_field = "django.db.models.BigAutoField"
