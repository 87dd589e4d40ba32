"""The `core` Django app: Bridgedesk's permissions (the Access holder) and the role groups made from them."""

from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _roles_after_migrate(sender: Any, **kwargs: Any) -> None:
    """The role groups follow the table in tournaments/core/access.py after every migrate."""
    from tournaments.core.access import ensure_roles  # the app registry must be ready before models load

    ensure_roles()


class CoreConfig(AppConfig):
    """Its tables keep the names they had in the single `tournaments` app (`db_table`), so moving here lost no
    row. The roles are set up after this app's migrate signal, once Django has made its permissions."""

    name = "tournaments.core"
    label = "core"
    verbose_name = "Access"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        post_migrate.connect(_roles_after_migrate, sender=self)
