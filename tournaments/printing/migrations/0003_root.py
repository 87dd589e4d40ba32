"""Every job names exactly one event (tournaments/core/owners.py): a job that names none takes the event its
params name (jobs other than a session's carry {"party": id}, ...); one naming two keeps the one its params name,
else the first of session, party, teams event, simultaneous. A job naming no event that exists is deleted (jobs are
transient: they expire anyway). Back: the old rule (not both a session and a party) holds for every row."""

from django.conf import settings
from django.db import migrations, models


KINDS = ("session", "party", "team_event", "simultaneous")
MODELS = {
    "session": ("duplicate", "Session"),
    "party": ("parties", "Party"),
    "team_event": ("teams", "TeamEvent"),
    "simultaneous": ("simultaneous", "Simultaneous"),
}


def _owner_of(apps, job):
    """The one (kind, id) the job keeps, or None."""
    named = [kind for kind in KINDS if kind != "session" and isinstance(job.params, dict) and kind in job.params]
    for kind in named:  # what the job was started for
        pk = getattr(job, f"{kind}_id") or job.params[kind]
        model = apps.get_model(*MODELS[kind])
        if model._base_manager.filter(pk=pk).exists():
            return kind, pk
    for kind in KINDS:
        if getattr(job, f"{kind}_id") is not None:
            return kind, getattr(job, f"{kind}_id")
    return None


def one_owner(apps, schema_editor):
    GeneratedFile = apps.get_model("printing", "GeneratedFile")
    for job in GeneratedFile._base_manager.iterator():
        owner = _owner_of(apps, job)
        if owner is None:
            GeneratedFile._base_manager.filter(pk=job.pk).delete()
            continue
        ids = {f"{kind}_id": (owner[1] if kind == owner[0] else None) for kind in KINDS}
        if any(getattr(job, name) != value for name, value in ids.items()):
            GeneratedFile._base_manager.filter(pk=job.pk).update(**ids)
    if schema_editor.connection.vendor == "postgresql":  # run the deferred key checks now: the table is altered next
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0002_the_club'),
        ('duplicate', '0003_tenant'),
        ('parties', '0002_tenant'),
        ('printing', '0002_tenant'),
        ('simultaneous', '0002_tenant'),
        ('teams', '0002_tenant'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(one_owner, migrations.RunPython.noop),
        migrations.RemoveConstraint(
            model_name='generatedfile',
            name='generated_file_one_owner',
        ),
        migrations.AddConstraint(
            model_name='generatedfile',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('party__isnull', True), ('session__isnull', False), ('simultaneous__isnull', True), ('team_event__isnull', True)), models.Q(('party__isnull', False), ('session__isnull', True), ('simultaneous__isnull', True), ('team_event__isnull', True)), models.Q(('party__isnull', True), ('session__isnull', True), ('simultaneous__isnull', True), ('team_event__isnull', False)), models.Q(('party__isnull', True), ('session__isnull', True), ('simultaneous__isnull', False), ('team_event__isnull', True)), _connector='OR'), name='generated_file_exactly_one_root'),
        ),
    ]
