"""A table link writes only the boards of its current round and the one before (late corrections), and never
more than one round ahead of the slowest table: one table's token cannot fill the rounds to come at once."""

from __future__ import annotations

import pytest

from tests.tournaments.tableside.test_api import post, section  # noqa: F401 (fixture)
from tournaments.sessions.models import Result
from tournaments.tableside import services

pytestmark = pytest.mark.django_db


def boards_of(section, round_number, table):  # noqa: F811
    return [int(b) for b in section.table_rounds.get(round=round_number, table=table).boards]


def fill(client, section, link, round_number, *, tag=""):  # noqa: F811
    answers = []
    for board in boards_of(section, round_number, link.table):
        body = {
            "board": board,
            "contract": "3NT",
            "declarer": "N",
            "tricks": 9,
            "client_id": f"{tag}r{round_number}b{board}",
        }
        answers.append(post(client, link.token, **body).status_code)
    return answers


def test_a_table_cannot_fill_the_rounds_to_come(client, section):  # noqa: F811
    links = {link.table: link for link in services.issue_links(section)}
    one = links[1]
    assert fill(client, section, one, 1) == [201, 201]
    assert fill(client, section, one, 2) == [201, 201]  # one round ahead of the room: the move may be called
    before = Result.objects.count()
    board = boards_of(section, 3, 1)[0]
    response = post(client, one.token, board=board, contract="3NT", declarer="N", tricks=9, client_id="ahead")
    assert response.status_code == 422
    assert response.json()["message"].startswith(f"The room is still in round 1: board {board} of round 3 opens")
    assert Result.objects.count() == before
    for table in (2, 3, 4):
        assert fill(client, section, links[table], 1) == [201, 201]
    assert fill(client, section, one, 3) == [201, 201]  # the room is in round 2 now


def test_late_corrections_reach_back_one_round_only(client, section):  # noqa: F811
    links = {link.table: link for link in services.issue_links(section)}
    for round_number in (1, 2):
        for table in (1, 2, 3, 4):
            assert fill(client, section, links[table], round_number) == [201, 201]
    one = links[1]
    late = boards_of(section, 2, 1)[0]
    again = post(client, one.token, board=late, contract="3NT", declarer="N", tricks=10, client_id="late")
    assert again.status_code == 409  # round 2, the one before: kept beside the stored result for the director
    old = boards_of(section, 1, 1)[0]
    refused = post(client, one.token, board=old, contract="3NT", declarer="N", tricks=10, client_id="too-late")
    assert refused.status_code == 422
    assert refused.json()["message"].startswith(f"Board {old} was played in round 1; the table is in round 3 now")
