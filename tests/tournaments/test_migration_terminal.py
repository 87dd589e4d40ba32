"""Nothing lost when the teams rooms' links join the one table terminal (migrations 0028_terminal and
0029_terminal_data): each TeamTableLink row, live or withdrawn, survives as a TableLink of its match and room with
the same token (the QR codes printed on the tables keep working), a session table's link stays as it was, and going
back restores the old rows."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0027_games")]
AFTER = [("tournaments", "0029_terminal_data")]


def _teams_match(old):
    event = old.get_model("tournaments", "TeamEvent").objects.create(name="Old teams", date=datetime.date(2026, 2, 1))
    team = old.get_model("tournaments", "Team")
    home = team.objects.create(event=event, number=1, name="Home")
    away = team.objects.create(event=event, number=2, name="Away")
    rnd = old.get_model("tournaments", "TeamRound").objects.create(event=event, number=1)
    return old.get_model("tournaments", "TeamMatch").objects.create(round=rnd, table=3, home=home, away=away)


def _pairs_section(old):
    event = old.get_model("tournaments", "Event").objects.create(name="Club night")
    session = old.get_model("tournaments", "Session").objects.create(event=event, date=datetime.date(2026, 2, 2))
    return old.get_model("tournaments", "Section").objects.create(
        session=session, letter="A", movement_kind="mitchell", tables=1, rounds=1, boards_per_round=1
    )


def test_a_team_table_link_survives_as_a_table_link_with_its_token():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    match = _teams_match(old)
    section = _pairs_section(old)
    rooms = old.get_model("tournaments", "TeamTableLink")
    withdrawn_at = datetime.datetime(2026, 2, 1, 20, 0, tzinfo=datetime.UTC)
    live = rooms.objects.create(match=match, room=1, token="room-one-token")
    gone = rooms.objects.create(match=match, room=2, token="room-two-old", revoked_at=withdrawn_at)
    old.get_model("tournaments", "TableLink").objects.create(section=section, table=1, token="pairs-table-1")

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    links = new.get_model("tournaments", "TableLink")
    one = links.objects.get(token="room-one-token")
    assert (one.match_id, one.room, one.table, one.section_id, one.revoked_at) == (match.pk, 1, 3, None, None)
    assert one.created_at == live.created_at
    two = links.objects.get(token="room-two-old")
    assert (two.match_id, two.room, two.revoked_at) == (match.pk, 2, withdrawn_at) and gone.token == two.token
    pairs = links.objects.get(token="pairs-table-1")
    assert (pairs.section_id, pairs.table, pairs.match_id, pairs.room) == (section.pk, 1, None, None)
    assert links.objects.count() == 3

    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)  # and back: the rooms' links are TeamTableLinks again, the tables' stay
    back = executor.loader.project_state(BEFORE).apps
    again = back.get_model("tournaments", "TeamTableLink").objects.order_by("room")
    assert [(r.match_id, r.room, r.token) for r in again] == [
        (match.pk, 1, "room-one-token"),
        (match.pk, 2, "room-two-old"),
    ]
    assert list(back.get_model("tournaments", "TableLink").objects.values_list("token", flat=True)) == ["pairs-table-1"]

    executor = MigrationExecutor(connection)
    executor.migrate([key for key in executor.loader.graph.leaf_nodes() if key[0] == "tournaments"])
