"""The last board of a round shows its traveller like the others: the table has moved on to the next round by
the time the phone asks for it, and the traveller is still this table's to see (its own line marked)."""

import json

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services

pytestmark = pytest.mark.django_db


def test_the_last_board_of_a_round_shows_its_traveller(client):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    link = services.issue_links(section)[0]
    row = section.table_rounds.get(round=1, table=1)
    first, last = (int(b) for b in row.boards)
    others = section.table_rounds.exclude(table=1)
    other = next((r for r in others if last in [int(b) for b in r.boards]), None)
    if other is not None:  # another table's line on the same board, to see it listed too
        ns, ew = other.ns_entry.number, other.ew_entry.number
        record_result(actor=None, section=section, board=last, ns=ns, ew=ew, contract="3NT", declarer="S", tricks="9")
    for board, client_id in ((first, "c-1"), (last, "c-2")):
        body = {"board": board, "contract": "4S", "declarer": "N", "lead": "", "tricks": 10, "client_id": client_id}
        sent = client.post(f"/api/table/{link.token}/results", json.dumps(body), content_type="application/json")
        assert sent.status_code == 201
    assert client.get(f"/api/table/{link.token}/").json()["round"] == 2  # the table has moved on
    answer = client.get(f"/api/table/{link.token}/traveller/{last}")
    assert answer.status_code == 200
    lines = answer.json()["lines"]
    yours = [line for line in lines if line["yours"]]
    assert len(yours) == 1 and (yours[0]["ns"], yours[0]["ew"]) == (row.ns_entry.label, row.ew_entry.label)
    assert len(lines) == (2 if other is not None else 1)
    nothing_yet = section.table_rounds.get(round=2, table=1).boards[0]
    assert client.get(f"/api/table/{link.token}/traveller/{nothing_yet}").status_code == 404
