"""Teams rooms at the one table terminal: each room of a match enters its own N-S scores from a phone through the
table API (/api/table/<token>/), with no login; a board is scored once both rooms are in; a score changed by someone
else since the phone loaded it is never written over unseen; the old /teams/t/<token>/ links redirect to /t/<token>/."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.tableside.models import TableLink
from tournaments.teams import selectors, services, tables
from tournaments.teams.models import TeamBoard, TeamEvent, TeamRoomScore

pytestmark = pytest.mark.django_db


@pytest.fixture
def links(director):
    """A three-board match of two teams and its two rooms' links (room 1 first)."""
    event = services.create_event(actor=director, name="Phones", boards_per_match=3)
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"T{n}", players=[f"P{i}{n}" for i in range(4)])
    rnd = services.draw_next_round(actor=director, event=event)
    return tables.issue_links(actor=director, rnd=rnd)


def page(link: TableLink) -> str:
    return reverse("tableside:table", args=[link.token])


def state(client, link: TableLink) -> dict[str, Any]:
    response = client.get(f"/api/table/{link.token}/")
    assert response.status_code == 200
    return response.json()


def send(client, link: TableLink, board: int, score: object, seen: object = "", client_id: str = "") -> Any:
    body = {"board": board, "ns_score": score, "seen": seen, "client_id": client_id or f"{link.pk}-{board}-{score}"}
    return client.post(f"/api/table/{link.token}/results", json.dumps(body), content_type="application/json")


def mine(client, link: TableLink) -> dict[int, int | None]:
    return {b["board"]: b["mine"] for b in state(client, link)["boards"]}


def test_director_lists_the_round_links_with_qr_codes(director_client, links) -> None:
    room1, room2 = links
    response = director_client.get(reverse("teams:links", args=[room1.match.round.event_id, 1]))
    body = response.content.decode()
    assert response.status_code == 200
    assert body.count("<svg") == 2 and tables.table_url(room1) in body and tables.table_url(room2) in body
    again = tables.issue_links(actor=None, rnd=room1.match.round)
    assert [x.pk for x in again] == [room1.pk, room2.pk]  # listing again issues nothing new
    round_page = director_client.get(reverse("teams:round", args=[room1.match.round.event_id, 1])).content.decode()
    assert reverse("teams:links", args=[room1.match.round.event_id, 1]) in round_page


def test_the_room_link_opens_the_one_table_page(client, links) -> None:
    room1, _ = links
    shown = client.get(page(room1))
    html = shown.content.decode()
    assert shown.status_code == 200 and 'data-kind="teams"' in html and "match 1 · room 1" in html
    assert f'data-api="/api/table/{room1.token}/"' in html and "js/room.js" in html and "js/table.js" in html
    # No form post: the page speaks the table API (its one form is the language switch every page has).
    assert html.count("<form") == html.count('action="/language/"') == 1
    old = client.get(f"/teams/t/{room1.token}/")
    assert old.status_code == 301 and old["Location"] == page(room1)
    assert client.post(f"/teams/t/{room1.token}/", {"b1": "420"}).status_code == 405


def test_both_rooms_enter_and_see_the_other_room_and_the_imps(client, director, links) -> None:
    room1, room2 = links
    first = state(client, room1)
    assert (first["kind"], first["round"], first["match"], first["room"]) == ("teams", 1, 1, 1)
    assert first["ns"]["name"] == "T1" and first["ew"]["name"] == "T2"
    assert state(client, room2)["ns"]["name"] == "T2"  # room 2: the away team sits N-S
    assert send(client, room1, 1, 420).status_code == 201
    assert send(client, room1, 2, "-100").status_code == 201
    assert TeamBoard.objects.count() == 0 and TeamRoomScore.objects.count() == 2  # waiting for room 2
    waiting = state(client, room1)
    assert waiting["boards"][0] == {"board": 1, "mine": 420, "other": None, "imps_home": None}
    assert (waiting["imps_home"], waiting["imps_away"]) == (0, 0)
    assert "From the table, room 1: 420" in _director_page(room1, client, director)

    assert send(client, room2, 1, -50).json() == {"board": 1, "ns_score": -50, "status": "accepted"}
    view = selectors.match_view(room1.room_match)
    assert view.boards == ((1, 420, -50),) and view.score.board_imps == (10,)
    assert TeamRoomScore.objects.filter(number=1).count() == 0 and TeamRoomScore.objects.filter(number=2).count() == 1
    shown = state(client, room2)
    assert shown["boards"][0] == {"board": 1, "mine": -50, "other": 420, "imps_home": 10}
    assert (shown["imps_home"], shown["imps_away"]) == (10, 0)
    entry = AuditEntry.objects.filter(action=AuditAction.TEAMS_BOARDS).get()
    assert entry.actor is None and entry.why == "Entered at the table: round 1, match 1, room 2"
    assert entry.new == [{"board": 1, "old": None, "new": [420, -50]}]
    halves = AuditEntry.objects.filter(action=AuditAction.TEAMS_ROOM_SCORE)
    assert sorted(e.new["board"] for e in halves) == [1, 2] and all(e.actor is None for e in halves)


