"""Nothing lost when the models left the `tournaments` app for their domains' apps (migration 0035_apps and each
app's 0001_initial, state only): a database at 0034 holding a row of every model migrates forward, every row is
found through the new models in the same table, the content types keep their ids (so groups keep their
permissions), and the audit chain written before the move still verifies. Migrating back restores the old state."""

from __future__ import annotations

import datetime
import decimal
import importlib
import uuid
from typing import Any

import pytest
from django.apps import apps as current
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection, models
from django.db.migrations.executor import MigrationExecutor

from tests.tournaments.services.factories import make_session, section_a
from tournaments.core.access import Perm, Role, grant
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = pytest.mark.django_db(transaction=True)

MOVED: dict[str, str] = importlib.import_module("tournaments.migrations.0035_apps").MOVED
NEW_APPS = sorted(set(MOVED.values()))
BEFORE = ("tournaments", "0034_auction")
NOW = datetime.datetime(2026, 11, 24, 12, 0, tzinfo=datetime.UTC)
# Rows the generic filler cannot make alone: a second row of a related model, or a field a check constraint names.
SECOND = {"teammatch": ("away", "team"), "tableround": ("ew_entry", "entry")}
FIELDS: dict[str, dict[str, Any]] = {
    "tablelink": {"section": "section"},
    "screenlink": {"party": "party"},
    "partytable": {"first_dealer": "N"},
    "party": {"tables": 2, "planned_rounds": 2},
    "partydeal": {"honors_points": 0},
    "tableentry": {"tricks": 9},
    "teamroomscore": {"room": 1},
    "generatedfile": {"status": "queued", "session": "session"},
}


def migrate(*targets: tuple[str, str | None]) -> Any:
    executor = MigrationExecutor(connection)
    executor.migrate(list(targets))
    ContentType.objects.clear_cache()
    return MigrationExecutor(connection).loader


def value(field: models.Field[Any, Any], n: int) -> Any:
    """A plain value a column of this kind accepts (the first choice when it has choices)."""
    if field.choices:
        return field.choices[0][0]
    kinds: list[tuple[type[models.Field[Any, Any]], Any]] = [
        (models.BooleanField, True),
        (models.DateTimeField, NOW),
        (models.DateField, NOW.date()),
        (models.DecimalField, decimal.Decimal(1)),
        (models.FloatField, 1.0),
        (models.IntegerField, n),
        (models.JSONField, {}),
        (models.BinaryField, b"x"),
        (models.UUIDField, uuid.uuid4()),
        (models.GenericIPAddressField, "127.0.0.1"),
    ]
    for kind, made in kinds:
        if isinstance(field, kind):
            return made
    text = f"x{n}@example.org" if isinstance(field, models.EmailField) else f"x{n}"
    return text[: field.max_length] if field.max_length else text  # PostgreSQL refuses a longer string


def make(old: Any, name: str, made: dict[str, Any], n: int = 1) -> Any:
    """One row of the historical model `name` (its parents made first), with the filler's values."""
    model = old.get_model("tournaments", name)
    kwargs: dict[str, Any] = {}
    for field in model._meta.concrete_fields:
        if field.primary_key or ((field.null or field.has_default()) and field.name not in FIELDS.get(name, {})):
            continue
        if field.is_relation:
            target = field.related_model._meta.model_name
            if field.related_model._meta.app_label != "tournaments":
                kwargs[field.name] = User.objects.first()
                continue
            if (name, field.name) in [(k, v[0]) for k, v in SECOND.items()]:
                kwargs[field.name] = make(old, target, {}, n + 1)
                continue
            if target not in made:
                made[target] = make(old, target, made)
            kwargs[field.name] = made[target]
        else:
            kwargs[field.name] = value(field, n)
    for field_name, wanted in FIELDS.get(name, {}).items():
        if isinstance(wanted, str) and model._meta.get_field(field_name).is_relation:
            if wanted not in made:
                made[wanted] = make(old, wanted, made)
            kwargs[field_name] = made[wanted]
        else:
            kwargs[field_name] = wanted
    return model.objects.create(**kwargs)


def rows(lookup: Any) -> dict[str, set[int]]:
    """Every row id of every model with a table (Access only holds the permissions)."""
    return {name: set(lookup(name).objects.values_list("pk", flat=True)) for name in MOVED if name != "access"}


def test_every_row_of_every_model_survives_the_move_into_apps():
    director = User.objects.create_user("td")  # not a superuser: its permissions come from its group
    grant(director, Role.DIRECTOR)
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="3NT", declarer="S", tricks="9")
    types = {
        name: ContentType.objects.get_for_model(current.get_model(label, name)).pk for name, label in MOVED.items()
    }

    loader = migrate(BEFORE, *((label, None) for label in NEW_APPS))
    old = loader.project_state([BEFORE]).apps
    assert set(ContentType.objects.filter(pk__in=types.values()).values_list("app_label", flat=True)) == {"tournaments"}
    made: dict[str, Any] = {}
    for name in MOVED:
        if name != "access" and not old.get_model("tournaments", name).objects.exists():
            made[name] = make(old, name, made)
    before = rows(lambda name: old.get_model("tournaments", name))
    assert all(before.values()), [name for name, pks in before.items() if not pks]

    loader = migrate(*loader.graph.leaf_nodes())
    assert rows(lambda name: current.get_model(MOVED[name], name)) == before
    for name, label in MOVED.items():
        assert current.get_model(label, name)._meta.db_table == f"tournaments_{name}"
        assert ContentType.objects.get(pk=types[name]).app_label == label  # same row, new label
    assert User.objects.get(pk=director.pk).has_perm(Perm.DIRECT.full)  # the group's permissions followed
    call_command("verify_audit", str(section.session_id))  # written before the move; raises if broken

    loader = migrate(BEFORE, *((label, None) for label in NEW_APPS))  # and back: the old state, the same rows
    old = loader.project_state([BEFORE]).apps
    assert rows(lambda name: old.get_model("tournaments", name)) == before
    assert ContentType.objects.get(pk=types["result"]).app_label == "tournaments"
    migrate(*loader.graph.leaf_nodes())
