"""A duplicate whist table's phone sends N-S's tricks (and a revoke) only: no contract, no declarer."""

from __future__ import annotations

import json

import pytest

from tests.tournaments.services.test_whist_sessions import whist_session
from tournaments.sessions.models import Result
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
