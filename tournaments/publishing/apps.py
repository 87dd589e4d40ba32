"""The `publishing` Django app: published results, their figures, corrections and e-mails."""

from django.apps import AppConfig


class PublishingConfig(AppConfig):
    """Its tables keep the names they had in the single `tournaments` app (`db_table`), so moving here lost no row."""

    name = "tournaments.publishing"
    label = "publishing"
    verbose_name = "Publishing"
    default_auto_field = "django.db.models.BigAutoField"
