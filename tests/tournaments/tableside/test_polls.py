"""Polls cost nothing while nothing changed: the table's state, the live panel and the big screen answer 304
from the section version, and every write they show (a result, a call, the clock, settings, a link) moves it."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.models import Session
from tournaments.sessions.services.sessions import SectionSpec, set_players
from tournaments.tableside import screenlinks, services
from tournaments.tableside.models import RoundTimer

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))


@pytest.fixture
def link(section):
    return services.issue_links(section)[0]


def _state(client, link, etag=None):
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    return client.get(f"/api/table/{link.token}/", **headers)


def test_an_unchanged_table_answers_304_in_one_query_and_a_result_moves_it_on(client, section, link):
    first = _state(client, link)
    assert first.status_code == 200 and first["Cache-Control"] == "no-store"
    etag = first["ETag"]
    with CaptureQueriesContext(connection) as queries:
        again = _state(client, link, etag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag
    assert len(queries) == 1  # the link's version and its owner's lifecycle; nothing built
    board = int(section.table_rounds.get(round=1, table=1).boards[0])
    body = {"board": board, "contract": "3NT", "declarer": "N", "tricks": 9, "client_id": "p-1"}
    posted = client.post(f"/api/table/{link.token}/results", json.dumps(body), content_type="application/json")
    assert posted.status_code == 201
    after = _state(client, link, etag)
    assert after.status_code == 200 and after["ETag"] != etag
    assert next(b for b in after.json()["boards"] if b["board"] == board)["result"]["contract"] == "3NT"


def test_a_poll_with_its_etag_is_refused_not_304_once_the_link_is_withdrawn_or_the_session_finished(
    client, section, link
):
    """The 304 reads only the link's version (tableside/poll_tags.py); every refusal still comes first."""
    etag = _state(client, link)["ETag"]
    fresh = services.revoke(actor=None, link=link, reissue=True)
    assert _state(client, link, etag).status_code == 403
    fresh_etag = _state(client, fresh)["ETag"]
    assert _state(client, fresh, fresh_etag).status_code == 304
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.FINISHED)
    finished = _state(client, fresh, fresh_etag)
    assert finished.status_code == 403 and "finished" in finished.json()["message"]
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING, archived_at=timezone.now())
    assert _state(client, fresh, fresh_etag).status_code == 403
    assert _state(client, fresh, '"t0.0.en"').status_code == 403  # another ETag: the full path, refused the same


def test_the_clock_a_call_and_the_settings_move_the_version(client, director_client, section, link):
    etags = [_state(client, link)["ETag"]]
    services.timer_action(session=section.session, action="start")
    etags.append(_state(client, link, etags[-1])["ETag"])
    assert client.post(f"/api/table/{link.token}/call", content_type="application/json").status_code == 200
    etags.append(_state(client, link, etags[-1])["ETag"])
    assert director_client.get(f"/live/{section.session_id}/").status_code == 200  # makes the settings rows
    saved = director_client.post(f"/live/{section.session_id}/action/", {"action": "settings"})
    assert saved.status_code == 302
    answer = _state(client, link, etags[-1])
    assert answer.status_code == 200 and answer.json()["settings"]["show_traveller"] is False
    etags.append(answer["ETag"])
    assert len(set(etags)) == 4
    assert _state(client, link, etags[-1]).status_code == 304


@pytest.mark.parametrize("page", ["", "screen/"])
def test_the_panel_and_the_big_screen_answer_304_to_a_poll_until_something_changes(director_client, section, page):
    url = f"/live/{section.session_id}/{page}"
    poll = {"HTTP_HX_REQUEST": "true"}
    first = director_client.get(url, **poll)
    assert first.status_code == 200 and first["Cache-Control"] == "no-store"
    etag = first["ETag"]
    with CaptureQueriesContext(connection) as queries:
        same = director_client.get(url, HTTP_IF_NONE_MATCH=etag, **poll)
    assert same.status_code == 304 and same.content == b""
    assert len(queries) <= 6  # the login's session and user, the versions, the status, the clock: no building
    link = services.issue_links(section)[0]
    services.call_director(link)
    called = director_client.get(url, HTTP_IF_NONE_MATCH=etag, **poll)
    assert called.status_code == 200 and called["ETag"] != etag
    whole = director_client.get(url, HTTP_IF_NONE_MATCH=etag)  # the whole page is never a 304
    assert whole.status_code == 200 and "ETag" not in whole


