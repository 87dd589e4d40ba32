"""Celery tasks, one module per area; Celery's autodiscovery imports this package.

Tasks stay thin: they take ids, call services or renderers, and report progress.
"""

from .system import ping

__all__ = ["ping"]
