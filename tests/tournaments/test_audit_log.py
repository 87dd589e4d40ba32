"""The audit log is append-only, in the model and in the database itself."""

import pytest
from django.db import DatabaseError, connection, transaction

from tournaments.audit import services as audit
from tournaments.audit.models import AppendOnlyError, AuditEntry

pytestmark = pytest.mark.django_db


def test_record_keeps_who_what_old_new_and_why(director):
    entry = audit.record(
        actor=director,
        action="result.changed",
        target_type="result",
        target_id=7,
        session_id=3,
        old={"contract": "4S"},
        new={"contract": "4SX"},
        why="Traveller misread",
    )
    entry.refresh_from_db()
    assert (entry.actor_name, entry.action, entry.old, entry.new, entry.why) == (
        "director",
        "result.changed",
        {"contract": "4S"},
        {"contract": "4SX"},
        "Traveller misread",
    )


def test_entries_cannot_be_changed_or_removed_through_the_orm(director):
    entry = audit.record(actor=director, action="x", target_type="result", target_id=1)
    entry.why = "rewritten"
    with pytest.raises(AppendOnlyError):
        entry.save()
    with pytest.raises(AppendOnlyError):
        entry.delete()
    with pytest.raises(AppendOnlyError):
        AuditEntry.objects.filter(pk=entry.pk).update(why="rewritten")
    with pytest.raises(AppendOnlyError):
        AuditEntry.objects.all().delete()


def test_the_database_refuses_raw_updates_and_deletes(director):
    entry = audit.record(actor=None, action="x", target_type="result", target_id=1)
    table = AuditEntry._meta.db_table
    for sql in (f"UPDATE {table} SET why = 'rewritten' WHERE id = %s", f"DELETE FROM {table} WHERE id = %s"):
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, [entry.pk])
    assert AuditEntry.objects.get(pk=entry.pk).why == ""


@pytest.mark.django_db(transaction=True)
def test_transactional_tests_clean_up_after_writing_to_the_log(director):
    """The shared fixture lifts the SQLite trigger only for the flush between tests; the log stays guarded."""
    entry = audit.record(actor=director, action="x", target_type="result", target_id=1)
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {AuditEntry._meta.db_table} WHERE id = %s", [entry.pk])
