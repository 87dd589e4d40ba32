"""A session table's state kept at its ETag (tableside/kept_states.py): served again in one query, its clock as it
reads now, never after a write moved the version, and never to a link that is refused."""

import json
from datetime import timedelta
from unittest.mock import patch

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.models import Session
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services

pytestmark = pytest.mark.django_db(transaction=True)  # outside a transaction, as a web request: kept


@pytest.fixture
def section():
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))


def _state(client, link):
    return client.get(f"/api/table/{link.token}/")


def test_the_state_is_served_again_in_one_query_until_a_result_moves_the_version(client, section):
    link, other = services.issue_links(section)[:2]
    first = _state(client, link)
    with CaptureQueriesContext(connection) as queries:
        again = _state(client, link)
    assert len(queries) == 1  # the link's version: nothing built
    assert again.status_code == 200 and again.json() == first.json() and again["ETag"] == first["ETag"]
    board = int(section.table_rounds.get(round=1, table=link.table).boards[0])
    body = {"board": board, "contract": "3NT", "declarer": "N", "tricks": 9, "client_id": "p-1"}
    posted = client.post(f"/api/table/{link.token}/results", json.dumps(body), content_type="application/json")
    assert posted.status_code == 201
    after = _state(client, link)
    assert after["ETag"] != first["ETag"]
    assert next(b for b in after.json()["boards"] if b["board"] == board)["result"]["contract"] == "3NT"
    assert _state(client, other).status_code == 200


def test_the_kept_state_counts_its_clock_down_as_it_reads_now(client, section):
    link = services.issue_links(section)[0]
    services.timer_action(session=section.session, action="start")
    first = _state(client, link).json()["timer"]
    assert first["running"] and first["remaining_seconds"] > 0 and not first["move_now"]
    # The clock runs by itself (no write, no new version): the kept state must not freeze it.
    an_hour_later = timezone.now() + timedelta(hours=1)
    with patch("django.utils.timezone.now", return_value=an_hour_later):
        later = _state(client, link).json()["timer"]
    assert later["remaining_seconds"] < 0 and later["move_now"]


def test_a_withdrawn_link_or_a_finished_session_is_refused_though_its_state_was_kept(client, section):
    link, other = services.issue_links(section)[:2]
    assert _state(client, link).status_code == 200 and _state(client, other).status_code == 200
    services.revoke(actor=None, link=link, reissue=False)
    assert _state(client, link).status_code == 403
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.FINISHED)
    finished = _state(client, other)
    assert finished.status_code == 403 and "finished" in finished.json()["message"]
