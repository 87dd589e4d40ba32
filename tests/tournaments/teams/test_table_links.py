"""Teams table links: each room of a match enters its own N-S scores from a phone, with no login; a board is scored
once both rooms are in; a score changed by someone else since the page was loaded is never written over unseen."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.teams import selectors, services, tables
from tournaments.teams.models import TeamBoard, TeamEvent, TeamRoomScore, TeamTableLink

pytestmark = pytest.mark.django_db


@pytest.fixture
def links(director):
    """A three-board match of two teams and its two rooms' links (room 1 first)."""
    event = services.create_event(actor=director, name="Phones", boards_per_match=3)
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"T{n}", players=[f"P{i}{n}" for i in range(4)])
    rnd = services.draw_next_round(actor=director, event=event)
    return tables.issue_links(actor=director, rnd=rnd)


def page(link: TeamTableLink) -> str:
    return reverse("teams:table", args=[link.token])


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


def test_both_rooms_enter_and_see_the_other_room_and_the_imps(client, director, links) -> None:
    room1, room2 = links
    first = client.post(page(room1), {"b1": "420", "s1": "", "b2": "-100", "s2": "", "b3": "", "s3": ""})
    assert first.status_code == 302
    assert TeamBoard.objects.count() == 0 and TeamRoomScore.objects.count() == 2  # waiting for room 2
    waiting = client.get(page(room1)).content.decode()
    assert 'value="420"' in waiting and "IMPs T1 0 – 0 T2" in waiting
    assert "From the table, room 1: 420" in _director_page(room1, client, director)

    second = client.post(page(room2), {"b1": "-50", "s1": "", "b2": "", "s2": ""})
    assert second.status_code == 302
    view = selectors.match_view(room1.match)
    assert view.boards == ((1, 420, -50),) and view.score.board_imps == (10,)
    assert TeamRoomScore.objects.filter(number=1).count() == 0 and TeamRoomScore.objects.filter(number=2).count() == 1
    shown = client.get(page(room2)).content.decode()
    row = shown.split('id="board-1"')[1].split("</tr>")[0]
    assert 'value="-50"' in row and "<td>420</td>" in row and "<td>10</td>" in row
    assert "IMPs T1 10 – 0 T2" in shown
    entry = AuditEntry.objects.filter(action=AuditAction.TEAMS_BOARDS).get()
    assert entry.actor is None and entry.why == "Entered at the table: round 1, match 1, room 2"
    assert entry.new == [{"board": 1, "old": None, "new": [420, -50]}]
    halves = AuditEntry.objects.filter(action=AuditAction.TEAMS_ROOM_SCORE)
    assert sorted(e.new["board"] for e in halves) == [1, 2] and all(e.actor is None for e in halves)


def _director_page(link: TeamTableLink, client, director) -> str:
    client.force_login(director)
    body = client.get(reverse("teams:match", args=[link.match.round.event_id, link.match_id])).content.decode()
    client.logout()
    return body


def test_a_room_changes_its_own_score_of_a_whole_board(client, links) -> None:
    room1, room2 = links
    client.post(page(room1), {"b1": "420", "s1": ""})
    client.post(page(room2), {"b1": "-50", "s1": ""})
    assert client.post(page(room1), {"b1": "450", "s1": "420"}).status_code == 302
    assert selectors.match_view(room1.match).boards == ((1, 450, -50),)


def test_a_stale_save_is_refused_and_shows_what_is_there(client, director, links) -> None:
    room1, room2 = links
    client.post(page(room1), {"b1": "420", "s1": ""})
    client.post(page(room2), {"b1": "-50", "s1": ""})
    match = room1.match
    match.refresh_from_db()
    services.save_boards(actor=director, match=match, scores={1: ("400", "-50")}, version=match.version)
    before = AuditEntry.objects.count()
    response = client.post(page(room1), {"b1": "620", "s1": "420", "b2": "100", "s2": ""})  # the phone saw 420
    body = response.content.decode()
    assert response.status_code == 409 and "board 1 (now 400)" in body and "Nothing was saved" in body
    assert 'value="400"' in body and 'name="s1" value="400"' in body  # the stored score, not the one typed
    assert 'value="100"' in body  # the other boards keep what was typed
    assert selectors.match_view(match).boards == ((1, 400, -50),) and TeamRoomScore.objects.count() == 0
    assert AuditEntry.objects.count() == before
    # The other room is not refused for the director's change in room 1: it writes a different cell.
    assert client.post(page(room2), {"b1": "-50", "s1": "-50", "b2": "100", "s2": ""}).status_code == 302


