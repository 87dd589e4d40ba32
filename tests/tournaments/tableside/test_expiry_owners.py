"""Expired and withdrawn links of teams rooms and party tables go through their owner's write gateway (issue 30):
the scheduler's expiry and a director's withdrawal lock the owner, audit, bump its version and publish it once
committed, so the phone's poll is refused at once (never a 304 on the old ETag) and the phone's stream on another
process (another hub, through Redis) hears the change within a second."""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Iterator

import pytest
from django.test import Client
from django.utils import timezone

from tests.tournaments.parties.conftest import GUESTS_3_TABLES
from tests.tournaments.tableside.test_push_hub import redis_url  # noqa: F401  (a fixture)
from tests.tournaments.tableside.test_push_rooms import rooms
from tournaments.audit.models import AuditEntry
from tournaments.parties import services as parties
from tournaments.parties import table_links
from tournaments.parties.models import Party
from tournaments.parties.selectors import party_key
from tournaments.tableside import hub
from tournaments.tableside.events import version_of
from tournaments.tableside.hub import Hub
from tournaments.tableside.models import TableLink
from tournaments.tableside.tasks import expire_links
from tournaments.teams import selectors, tables
from tournaments.teams.models import TeamEvent

pytestmark = pytest.mark.django_db


def _party_link() -> TableLink:
    party = parties.create_party(
        actor=None, name="Old party", date=datetime.date(2026, 3, 14), tables=3, mixed=True, tie_rule="north_south"
    )
    parties.set_guests(actor=None, party=party, text=GUESTS_3_TABLES)
    parties.start_party(actor=None, party=party)
    return table_links.live_links(party)[0]


def _aged_and_done(*links: TableLink) -> None:
    """Made nine days ago, of an event no longer being played."""
    TableLink.objects.filter(pk__in=[link.pk for link in links]).update(
        created_at=timezone.now() - datetime.timedelta(days=9)
    )
    TeamEvent.objects.update(status=TeamEvent.Status.FINISHED)
    Party.objects.update(status=Party.Status.FINISHED)


def _etag(client: Client, link: TableLink) -> str:
    answer = client.get(f"/api/table/{link.token}/")
    assert answer.status_code == 200
    return str(answer["ETag"])


@pytest.fixture
def other_process(redis_url, settings) -> Iterator[Hub]:  # noqa: F811
    """This process publishes through Redis; the returned hub is another web process's, listening."""
    settings.PUSH_URL, settings.PUSH_WATCH_SECONDS = redis_url, 0
    settings.PUSH_CHANNEL = f"expiry-test-{uuid.uuid4().hex[:12]}"
    other = Hub(redis_url, settings.PUSH_CHANNEL, 0)
    yield other
    other.stop()
    hub.current().stop()


def test_expired_room_and_party_links_bump_their_owners_and_reach_every_process(
    other_process, django_capture_on_commit_callbacks, settings
):
    settings.TABLE_LINK_DAYS = 7
    room1, room2 = rooms()
    party_link = _party_link()
    client = Client()
    tags = {room1.pk: _etag(client, room1), party_link.pk: _etag(client, party_link)}
    _aged_and_done(room1, party_link)
    event_key, p_key = selectors.event_key(room1.room_match.round.event_id), party_key(party_link.table_party.pk)
    before = {event_key: version_of(event_key), p_key: version_of(p_key)}
    subs = {key: other_process.subscribe(key, version) for key, version in before.items()}
    assert other_process.listening.wait(5), "the Redis listener never subscribed"

    with django_capture_on_commit_callbacks(execute=True):
        assert expire_links.apply().get() == {"tables": 2, "screens": 0}

    for key, version in before.items():
        assert version_of(key) == version + 1  # the owner's version moved, once
        assert subs[key].wait(version, 2.0) == version + 1  # and another process's streams heard it
    for link in (room1, party_link):
        refused = client.get(f"/api/table/{link.token}/", HTTP_IF_NONE_MATCH=tags[link.pk])
        assert refused.status_code == 403 and "withdrawn" in refused.json()["message"]  # never 304
    assert TableLink.objects.get(pk=room2.pk).revoked_at is None  # made this week: kept
    assert not TableLink.objects.filter(match=room1.match, room=1, revoked_at__isnull=True).exists()  # no new one
    assert not TableLink.objects.filter(party=party_link.party, table=1, revoked_at__isnull=True).exists()
    audited = AuditEntry.objects.filter(action__in=["teams.link_revoke", "table.link_revoke"], actor=None)
    assert audited.count() == 2
    # A second run finds nothing: no version moves, nothing audited.
    assert expire_links.apply().get() == {"tables": 0, "screens": 0}
    assert version_of(event_key) == before[event_key] + 1 and audited.count() == 2


def test_a_directors_withdrawal_of_a_room_link_bumps_the_event(django_capture_on_commit_callbacks, settings):
    settings.PUSH_URL, settings.PUSH_WATCH_SECONDS = "local://", 0
    room1, _room2 = rooms()
    client = Client()
    tag = _etag(client, room1)
    key = selectors.event_key(room1.room_match.round.event_id)
    before = version_of(key)
    sub = hub.current().subscribe(key, before)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            fresh = tables.revoke(actor=None, link=room1)
        assert version_of(key) == before + 1 and sub.latest == before + 1
    finally:
        hub.current().unsubscribe(sub)
        hub.current().stop()
    assert client.get(f"/api/table/{room1.token}/", HTTP_IF_NONE_MATCH=tag).status_code == 403
    assert client.get(f"/api/table/{fresh.token}/").status_code == 200
