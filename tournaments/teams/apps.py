"""The `teams` Django app: teams events: teams, rounds, matches, line-ups, room scores, penalties."""

from django.apps import AppConfig


class TeamsConfig(AppConfig):
    """Its tables keep the names they had in the single `tournaments` app (`db_table`), so moving here lost no row."""

    name = "tournaments.teams"
    label = "teams"
    verbose_name = "Teams"
    default_auto_field = "django.db.models.BigAutoField"