def test_the_round_running_out_moves_the_screens_etag(director_client, section):
    url = f"/live/{section.session_id}/screen/"
    services.timer_action(session=section.session, action="start")
    etag = director_client.get(url, HTTP_HX_REQUEST="true")["ETag"]
    RoundTimer.objects.filter(session=section.session).update(extra_seconds=-10_000)  # the round is over
    late = director_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert late.status_code == 200 and late["ETag"] != etag
    assert b"Move now" in late.content


def test_the_tv_screen_link_answers_304_to_a_poll_until_something_changes(client, director, section):
    link = screenlinks.issue_screen_link(actor=director, session=section.session)
    url = f"/screen/{link.token}/"
    poll = {"HTTP_HX_REQUEST": "true"}
    first = client.get(url, **poll)
    assert first.status_code == 200 and first["Cache-Control"] == "no-store"
    etag = first["ETag"]
    with CaptureQueriesContext(connection) as queries:
        same = client.get(url, HTTP_IF_NONE_MATCH=etag, **poll)
    assert same.status_code == 304 and same.content == b""
    assert len(queries) <= 5  # the link, the versions, the status, the clock: no ranking built
    services.call_director(services.issue_links(section)[0])
    moved = client.get(url, HTTP_IF_NONE_MATCH=etag, **poll)
    assert moved.status_code == 200 and moved["ETag"] != etag
    screenlinks.revoke_screen_link(actor=director, link=link)
    assert client.get(url, HTTP_IF_NONE_MATCH=moved["ETag"], **poll).status_code == 403  # withdrawn: never a 304


def test_the_table_says_move_now_once_a_running_clock_has_run_out_and_not_while_paused(client, section, link):
    assert _state(client, link).json()["timer"]["move_now"] is False  # not started
    services.timer_action(session=section.session, action="start")
    timer = _state(client, link).json()["timer"]
    assert timer["running"] and timer["remaining_seconds"] > 0 and timer["move_now"] is False
    RoundTimer.objects.filter(session=section.session).update(extra_seconds=-15 * 60 - 5)  # 5 s over time
    timer = _state(client, link).json()["timer"]
    assert timer["remaining_seconds"] <= -5 and timer["move_now"] is True
    services.timer_action(session=section.session, action="pause")
    assert _state(client, link).json()["timer"]["move_now"] is False  # the director stopped the clock


def test_a_full_poll_names_the_pairs_of_the_current_round_in_a_fixed_number_of_queries(client, section, link):
    """The players are read for the current round's two pairs only: the poll names round 1's pairs, then, once the
    table's round-1 results are in, round 2's, with at most one query more (the move's rows)."""

    def names(row, side):
        entry = row.ns_entry if side == "ns" else row.ew_entry
        return " & ".join(p.name for p in entry.players.all())

    for entry in section.entries.all():
        set_players(actor=None, entry=entry, players=[(f"Ann {entry.label}", None), (f"Bob {entry.label}", None)])
    with CaptureQueriesContext(connection) as first_round:
        before = _state(client, link).json()
    row = section.table_rounds.get(round=1, table=link.table)
    assert before["ns"]["names"] == f"Ann {row.ns_entry.label} & Bob {row.ns_entry.label}"
    assert (before["round"], before["ns"]["names"], before["ew"]["names"]) == (1, names(row, "ns"), names(row, "ew"))
    for n, board in enumerate(row.boards):
        body = {"board": int(board), "contract": "3NT", "declarer": "N", "tricks": 9, "client_id": f"n-{n}"}
        posted = client.post(f"/api/table/{link.token}/results", json.dumps(body), content_type="application/json")
        assert posted.status_code == 201
    with CaptureQueriesContext(connection) as done_round:
        after = _state(client, link).json()
    nxt = section.table_rounds.get(round=2, table=link.table)
    assert after["round"] == 2  # every board of round 1 in: the table is in round 2, with round 2's pairs
    assert (after["ns"]["names"], after["ew"]["names"]) == (names(nxt, "ns"), names(nxt, "ew"))
    assert len(done_round) <= len(first_round) + 1  # the previous move's rows; not one query per round
