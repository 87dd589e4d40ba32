# The teams rooms' links move into TableLink (the one table terminal), each keeping its token so the QR codes
# already printed keep working; then TeamTableLink goes. A migration of its own: on PostgreSQL the rows written
# here must be committed before the schema of 0026 can be undone on the way back (pending trigger events).

from django.db import migrations


def rooms_to_table_links(apps, schema_editor):
    """Each teams room link becomes a TableLink of its match and room, with the same token, dates and state."""
    old = apps.get_model('tournaments', 'TeamTableLink')
    new = apps.get_model('tournaments', 'TableLink')
    rows = old.objects.select_related('match').order_by('pk')
    new.objects.bulk_create(
        new(
            match_id=row.match_id, room=row.room, table=row.match.table, token=row.token,
            created_at=row.created_at, revoked_at=row.revoked_at,
        )
        for row in rows
    )


def table_links_to_rooms(apps, schema_editor):
    """Back: the rooms' TableLinks become TeamTableLinks again (same tokens), and leave TableLink."""
    old = apps.get_model('tournaments', 'TeamTableLink')
    new = apps.get_model('tournaments', 'TableLink')
    rooms = new.objects.filter(match__isnull=False).order_by('pk')
    old.objects.bulk_create(
        old(match_id=row.match_id, room=row.room, token=row.token, created_at=row.created_at,
            revoked_at=row.revoked_at)
        for row in rooms
    )
    rooms.delete()


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0028_terminal'),
    ]

    operations = [
        migrations.RunPython(rooms_to_table_links, table_links_to_rooms),
        migrations.DeleteModel(
            name='TeamTableLink',
        ),
    ]