def test_boards_left_as_shown_are_not_written_nor_refused(client, director, links) -> None:
    room1, room2 = links
    client.post(page(room1), {"b1": "420", "s1": ""})
    client.post(page(room2), {"b1": "-50", "s1": ""})
    match = room1.match
    match.refresh_from_db()
    services.save_boards(actor=director, match=match, scores={1: ("400", "-50")}, version=match.version)
    response = client.post(page(room1), {"b1": "420", "s1": "420", "b2": "100", "s2": ""})  # board 1 untouched
    assert response.status_code == 302
    assert selectors.match_view(match).boards == ((1, 400, -50),)  # the director's 400 stays
    assert TeamRoomScore.objects.get().ns == 100
    assert 'name="b1" value="400"' in client.get(page(room1)).content.decode()


def test_a_phone_half_makes_the_directors_open_form_stale(director_client, links) -> None:
    room1, _ = links
    match = room1.match
    url = reverse("teams:match", args=[match.round.event_id, match.pk])
    tables.save_room_scores(link=room1, entries={1: ("420", "")})
    response = director_client.post(url, {"version": "0", "b1_r1": "100", "b1_r2": "100"})
    assert response.status_code == 409 and TeamBoard.objects.count() == 0
    match.refresh_from_db()
    director_client.post(url, {"version": str(match.version), "b1_r1": "100", "b1_r2": "100"})
    assert selectors.match_view(match).boards == ((1, 100, 100),)
    assert TeamRoomScore.objects.count() == 0  # the director's whole board replaces the table's half


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("abc", "&#x27;abc&#x27; is not a score"),
        ("425", "425 is not a bridge score"),
        ("９０", "is not a score"),
        ("99999", "is not a bridge score"),
    ],
)
def test_bad_input_gets_a_clear_message(client, links, typed, message) -> None:
    room1, _ = links
    response = client.post(page(room1), {"b1": "420", "s1": "", "b2": typed, "s2": ""})
    body = response.content.decode()
    assert response.status_code == 400 and message in body and 'aria-invalid="true"' in body
    assert TeamRoomScore.objects.count() == 0  # all or nothing: board 1 was not saved either


def test_a_forged_seen_value_or_board_is_refused(client, links) -> None:
    room1, _ = links
    assert client.post(page(room1), {"b1": "420", "s1": "x"}).status_code == 400
    with pytest.raises(services.TeamsError, match="boards 1 to 3, not 9"):
        tables.save_room_scores(link=room1, entries={9: ("420", "")})
    assert TeamRoomScore.objects.count() == 0


def test_clearing_from_the_table_is_for_the_director(client, links) -> None:
    room1, _ = links
    client.post(page(room1), {"b1": "420", "s1": ""})
    response = client.post(page(room1), {"b1": "", "s1": "420"})
    assert response.status_code == 400 and "to remove a score, ask the director" in response.content.decode()
    assert TeamRoomScore.objects.get().ns == 420


def test_a_wrong_or_withdrawn_token_is_refused(client, director, links) -> None:
    room1, _ = links
    assert client.get(reverse("teams:table", args=["not-a-token"])).status_code == 404
    assert client.post(reverse("teams:table", args=["not-a-token"]), {"b1": "420", "s1": ""}).status_code == 404
    fresh = tables.revoke(actor=director, link=room1)
    old = client.post(page(room1), {"b1": "420", "s1": ""})
    assert old.status_code == 403 and "withdrawn" in old.content.decode()
    assert TeamRoomScore.objects.count() == 0
    assert fresh.room == 1 and client.post(page(fresh), {"b1": "420", "s1": ""}).status_code == 302


def test_director_withdraws_a_link_from_the_links_page(director_client, links) -> None:
    room1, _ = links
    url = reverse("teams:links", args=[room1.match.round.event_id, 1])
    assert director_client.post(url, {"link": str(room1.pk)}).status_code == 302
    room1.refresh_from_db()
    assert room1.revoked_at is not None
    live = TeamTableLink.objects.get(match=room1.match, room=1, revoked_at__isnull=True)
    assert live.token != room1.token
    assert director_client.post(url, {"link": "nope"}).status_code == 302
    assert TeamTableLink.objects.filter(revoked_at__isnull=True).count() == 2


def test_a_finished_event_refuses_writes_from_the_table(client, links) -> None:
    room1, _ = links
    TeamEvent.objects.update(status=TeamEvent.Status.FINISHED)
    shown = client.get(page(room1))
    assert shown.status_code == 200 and "The event is finished" in shown.content.decode()
    assert 'name="b1"' not in shown.content.decode()
    response = client.post(page(room1), {"b1": "420", "s1": ""})
    assert response.status_code == 403 and "The event is finished" in response.content.decode()
    assert TeamRoomScore.objects.count() == 0 and TeamBoard.objects.count() == 0
