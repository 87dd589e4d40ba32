"""Table links name their event the one way (core/owners.py): a section's link its session, a teams room's link
its teams event (a party table's link named its party already). Every row is kept: the new columns are filled from
the section and the match before the constraints are made; going back drops the columns only."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def name_roots(apps, schema_editor):
    """Each link's session (its section's) or teams event (its match's round's)."""
    links = apps.get_model("tableside", "TableLink")._base_manager
    sections = apps.get_model("duplicate", "Section")._base_manager
    matches = apps.get_model("teams", "TeamMatch")._base_manager
    postgres = schema_editor.connection.vendor == "postgresql"
    if postgres:  # checked now, or the constraints' ALTER TABLE below would meet pending trigger events
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    links.filter(section__isnull=False).update(
        session=Subquery(sections.filter(pk=OuterRef("section_id")).values("session_id")[:1])
    )
    links.filter(match__isnull=False).update(
        team_event=Subquery(matches.filter(pk=OuterRef("match_id")).values("round__event_id")[:1])
    )
    if postgres:
        schema_editor.execute("SET CONSTRAINTS ALL DEFERRED")


class Migration(migrations.Migration):

    dependencies = [
        ('duplicate', '0006_whist'),
        ('parties', '0004_partyterm'),
        ('tableside', '0004_root'),
        ('teams', '0004_toolbox'),
    ]

    operations = [
        migrations.AddField(
            model_name='tablelink',
            name='session',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='table_links', to='duplicate.session'),
        ),
        migrations.AddField(
            model_name='tablelink',
            name='team_event',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='table_links', to='teams.teamevent'),
        ),
        migrations.RunPython(name_roots, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='tablelink',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('party__isnull', True), ('session__isnull', False), ('team_event__isnull', True)), models.Q(('party__isnull', True), ('session__isnull', True), ('team_event__isnull', False)), models.Q(('party__isnull', False), ('session__isnull', True), ('team_event__isnull', True)), _connector='OR'), name='table_link_exactly_one_root'),
        ),
        migrations.AddConstraint(
            model_name='tablelink',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('section__isnull', False), ('session__isnull', False), ('team_event__isnull', True)), models.Q(('match__isnull', False), ('session__isnull', True), ('team_event__isnull', False)), models.Q(('party__isnull', False), ('session__isnull', True), ('team_event__isnull', True)), _connector='OR'), name='table_link_root_of_its_table'),
        ),
    ]
