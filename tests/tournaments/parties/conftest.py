"""Fixtures for the party tests: a 3-table mixed party, set up and started through the services."""

from __future__ import annotations

import datetime

import pytest

from tournaments.models import Party
from tournaments.services import parties as services

GUESTS_3_TABLES = "\n".join([f"Lady {c} L" for c in "ABCDEF"] + [f"Gent {c} G" for c in "ABCDEF"])


@pytest.fixture
def party(director) -> Party:
    """A 3-table mixed Progressive Bridge party, guests listed, tally cards not yet drawn."""
    p = services.create_party(
        actor=director,
        name="Spring party",
        date=datetime.date(2026, 3, 14),
        tables=3,
        mixed=True,
        tie_rule="north_south",
        prizes=["highest", "second", "booby", "ladies_highest", "gentlemen_highest", "first_slam"],
    )
    services.set_guests(actor=director, party=p, text=GUESTS_3_TABLES)
    return p


@pytest.fixture
def started(party, director) -> Party:
    services.start_party(actor=director, party=party)
    party.refresh_from_db()
    return party


@pytest.fixture
def audit_log_emptied_after(transactional_db):
    """SQLite flushes with DELETE, which the audit log's append-only trigger refuses (PostgreSQL truncates);
    so after a transactional test the SQLite log is emptied with the triggers lifted, then put back."""
    yield
    from importlib import import_module

    from django.db import connection

    if connection.vendor != "sqlite":
        return
    triggers = import_module("tournaments.migrations.0002_audit_append_only")
    with connection.cursor() as cursor:
        for sql in triggers.SQLITE_DOWN:
            cursor.execute(sql)
        cursor.execute(f"DELETE FROM {triggers.TABLE}")
        for sql in triggers.SQLITE_UP:
            cursor.execute(sql)
