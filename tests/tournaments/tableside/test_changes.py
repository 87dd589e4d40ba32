"""A table changing its own result before the round ends (the director's setting): replaced through the results
service and audited; without the setting, or once the director touched the line or the room moved on, the second
result is kept beside the first for the director, as before."""

import json

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Result
from tournaments.sessions.services.results import change_result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services
from tournaments.tableside.models import TableEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(director):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"table_changes": True}})
    return section


@pytest.fixture
def links(section):
    return {link.table: link for link in services.issue_links(section)}


def send(client, link, board, client_id, contract="3NT", declarer="N", tricks=9):
    body = {"board": board, "contract": contract, "declarer": declarer, "tricks": tricks, "client_id": client_id}
    return client.post(f"/api/table/{link.token}/results", json.dumps(body), content_type="application/json")


def board_of(section, table=1, round_number=1, index=0):
    return int(section.table_rounds.get(round=round_number, table=table).boards[index])


def test_the_table_changes_its_own_result_before_the_round_ends(client, section, links):
    board = board_of(section)
    assert send(client, links[1], board, "a").status_code == 201
    changed = send(client, links[1], board, "b", contract="4S", declarer="S", tricks=10)
    assert changed.status_code == 201 and changed.json()["changed"] is True
    result = Result.objects.get(section=section, board__number=board)
    assert (result.contract, result.declarer, result.tricks) == ("4S", "S", 10)
    audit = AuditEntry.objects.filter(action="result.change").get()
    assert audit.why == "Changed at table 1 before the round ended"
    assert not TableEntry.objects.filter(status=TableEntry.Status.DISPUTED).exists()
    state = client.get(f"/api/table/{links[1].token}/").json()
    assert state["settings"]["table_changes"] is True
    assert next(b for b in state["boards"] if b["board"] == board)["result"]["contract"] == "4S"


def test_without_the_setting_a_second_result_is_a_dispute(client, director, section, links):
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"table_changes": False}})
    board = board_of(section)
    send(client, links[1], board, "a")
    assert send(client, links[1], board, "b", contract="4S", declarer="S", tricks=10).status_code == 409
    assert Result.objects.get(section=section, board__number=board).contract == "3NT"


def test_a_line_the_director_changed_is_not_the_tables_to_change(client, director, section, links):
    board = board_of(section)
    send(client, links[1], board, "a")
    result = Result.objects.get(section=section, board__number=board)
    change_result(actor=director, result=result, contract="2NT", declarer="N", tricks=8)
    assert send(client, links[1], board, "b", contract="4S", declarer="S", tricks=10).status_code == 409
    assert Result.objects.get(section=section, board__number=board).contract == "2NT"


def test_once_the_room_moved_past_the_round_a_change_is_for_the_director(client, section, links):
    for table, link in links.items():
        for index in (0, 1):
            assert send(client, link, board_of(section, table, 1, index), f"{table}-{index}").status_code == 201
    late = send(client, links[1], board_of(section), "late", contract="4S", declarer="S", tricks=10)
    assert late.status_code == 409
    assert Result.objects.get(section=section, board__number=board_of(section), table_round__table=1).contract == "3NT"
