"""A duplicate whist table's phone sends N-S's tricks (and a revoke) only: no contract, no declarer."""

from __future__ import annotations

import json

import pytest

from tests.tournaments.services.test_whist_sessions import board_one_tables, whist_session
from tournaments.sessions.models import Result
from tournaments.sessions.services.results import change_result, record_result
from tournaments.tableside import services

pytestmark = pytest.mark.django_db


def post(client, token, **body):
    return client.post(f"/api/table/{token}/results", json.dumps(body), content_type="application/json")


def test_a_whist_table_sends_tricks_and_a_revoke(client) -> None:
    section = whist_session()
    link = services.issue_links(section)[0]
    board = int(section.table_rounds.get(round=1, table=1).boards[0])
    sent = post(client, link.token, board=board, tricks=8, revoke="EW", client_id="w-1")
    assert sent.status_code == 201, sent.content
    assert sent.json()["ns_score"] == 8 and sent.json()["contract"] == ""
    result = Result.objects.get(section=section, board__number=board)
    assert (result.contract, result.declarer, result.tricks, result.revoke["side"]) == ("", "", 8, "EW")


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"contract": "4S", "declarer": "N", "tricks": 10}, "contract", "no contract"),
        ({}, "tricks", "0 to 13"),
        ({"tricks": 14}, "tricks", "0 to 13"),
        ({"tricks": 7, "revoke": "N"}, "revoke", "is not a revoke"),
    ],
)
def test_a_whist_table_is_refused_with_the_field(client, body, field, message) -> None:
    section = whist_session()
    link = services.issue_links(section)[0]
    board = int(section.table_rounds.get(round=1, table=1).boards[0])
    refused = post(client, link.token, board=board, client_id="w-2", **body)
    assert refused.status_code == 422
    assert refused.json()["field"] == field and message in refused.json()["message"]
    assert not Result.objects.exists()


def test_the_phone_sends_the_tricks_before_the_revoke_and_the_traveller_caps_the_penalty(client) -> None:
    # Law X s. 4: board 1's other four tables made 7, 8, 6, 7 for N-S (average 7). The phone's N-S took 10 and
    # revoked once, having won 8 tricks before it: 10 - 2 = 8, no more than the average (7), but the penalty
    # "never deprives the revoking players of any tricks won by them before their first revoke": 8 (-R2).
    section = whist_session()
    rows = board_one_tables(section)
    for row, n in zip(rows[1:], (7, 8, 6, 7), strict=True):
        assert row.ns_entry is not None and row.ew_entry is not None
        record_result(
            actor=None, section=section, board=1, ns=row.ns_entry.label, ew=row.ew_entry.label, tricks=n, revoke=""
        )
    link = next(link for link in services.issue_links(section) if link.table == rows[0].table)
    sent = post(client, link.token, board=1, tricks=10, revoke="NS1/8", client_id="w-3")
    assert sent.status_code == 201, sent.content
    result = Result.objects.get(section=section, board__number=1, ns_entry=rows[0].ns_entry)
    assert result.ns_score == 10  # recorded as made, the R apart
    assert result.revoke == {"side": "NS", "count": 1, "tricks_before": 8, "full_penalty": False}
    shown = client.get(f"/api/table/{link.token}/traveller/1").json()
    own = next(line for line in shown["lines"] if line["yours"])
    assert (own["tricks"], own["revoke"], own["r_mark"]) == (10, "NS1/8", "-R2")
    # without the tricks before it, the average holds N-S to 7 (-R3): the director corrects the line
    change_result(actor=None, result=result, contract="", tricks=10, revoke="NS")
    shown = client.get(f"/api/table/{link.token}/traveller/1").json()
    assert next(line for line in shown["lines"] if line["yours"])["r_mark"] == "-R3"


def test_the_full_penalty_is_the_directors_ruling_not_the_tables(client) -> None:
    section = whist_session()
    link = services.issue_links(section)[0]
    board = int(section.table_rounds.get(round=1, table=1).boards[0])
    refused = post(client, link.token, board=board, tricks=5, revoke="EW!", client_id="w-4")
    assert refused.status_code == 422
    assert refused.json()["field"] == "revoke" and "Only the director" in refused.json()["message"]
    assert not Result.objects.exists()
    # the director rules it on the traveller: the same line with "!" is stored and scored with the full penalty
    sent = post(client, link.token, board=board, tricks=5, revoke="EW", client_id="w-5")
    assert sent.status_code == 201, sent.content
    result = Result.objects.get(section=section, board__number=board)
    ruled = change_result(actor=None, result=result, contract="", tricks=5, revoke="EW!")
    assert ruled.revoke["full_penalty"] is True
