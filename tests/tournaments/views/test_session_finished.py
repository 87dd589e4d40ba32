"""A finished session through its edges: the director's pages say who finished it and change nothing, the table's
phone gets 403 with the same words; reopened (audited), the same writes are accepted."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Board, Entry, Result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside.services import issue_links

pytestmark = pytest.mark.django_db


def _phone_result(client, token: str, board: int, client_id: str) -> object:
    body = {"board": board, "contract": "3NT", "declarer": "S", "tricks": 9, "client_id": client_id}
    return client.post(f"/api/table/{token}/results", json.dumps(body), content_type="application/json")


def test_a_finished_session_refuses_its_pages_and_phones_until_reopened(director_client, client) -> None:
    session = make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2))
    section = section_a(session)
    link = issue_links(section)[0]
    board = int(section.table_rounds.get(round=1, table=1).boards[0])
    c = director_client
    status_url = reverse("session_status", args=[session.pk])
    c.post(status_url, {"status": "finished"})
    said = "The session was marked finished by director on"

    dealt = c.post(reverse("session_deal", args=[session.pk]), follow=True)
    assert dealt.status_code == 200 and said in dealt.content.decode()
    assert not Board.objects.filter(session=session).exclude(deal="").exists()
    late = c.post(reverse("late_pair", args=[session.pk]), {"section": "A", "player1": "Ann", "player2": "Bob"})
    assert late.status_code == 200 and said in late.content.decode()
    assert Entry.objects.filter(section=section).count() == 8
    phone = _phone_result(client, link.token, board, "a")
    assert phone.status_code == 403 and "finished" in phone.json()["message"]
    assert not Result.objects.exists()

    c.post(status_url, {"status": "playing"})
    trail = list(AuditEntry.objects.filter(action="session.status").order_by("id").values_list("old", "new"))
    assert trail == [("setup", "finished"), ("finished", "playing")]
    assert _phone_result(client, link.token, board, "b").status_code == 201 and Result.objects.count() == 1
    dealt = c.post(reverse("session_deal", args=[session.pk]), follow=True)
    assert "boards dealt" in dealt.content.decode()
