"""An audit entry names its event one way (tournaments/core/owners.py): a party, a teams event or a simultaneous
beside the session, at most one of them. Old entries are untouched (the log is append-only; their hashes cover no
new column, so the chains verify as before)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


TABLE = "tournaments_auditentry"
RULE = "audit_at_most_one_root"
COLUMNS = ("session_id", "party_id", "team_event_id", "simultaneous_id")


def count(row=""):
    """How many root columns the row sets, in SQL both databases read."""
    return " + ".join(f"(CASE WHEN {row}{column} IS NULL THEN 0 ELSE 1 END)" for column in COLUMNS)


SQLITE_UP = (
    f"CREATE TRIGGER {RULE} BEFORE INSERT ON {TABLE} WHEN {count('NEW.')} > 1 "
    f"BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: {RULE}'); END;"
)

def add_rule(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute(SQLITE_UP)
    else:
        schema_editor.execute(f"ALTER TABLE {TABLE} ADD CONSTRAINT {RULE} CHECK ({count()} <= 1)")


def drop_rule(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {RULE}")
    else:
        schema_editor.execute(f"ALTER TABLE {TABLE} DROP CONSTRAINT IF EXISTS {RULE}")


def refuse_to_forget(apps, schema_editor):
    """Back: the entries naming a party, a teams event or a simultaneous would lose it, and their hashes cover it
    (verify_audit would report them altered). The log is never rewritten, so the migration stops instead."""
    entry = apps.get_model("audit", "AuditEntry")._base_manager
    named = entry.exclude(party__isnull=True, team_event__isnull=True, simultaneous__isnull=True).count()
    if named:
        raise RuntimeError(
            f"{named} audit entries name a party, a teams event or a simultaneous: migrating back would drop it "
            "and break their hashes. Restore a backup from before this migration instead."
        )


class Migration(migrations.Migration):

    dependencies = [
        ('audit', '0001_initial'),
        ('duplicate', '0003_tenant'),
        ('parties', '0002_tenant'),
        ('simultaneous', '0002_tenant'),
        ('teams', '0002_tenant'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='auditentry',
            name='party',
            field=models.ForeignKey(blank=True, db_constraint=False, db_index=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='parties.party'),
        ),
        migrations.AddField(
            model_name='auditentry',
            name='simultaneous',
            field=models.ForeignKey(blank=True, db_constraint=False, db_index=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='simultaneous.simultaneous'),
        ),
        migrations.AddField(
            model_name='auditentry',
            name='team_event',
            field=models.ForeignKey(blank=True, db_constraint=False, db_index=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='teams.teamevent'),
        ),
        migrations.AddIndex(
            model_name='auditentry',
            index=models.Index(condition=models.Q(('party__isnull', False)), fields=['party'], name='audit_party_idx'),
        ),
        migrations.AddIndex(
            model_name='auditentry',
            index=models.Index(condition=models.Q(('team_event__isnull', False)), fields=['team_event'], name='audit_team_event_idx'),
        ),
        migrations.AddIndex(
            model_name='auditentry',
            index=models.Index(condition=models.Q(('simultaneous__isnull', False)), fields=['simultaneous'], name='audit_simultaneous_idx'),
        ),
        # The rule goes into the state as a check. In the database: PostgreSQL adds the check; SQLite cannot add one
        # without rebuilding the table (which would drop the append-only triggers), so an insert trigger refuses
        # the same rows (updates are refused already).
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddConstraint(
                    model_name='auditentry',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('party__isnull', True), ('session__isnull', False), ('simultaneous__isnull', True), ('team_event__isnull', True)), models.Q(('party__isnull', False), ('session__isnull', True), ('simultaneous__isnull', True), ('team_event__isnull', True)), models.Q(('party__isnull', True), ('session__isnull', True), ('simultaneous__isnull', True), ('team_event__isnull', False)), models.Q(('party__isnull', True), ('session__isnull', True), ('simultaneous__isnull', False), ('team_event__isnull', True)), models.Q(('party__isnull', True), ('session__isnull', True), ('simultaneous__isnull', True), ('team_event__isnull', True)), _connector='OR'), name='audit_at_most_one_root'),
                ),
            ],
            database_operations=[migrations.RunPython(add_rule, drop_rule)],
        ),
        migrations.RunPython(migrations.RunPython.noop, refuse_to_forget),
    ]
