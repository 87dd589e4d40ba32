"""Migration 0035_tenancy: the laptop's one club is made, every existing root belongs to it, every login's global
role becomes the same role in it; going back removes the fields, the roles and the club."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0034_auction")]
CLUBS = [("clubs", "0001_initial")]  # applied throughout: its own app, below tournaments
AFTER = [("tournaments", "0035_tenancy")]


def test_existing_rows_and_roles_move_into_the_one_club():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    executor.migrate(CLUBS)
    old = executor.loader.project_state(BEFORE + CLUBS).apps
    assert not old.get_model("clubs", "Club").objects.exists()
    event = old.get_model("tournaments", "Event").objects.create(name="Club night")
    member = old.get_model("tournaments", "Member").objects.create(name="Ann North")
    teams = old.get_model("tournaments", "TeamEvent").objects.create(name="Teams", date=datetime.date(2026, 2, 1))
    user = old.get_model("auth", "User").objects.create(username="dora")
    director, _ = old.get_model("auth", "Group").objects.get_or_create(name="Director")
    user.groups.add(director)

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    club = new.get_model("clubs", "Club").objects.get()
    assert club.slug == "club"
    for model, pk in (("Event", event.pk), ("Member", member.pk), ("TeamEvent", teams.pk)):
        assert new.get_model("tournaments", model).objects.get(pk=pk).tenant_id == club.pk, model
    roles = new.get_model("clubs", "ClubRole").objects.values_list("user__username", "club_id", "role")
    assert list(roles) == [("dora", club.pk, "director")]

    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)  # and back
    assert not executor.loader.project_state(BEFORE + CLUBS).apps.get_model("clubs", "Club").objects.exists()
    executor = MigrationExecutor(connection)
    executor.migrate([key for key in executor.loader.graph.leaf_nodes() if key[0] in ("tournaments", "clubs")])
