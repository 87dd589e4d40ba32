"""The director's live panel: the grid of tables by rounds, and the tables that are behind the room."""

import json

import pytest
from django.urls import reverse

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services
from tournaments.tableside.selectors import grid_of

pytestmark = pytest.mark.django_db


def play(client, section, table: int, rounds: range) -> None:
    """Send every board of `rounds` at `table` through the table API, as its phone would."""
    token = next(link.token for link in services.issue_links(section) if link.table == table)
    for rnd in rounds:
        for board in section.table_rounds.get(round=rnd, table=table).boards:
            body = {"board": int(board), "contract": "2S", "declarer": "N", "tricks": 8, "client_id": f"{rnd}-{board}"}
            answer = client.post(f"/api/table/{token}/results", json.dumps(body), content_type="application/json")
            assert answer.status_code == 201, answer.json()


def test_a_table_still_on_an_earlier_round_than_the_room_is_shown_as_behind(client, director_client):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    for table in (1, 2, 3):
        play(client, section, table, range(1, 3))
    grid = grid_of(section)
    assert grid.playing == 3 and grid.slow == [(4, 1)]
    assert [cells[:2] for _t, cells, _tok in grid.rows] == [["in", "in"]] * 3 + [["missing", "missing"]]
    page = director_client.get(reverse("tableside:panel", args=[section.session_id])).content.decode()
    assert "<strong>Behind:</strong> table 4 (round 1), while most tables play round 3." in page
    play(client, section, 4, range(1, 3))
    assert grid_of(section).slow == []


def test_one_fast_table_does_not_make_the_others_slow(client):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    play(client, section, 1, range(1, 2))
    assert grid_of(section).slow == []
