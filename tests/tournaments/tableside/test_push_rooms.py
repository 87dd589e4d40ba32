"""Pushed, not polled, for teams rooms: a room's page streams its teams event ("teams:N", the version its ETag is
keyed on); a score entered in one room reaches the other room's stream within a second over real HTTP; a teams
write publishes once it commits; the watcher reads teams events' versions through their registered reader."""

from __future__ import annotations

import json
import time

import pytest
from django.test import Client

from tests.tournaments.tableside.test_push_hub import hubs  # noqa: F401  (a fixture)
from tests.tournaments.tableside.test_push_streams import events, open_stream, post_entry, push_on  # noqa: F401  (a fixture)
from tournaments.tableside import hub
from tournaments.tableside.events import Change, session_key, version_of, versions_of
from tournaments.tableside.hub import Hub
from tournaments.tableside.models import TableLink
from tournaments.teams import selectors, services, tables
from tournaments.teams.models import TeamEvent


def rooms(name: str = "Pushed teams") -> list[TableLink]:
    """The two rooms' links of the first match of a new two-team, two-board event."""
    event = services.create_event(actor=None, name=name, boards_per_match=2)
    for n in (1, 2):
        services.add_team(actor=None, event=event, name=f"Side {n}", players=[f"P{i} {n}" for i in range(4)])
    return tables.issue_links(actor=None, rnd=services.draw_next_round(actor=None, event=event))


def event_of(link: TableLink) -> TeamEvent:
    """The link's teams event as stored now (its version moves with every write)."""
    return TeamEvent.objects.get(pk=link.room_match.round.event_id)


def post_score(base: str, link: TableLink, board: int, score: int) -> int:
    body = {"board": board, "ns_score": str(score), "seen": "", "client_id": f"room-{link.room}-{board}"}
    return post_entry(base, link, body)


@pytest.mark.django_db(transaction=True)
def test_a_score_entered_in_one_room_reaches_the_other_rooms_stream_within_a_second(live_server, push_on):  # noqa: F811
    room1, room2 = rooms()
    key = selectors.event_key(event_of(room1).pk)
    conn, response = open_stream(live_server.url, f"/t/{room2.token}/events/")
    assert response.status == 200 and response.getheader("Content-Type") == "text/event-stream"
    read = events(response)
    ready = next(read)
    assert ready["event"] == "ready" and int(ready["id"]) == TeamEvent.objects.get(pk=event_of(room1).pk).version
    started = time.monotonic()
    assert post_score(live_server.url, room1, 1, 420) == 201
    change = next(read)
    assert time.monotonic() - started < 1.0
    assert change["event"] == "change" and int(change["id"]) == version_of(key) > int(ready["id"])
    assert json.loads(change["data"]) == {"key": key, "version": int(change["id"])}
    conn.close()


@pytest.mark.django_db
def test_a_rooms_page_names_its_stream_and_a_refused_room_gets_no_stream(push_on):  # noqa: F811
    room1, room2 = rooms()
    client = Client()
    page = client.get(f"/t/{room1.token}/").content.decode()
    assert f'data-push="/t/{room1.token}/events/"' in page and "js/push.js" in page
    tables.revoke(actor=None, link=room1)
    gone = client.get(f"/t/{room1.token}/events/")
    assert gone.status_code == 403 and not gone.streaming
    stream = client.get(f"/t/{room2.token}/events/")  # last: closing a stream gives back the test's connection
    assert stream.status_code == 200 and stream.streaming and stream["Content-Type"] == "text/event-stream"
    stream.close()


@pytest.mark.django_db
def test_a_teams_write_publishes_its_event_once_it_commits(settings, django_capture_on_commit_callbacks):
    settings.PUSH_URL, settings.PUSH_WATCH_SECONDS = "local://", 0
    room1, _room2 = rooms()
    event = event_of(room1)
    key = selectors.event_key(event.pk)
    held = hub.current()
    sub, session_sub = held.subscribe(key, event.version), held.subscribe(session_key(event.pk), 0)
    try:
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            outcome = tables.submit_room(room1, {"board": 1, "ns_score": "420", "seen": "", "client_id": "c1"})
            assert sub.latest == event.version  # not yet committed: nothing pushed
        assert outcome.status == 201 and callbacks
        assert sub.latest == TeamEvent.objects.get(pk=event.pk).version > event.version
        assert session_sub.latest == 0  # a session with the same number is another owner
    finally:
        held.unsubscribe(sub)
        held.unsubscribe(session_sub)
        held.stop()


@pytest.mark.django_db(transaction=True)
def test_the_watcher_reads_teams_events_through_their_reader(hubs):  # noqa: F811
    room1, _room2 = rooms()
    event = event_of(room1)
    key = selectors.event_key(event.pk)
    assert versions_of([key, "teams:999999", "nosuchkind:1"]) == {key: event.version}
    watcher = Hub("local://", "unused", 0.1)
    hubs.append(watcher)
    sub = watcher.subscribe(key, event.version)
    TeamEvent.objects.filter(pk=event.pk).update(version=event.version + 3)  # a write nobody published
    started = time.monotonic()
    assert sub.wait(event.version, 3.0) == event.version + 3
    assert time.monotonic() - started < 1.0
    assert Change.decode(Change(key, 7).encode()) == Change(key, 7)
