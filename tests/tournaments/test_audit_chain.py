"""The audit log cannot be rewritten unnoticed: rows deleted, edited or truncated straight in SQL by someone
who can set the triggers aside are found by `manage.py verify_audit`, which names the first broken entry;
and a database role that may only insert into the log cannot erase it."""

from __future__ import annotations

import uuid

import psycopg
import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditChainHead, AuditEntry
from tournaments.sessions.services.results import change_result, record_result
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = pytest.mark.django_db(transaction=True)
TABLE = "tournaments_auditentry"


@pytest.fixture(autouse=True)
def triggers_back():
    """The SQLite tests drop the append-only triggers as a superuser would: put them back for the next tests."""
    yield
    if connection.vendor == "sqlite":
        import importlib

        append_only = importlib.import_module("tournaments.migrations.0002_audit_append_only")
        with connection.cursor() as cursor:
            for sql in append_only.SQLITE_UP:
                cursor.execute(sql.replace("CREATE TRIGGER", "CREATE TRIGGER IF NOT EXISTS"))


@pytest.fixture
def logged():
    """A session with a few audited changes: creation, two results, a change."""
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    r = record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="3NT", declarer="S", tricks="9")
    record_result(actor=None, section=section, board=2, ns="1", ew="1", contract="2H", declarer="E", tricks="8")
    change_result(actor=None, result=r, contract="4S", declarer="N", tricks="10", why="misread")
    return section.session


def as_superuser(sql: str, params: tuple = ()) -> None:
    """What a superuser could do: set the append-only triggers aside and change the table directly."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET session_replication_role = replica")
            cursor.execute(sql, params)
            cursor.execute("SET session_replication_role = DEFAULT")
        else:
            cursor.execute("DROP TRIGGER IF EXISTS audit_no_update")
            cursor.execute("DROP TRIGGER IF EXISTS audit_no_delete")
            cursor.execute(sql.replace("%s", "?"), params)


def verify(*args: str) -> str:
    try:
        call_command("verify_audit", *args)
    except CommandError as exc:
        return str(exc)
    return "ok"


def entries(session):
    return list(AuditEntry.objects.filter(session_id=session.pk).order_by("seq"))


def test_an_untouched_log_verifies(logged, capsys):
    assert verify() == "ok" and verify(str(logged.pk)) == "ok"
    assert "Audit log intact" in capsys.readouterr().out
    seqs = [e.seq for e in entries(logged)]
    assert seqs == list(range(1, len(seqs) + 1)) and len(seqs) >= 4


def test_a_deleted_row_is_named(logged):
    victim = entries(logged)[1]
    as_superuser(f"DELETE FROM {TABLE} WHERE id = %s", (victim.pk,))
    message = verify(str(logged.pk))
    assert f"session:{logged.pk}: entry {victim.seq}" in message and "missing" in message


def test_an_edited_row_is_named(logged):
    victim = entries(logged)[2]
    as_superuser(f"UPDATE {TABLE} SET why = %s WHERE id = %s", ("nothing to see", victim.pk))
    message = verify()
    assert f"entry {victim.seq} (row id {victim.pk})" in message and "was altered" in message


def test_an_edit_that_recomputes_a_plain_hash_is_still_caught(logged):
    import hashlib

    victim = entries(logged)[-1]
    forged = hashlib.sha256(b"a forger without the key").hexdigest()
    as_superuser(f"UPDATE {TABLE} SET why = %s, hash = %s WHERE id = %s", ("forged", forged, victim.pk))
    assert "was altered" in verify(str(logged.pk))


def test_a_truncated_log_is_reported_missing(logged):
    if connection.vendor == "postgresql":
        as_superuser(f"TRUNCATE {TABLE}")
    else:
        as_superuser(f"DELETE FROM {TABLE}")
    message = verify()
    assert "missing" in message and f"session:{logged.pk}" in message


def test_truncating_the_heads_too_still_leaves_the_session_without_its_log(logged):
    as_superuser(f"DELETE FROM {TABLE}")
    AuditChainHead.objects.all().delete()
    assert "the session's log is empty" in verify(str(logged.pk))


@pytest.mark.skipif(connection.vendor != "postgresql", reason="database roles are PostgreSQL's; CI runs on it")
def test_a_role_that_may_only_insert_cannot_erase_the_log(logged):
    role = f"bd_web_{uuid.uuid4().hex[:8]}"
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE ROLE {role} LOGIN")
        cursor.execute(f"GRANT SELECT, INSERT ON {TABLE} TO {role}")
        cursor.execute(f"GRANT USAGE ON SEQUENCE {TABLE}_id_seq TO {role}")
    settings = connection.settings_dict
    try:
        with psycopg.connect(
            host=settings["HOST"] or "127.0.0.1",
            port=settings["PORT"] or 5432,
            dbname=settings["NAME"],
            user=role,
            autocommit=True,
        ) as web:
            assert web.execute(f"SELECT count(*) FROM {TABLE}").fetchone()[0] >= 4
            for sql in (
                f"UPDATE {TABLE} SET why = 'x'",
                f"DELETE FROM {TABLE}",
                f"TRUNCATE {TABLE}",
                f"ALTER TABLE {TABLE} DISABLE TRIGGER USER",
                f"DROP TRIGGER audit_no_delete ON {TABLE}",
                "SET session_replication_role = replica",
            ):
                with pytest.raises(psycopg.errors.InsufficientPrivilege):
                    web.execute(sql)
            web.execute(
                f"INSERT INTO {TABLE} (actor_name, action, target_type, old, new, why, created_at) "
                "VALUES ('web', 'probe', 'x', 'null', 'null', '', now())"
            )
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"REVOKE ALL ON {TABLE} FROM {role}")
            cursor.execute(f"REVOKE ALL ON SEQUENCE {TABLE}_id_seq FROM {role}")
            cursor.execute(f"DROP ROLE {role}")
    assert verify(str(logged.pk)) == "ok"
    assert "outside every chain" in verify()  # a row written around Bridgedesk's service is noticed too
