"""Make the audit log append-only in the database itself: UPDATE and DELETE on it raise an error."""

from django.db import migrations

TABLE = "tournaments_auditentry"

POSTGRES_UP = f"""
CREATE OR REPLACE FUNCTION bridgedesk_audit_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER audit_no_update BEFORE UPDATE ON {TABLE} FOR EACH ROW EXECUTE FUNCTION bridgedesk_audit_append_only();
CREATE TRIGGER audit_no_delete BEFORE DELETE ON {TABLE} FOR EACH ROW EXECUTE FUNCTION bridgedesk_audit_append_only();
"""
POSTGRES_DOWN = f"""
DROP TRIGGER IF EXISTS audit_no_update ON {TABLE};
DROP TRIGGER IF EXISTS audit_no_delete ON {TABLE};
DROP FUNCTION IF EXISTS bridgedesk_audit_append_only();
"""
SQLITE_UP = [
    f"CREATE TRIGGER audit_no_update BEFORE UPDATE ON {TABLE} BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;",
    f"CREATE TRIGGER audit_no_delete BEFORE DELETE ON {TABLE} BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;",
]
SQLITE_DOWN = ["DROP TRIGGER IF EXISTS audit_no_update;", "DROP TRIGGER IF EXISTS audit_no_delete;"]


def forwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRES_UP)
    elif vendor == "sqlite":
        for sql in SQLITE_UP:
            schema_editor.execute(sql)


def backwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRES_DOWN)
    elif vendor == "sqlite":
        for sql in SQLITE_DOWN:
            schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]
    operations = [migrations.RunPython(forwards, backwards)]
