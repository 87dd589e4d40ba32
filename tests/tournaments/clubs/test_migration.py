"""Migrations clubs 0002_the_club and each domain's 000N_tenant: the laptop's one club is made, every existing
root belongs to it, every login's global role becomes the same role in it; going back removes the fields, the
roles and the club."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("clubs", "0001_initial")]  # unapplies the club and every domain's tenant field (they depend on it)


def applied_apps(executor: MigrationExecutor):  # type: ignore[no-untyped-def]
    """The historical models as the database now stands."""
    return executor._create_project_state(with_applied_migrations=True).apps


def leaves(executor: MigrationExecutor) -> list[tuple[str, str]]:
    return list(executor.loader.graph.leaf_nodes())


def test_existing_rows_and_roles_move_into_the_one_club():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    executor = MigrationExecutor(connection)
    old = applied_apps(executor)
    assert not old.get_model("clubs", "Club").objects.exists()
    event = old.get_model("duplicate", "Event").objects.create(name="Club night")
    member = old.get_model("duplicate", "Member").objects.create(name="Ann North")
    teams = old.get_model("teams", "TeamEvent").objects.create(name="Teams", date=datetime.date(2026, 2, 1))
    user = old.get_model("auth", "User").objects.create(username="dora")
    director, _ = old.get_model("auth", "Group").objects.get_or_create(name="Director")
    user.groups.add(director)

    executor = MigrationExecutor(connection)
    executor.migrate(leaves(executor))
    new = applied_apps(MigrationExecutor(connection))
    club = new.get_model("clubs", "Club").objects.get()
    assert club.slug == "club"
    for app, model, pk in (
        ("duplicate", "Event", event.pk),
        ("duplicate", "Member", member.pk),
        ("teams", "TeamEvent", teams.pk),
    ):
        assert new.get_model(app, model).objects.get(pk=pk).tenant_id == club.pk, model
    roles = new.get_model("clubs", "ClubRole").objects.values_list("user__username", "club_id", "role")
    assert list(roles) == [("dora", club.pk, "director")]

    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)  # and back
    assert not applied_apps(MigrationExecutor(connection)).get_model("clubs", "Club").objects.exists()
    executor = MigrationExecutor(connection)
    executor.migrate(leaves(executor))
