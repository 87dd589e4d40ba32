"""Heavy parts named by dotted path and imported on first use.

A web process answers most pages without ReportLab, Celery, django-tables2's exports or the solver; importing
them when URLs and views load cost each new process most of a second (issue 16). The modules that need them
are named here by dotted path instead, and imported the first time they are called. (Not a way round an import
circle: tests/test_layers.py still checks the layers, and these paths point only downwards or sideways.)
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any


@cache
def resolve(path: str) -> Any:
    """The object a dotted path names ("tournaments.sessions.reports.render_job"), imported on first use."""
    module, _, name = path.rpartition(".")
    return getattr(import_module(module), name)
