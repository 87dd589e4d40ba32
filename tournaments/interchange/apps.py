"""The `interchange` Django app: no tables, but its own templates and commands (imports and exports: PBN, LIN,
USEBIO, and the comparison with a published page)."""

from django.apps import AppConfig


class InterchangeConfig(AppConfig):
    """An app for its templates and management commands; the rows it reads and writes belong to other apps."""

    name = "tournaments.interchange"
    label = "interchange"
    verbose_name = "Import and export"
    default_auto_field = "django.db.models.BigAutoField"
