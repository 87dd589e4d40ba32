"""Fixtures of the report tests (the jobs tests import them too)."""

from __future__ import annotations

import pytest


@pytest.fixture
def clear_audit_log_for_flush(request):
    """For `transactional_db` tests on SQLite: empty the append-only audit log before the flush that ends the test.

    The triggers that make the log append-only also stop the DELETE with which the test runner flushes the
    database on SQLite, so they are dropped, the rows deleted and the triggers put back, all at teardown.
    """
    yield
    if "transactional_db" not in request.fixturenames and not request.node.get_closest_marker("django_db"):
        return
    from django.db import connection

    if connection.vendor != "sqlite":
        return
    from importlib import import_module

    migration = import_module("tournaments.migrations.0002_audit_append_only")
    with connection.cursor() as cursor:
        for sql in migration.SQLITE_DOWN:
            cursor.execute(sql)
        cursor.execute(f"DELETE FROM {migration.TABLE}")
        for sql in migration.SQLITE_UP:
            cursor.execute(sql)
