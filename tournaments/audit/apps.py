"""The `audit` Django app: the append-only audit log, its hash chains and the seals of audited rows."""

from django.apps import AppConfig


class AuditConfig(AppConfig):
    """Its tables keep the names they had in the single `tournaments` app (`db_table`), so moving here lost no row."""

    name = "tournaments.audit"
    label = "audit"
    verbose_name = "Audit log"
    default_auto_field = "django.db.models.BigAutoField"
