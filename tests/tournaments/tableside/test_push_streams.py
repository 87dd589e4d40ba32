"""The event streams (tableside/streams.py) read over real HTTP from the live server: a result posted by another
table arrives as a `change` within a second; the stream ends by itself after PUSH_STREAM_SECONDS with heartbeats
meanwhile and leaves nothing subscribed; a refused key is answered as the page answers it, never with a stream."""

from __future__ import annotations

import http.client
import json
import time
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from django.test import Client

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.models import Session
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import hub, screenlinks, services
from tournaments.tableside.events import session_key, version_of
from tournaments.tableside.models import TableLink


@pytest.fixture
def push_on(settings):
    settings.PUSH_URL, settings.PUSH_WATCH_SECONDS = "local://", 0  # only the write's own publish: no watcher
    settings.PUSH_CHANNEL = f"push-test-{uuid.uuid4().hex[:12]}"  # a hub of this test's own
    settings.PUSH_STREAM_SECONDS, settings.PUSH_HEARTBEAT_SECONDS = 30, 15
    yield settings
    hub.current().stop()


def open_stream(base: str, path: str) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    where = urlsplit(base)
    conn = http.client.HTTPConnection(where.hostname or "", where.port, timeout=10)
    conn.request("GET", path, headers={"Accept": "text/event-stream"})
    return conn, conn.getresponse()


def events(response: http.client.HTTPResponse) -> Iterator[dict[str, str]]:
    """Each event (or comment) as its fields, read line by line as the browser's EventSource does."""
    fields: dict[str, str] = {}
    while line := response.readline():
        text = line.decode().rstrip("\n")
        if text == "":
            if fields:
                yield fields
            fields = {}
        elif text.startswith(":"):
            fields["comment"] = text[1:].strip()
        else:
            name, _, value = text.partition(": ")
            fields[name] = value


def post_entry(base: str, link: TableLink, body: dict[str, object]) -> int:
    """POST one entry to the table API over real HTTP (another phone), its status."""
    where = urlsplit(base)
    conn = http.client.HTTPConnection(where.hostname or "", where.port, timeout=10)
    conn.request("POST", f"/api/table/{link.token}/results", json.dumps(body), {"Content-Type": "application/json"})
    status = conn.getresponse().status
    conn.close()
    return status


def post_result(base: str, link: TableLink) -> int:
    row = link.section.table_rounds.get(round=1, table=link.table)
    body = {"board": int(row.boards[0]), "contract": "3NT", "declarer": "N", "tricks": 9, "client_id": "push-1"}
    return post_entry(base, link, body)


def two_tables() -> tuple[Session, dict[int, TableLink]]:
    session = make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2))
    return session, {link.table: link for link in services.issue_links(section_a(session))}


@pytest.mark.django_db(transaction=True)
def test_a_result_posted_at_one_table_reaches_the_other_tables_stream_within_a_second(live_server, push_on):
    session, links = two_tables()
    conn, response = open_stream(live_server.url, f"/t/{links[2].token}/events/")
    assert response.status == 200 and response.getheader("Content-Type") == "text/event-stream"
    assert response.getheader("Cache-Control") == "no-store"
    read = events(response)
    ready = next(read)
    assert (
        ready["event"] == "ready"
        and int(ready["id"]) == version_of(session_key(session.pk))
        and ready["retry"] == "1000"
    )
    started = time.monotonic()
    assert post_result(live_server.url, links[1]) == 201
    change = next(read)
    assert time.monotonic() - started < 1.0
    assert change["event"] == "change" and int(change["id"]) == version_of(session_key(session.pk)) > int(ready["id"])
    assert json.loads(change["data"]) == {"key": f"session:{session.pk}", "version": int(change["id"])}
    conn.close()


@pytest.mark.django_db(transaction=True)
def test_a_stream_ends_by_itself_with_heartbeats_and_leaves_nothing_subscribed(live_server, push_on):
    push_on.PUSH_STREAM_SECONDS, push_on.PUSH_HEARTBEAT_SECONDS = 2, 0  # a heartbeat every 0.5 s (the least)
    _session, links = two_tables()
    conn, response = open_stream(live_server.url, f"/t/{links[1].token}/events/")
    started = time.monotonic()
    got = list(events(response))  # read to the end: the server closes the stream
    assert 1.8 < time.monotonic() - started < 5
    assert got[0]["event"] == "ready"
    assert 2 <= sum(1 for e in got if e.get("comment") == "still here") <= 5
    conn.close()
    deadline = time.monotonic() + 2
    while hub.current().streams() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hub.current().streams() == 0


@pytest.mark.django_db
def test_refused_keys_get_the_pages_answer_never_a_stream(director_client, push_on):
    client = Client()  # anonymous (director_client is the logged-in `client`)
    session, links = two_tables()
    services.revoke(actor=None, link=links[1])
    gone = client.get(f"/t/{links[1].token}/events/")
    assert gone.status_code == 403 and not gone.streaming and "withdrawn" in gone.content.decode().lower()
    assert client.get("/t/no-such-token/events/").status_code == 404
    assert client.get(f"/screen/{'x' * 20}/events/").status_code == 404
    login = client.get(f"/live/{session.pk}/events/")
    assert login.status_code == 302 and login["Location"].startswith("/accounts/login/")
    assert director_client.get(f"/live/{session.pk + 99}/events/").status_code == 404
    assert client.post(f"/t/{links[2].token}/events/").status_code == 405
    live = director_client.get(f"/live/{session.pk}/events/")
    assert live.status_code == 200 and live.streaming and live["Content-Type"] == "text/event-stream"
    live.close()


@pytest.mark.django_db
def test_with_push_off_a_stream_is_answered_204_so_the_browser_stops_asking(client, settings):
    settings.PUSH_URL = ""
    _session, links = two_tables()
    response = client.get(f"/t/{links[1].token}/events/")
    assert response.status_code == 204 and not response.streaming
    page = client.get(f"/t/{links[1].token}/").content.decode()
    assert "data-push" not in page  # and the page polls as before


@pytest.mark.django_db
def test_with_push_on_each_page_names_its_own_stream(director_client, push_on):
    session, links = two_tables()
    screen = screenlinks.issue_screen_link(actor=None, session=session)
    pages = {
        f"/t/{links[1].token}/": f'data-push="/t/{links[1].token}/events/"',
        f"/live/{session.pk}/": f'data-push="/live/{session.pk}/events/"',
        f"/live/{session.pk}/screen/": f'data-push="/live/{session.pk}/events/"',
        f"/screen/{screen.token}/": f'data-push="/screen/{screen.token}/events/"',
    }
    for url, attribute in pages.items():
        html = director_client.get(url).content.decode()
        assert attribute in html and "js/push.js" in html, url