def test_the_state_answers_304_until_the_event_changes(client, links) -> None:
    room1, room2 = links
    first = client.get(f"/api/table/{room1.token}/")
    etag = first["ETag"]
    assert client.get(f"/api/table/{room1.token}/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    send(client, room2, 1, -50)  # the other room's half bumps the event's version
    again = client.get(f"/api/table/{room1.token}/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again["ETag"] != etag


def test_a_resend_from_the_offline_queue_writes_nothing(client, links) -> None:
    room1, _ = links
    assert send(client, room1, 1, 420, client_id="q-1").status_code == 201
    before = AuditEntry.objects.count()
    again = send(client, room1, 1, 420, client_id="q-1")
    assert again.status_code == 200 and again.json()["repeat"] and AuditEntry.objects.count() == before


def _director_page(link: TableLink, client, director) -> str:
    client.force_login(director)
    match = link.room_match
    body = client.get(reverse("teams:match", args=[match.round.event_id, match.pk])).content.decode()
    client.logout()
    return body


def test_a_room_changes_its_own_score_of_a_whole_board(client, links) -> None:
    room1, room2 = links
    send(client, room1, 1, 420)
    send(client, room2, 1, -50)
    assert send(client, room1, 1, 450, seen=420).status_code == 201
    assert selectors.match_view(room1.room_match).boards == ((1, 450, -50),)


def test_a_stale_send_is_refused_and_says_what_is_there(client, director, links) -> None:
    room1, room2 = links
    send(client, room1, 1, 420)
    send(client, room2, 1, -50)
    match = room1.room_match
    match.refresh_from_db()
    services.save_boards(actor=director, match=match, scores={1: ("400", "-50")}, version=match.version)
    before = AuditEntry.objects.count()
    response = send(client, room1, 1, 620, seen=420)  # the phone saw 420
    assert response.status_code == 409
    assert "board 1 (now 400)" in response.json()["message"] and response.json()["now"] == {"1": 400}
    assert selectors.match_view(match).boards == ((1, 400, -50),) and AuditEntry.objects.count() == before
    assert mine(client, room1)[1] == 400  # what the page shows next
    # The other room is not refused for the director's change in room 1: it writes a different cell.
    assert send(client, room2, 2, 100).status_code == 201


def test_a_board_left_as_shown_is_not_written_nor_refused(client, director, links) -> None:
    room1, room2 = links
    send(client, room1, 1, 420)
    send(client, room2, 1, -50)
    match = room1.room_match
    match.refresh_from_db()
    services.save_boards(actor=director, match=match, scores={1: ("400", "-50")}, version=match.version)
    assert send(client, room1, 1, 420, seen=420).status_code == 200  # unchanged on the phone: nothing to write
    assert selectors.match_view(match).boards == ((1, 400, -50),)  # the director's 400 stays


def test_a_phone_half_makes_the_directors_open_form_stale(director_client, links) -> None:
    room1, _ = links
    match = room1.room_match
    url = reverse("teams:match", args=[match.round.event_id, match.pk])
    tables.save_room_scores(link=room1, entries={1: ("420", "")})
    response = director_client.post(url, {"version": "0", "b1_r1": "100", "b1_r2": "100"})
    assert response.status_code == 409 and TeamBoard.objects.count() == 0
    match.refresh_from_db()
    director_client.post(url, {"version": str(match.version), "b1_r1": "100", "b1_r2": "100"})
    assert selectors.match_view(match).boards == ((1, 100, 100),)
    assert TeamRoomScore.objects.count() == 0  # the director's whole board replaces the table's half


@pytest.mark.parametrize(
    ("typed", "field", "message"),
    [
        ("abc", "ns_score", "'abc' is not a score"),
        ("425", "ns_score", "425 is not a bridge score"),
        ("９０", "ns_score", "is not a score"),
        (99999, "ns_score", "is not a bridge score"),
        ("", "ns_score", "Give this room's N-S score"),
    ],
)
def test_bad_input_gets_a_clear_message(client, links, typed, field, message) -> None:
    room1, _ = links
    response = send(client, room1, 2, typed)
    assert response.status_code == 422
    assert response.json()["field"] == field and message in response.json()["message"]
    preview = client.post(
        f"/api/table/{room1.token}/preview",
        json.dumps({"board": 2, "ns_score": typed, "client_id": "preview"}),
        content_type="application/json",
    )
    assert preview.status_code == 422
    assert TeamRoomScore.objects.count() == 0


def test_the_preview_gives_the_score_as_it_would_be_stored(client, links) -> None:
    room1, _ = links
    body = json.dumps({"board": 1, "ns_score": " -100 ", "client_id": "preview"})
    response = client.post(f"/api/table/{room1.token}/preview", body, content_type="application/json")
    assert response.status_code == 200 and response.json() == {"board": 1, "ns_score": -100}
    assert TeamRoomScore.objects.count() == 0


def test_a_forged_seen_value_or_board_is_refused(client, links) -> None:
    room1, _ = links
    forged = send(client, room1, 1, 420, seen="x")
    assert forged.status_code == 422 and "out of date" in forged.json()["message"]
    far = send(client, room1, 9, 420)
    assert far.status_code == 422 and "boards 1 to 3, not 9" in far.json()["message"]
    assert send(client, room1, "one", 420).json()["field"] == "board"
    assert TeamRoomScore.objects.count() == 0


def test_clearing_from_the_table_is_for_the_director(client, links) -> None:
    room1, _ = links
    send(client, room1, 1, 420)
    response = send(client, room1, 1, "", seen=420)
    assert response.status_code == 422 and "to remove a score, ask the director" in response.json()["message"]
    assert TeamRoomScore.objects.get().ns == 420


def test_no_traveller_nor_call_from_a_room(client, links) -> None:
    room1, _ = links
    assert client.get(f"/api/table/{room1.token}/traveller/1").status_code == 404
    assert client.post(f"/api/table/{room1.token}/call", content_type="application/json").status_code == 404


def test_no_sign_in_member_search_nor_hands_from_a_room(client, links) -> None:
    room1 = links[0]
    bodies = {"signin": {"seat": "N", "number": "123"}, "members": {"q": "an"}, "hands": {"board": 1, "hands": {}}}
    for call, body in bodies.items():
        answer = client.post(f"/api/table/{room1.token}/{call}", body, content_type="application/json")
        assert answer.status_code == 404, call
        assert answer.json()["message"] == "A teams room has no sign-in or hands to enter here."


def test_a_wrong_or_withdrawn_token_is_refused(client, director, links) -> None:
    room1, _ = links
    assert client.get("/api/table/not-a-token/").status_code == 404
    assert send(client, TableLink(token="not-a-token"), 1, 420).status_code == 404
    fresh = tables.revoke(actor=director, link=room1)
    old = send(client, room1, 1, 420)
    assert old.status_code == 403 and "withdrawn" in old.json()["message"]
    assert client.get(page(room1)).status_code == 403
    assert TeamRoomScore.objects.count() == 0
    assert fresh.room == 1 and send(client, fresh, 1, 420).status_code == 201


def test_director_withdraws_a_link_from_the_links_page(director_client, links) -> None:
    room1, _ = links
    url = reverse("teams:links", args=[room1.room_match.round.event_id, 1])
    assert director_client.post(url, {"link": str(room1.pk)}).status_code == 302
    room1.refresh_from_db()
    assert room1.revoked_at is not None
    live = TableLink.objects.get(match=room1.match, room=1, revoked_at__isnull=True)
    assert live.token != room1.token and live.section is None and live.table == 1
    assert director_client.post(url, {"link": "nope"}).status_code == 302
    assert TableLink.objects.filter(revoked_at__isnull=True).count() == 2


def test_a_finished_event_refuses_the_table(client, links) -> None:
    room1, _ = links
    TeamEvent.objects.update(status=TeamEvent.Status.FINISHED)
    shown = client.get(page(room1))
    assert shown.status_code == 403 and "The teams event is finished" in shown.content.decode()
    response = send(client, room1, 1, 420)
    assert response.status_code == 403 and "The teams event is finished" in response.json()["message"]
    assert TeamRoomScore.objects.count() == 0 and TeamBoard.objects.count() == 0


def test_a_link_has_exactly_one_owner(links) -> None:
    room1, _ = links
    with pytest.raises(IntegrityError), transaction.atomic():
        TableLink.objects.create(table=1)  # neither a section nor a room
    with pytest.raises(IntegrityError), transaction.atomic():
        TableLink.objects.create(team_event=room1.team_event, match=room1.match, room=5, table=1)  # rooms 1 to 4
    with pytest.raises(IntegrityError), transaction.atomic():
        TableLink.objects.create(team_event=room1.team_event, match=room1.match, room=1, table=1)  # one live per room
