"""The `parties` Django app: card parties: guests, rounds, tables, deals."""

from django.apps import AppConfig


class PartiesConfig(AppConfig):
    """Its tables keep the names they had in the single `tournaments` app (`db_table`), so moving here lost no row."""

    name = "tournaments.parties"
    label = "parties"
    verbose_name = "Card parties"
    default_auto_field = "django.db.models.BigAutoField"
