"""Transactional tests here create audited sessions; on SQLite the append-only triggers stop the flush that
ends such a test, so the audit rows are cleared (triggers lifted for that one statement) before it.
PostgreSQL's flush truncates, which row triggers do not see, so nothing is needed there.
"""

from __future__ import annotations

from tests.tournaments.reports.conftest import clear_audit_log_for_flush  # noqa: F401
