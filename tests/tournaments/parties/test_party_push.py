"""The party's version and what hangs on it: every party write bumps it and publishes "party:N" once it commits;
the host's round page and the big screen answer their polls 304 while it has not moved; the host's page, the TV's
screen link and a party table's phone stream the party; the host lists, withdraws and issues the tables' links."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.tableside.test_push_streams import push_on  # noqa: F401  (a fixture)
from tournaments.parties import score_pads, services, table_links
from tournaments.parties.models import Party, PartyTable
from tournaments.parties.selectors import party_key
from tournaments.tableside import hub, screenlinks
from tournaments.tableside.events import versions_of
from tournaments.tableside.models import TableLink

pytestmark = pytest.mark.django_db


def version(party: Party) -> int:
    return Party.objects.get(pk=party.pk).version


def test_every_party_write_bumps_the_version(director, party) -> None:
    before = version(party)
    services.update_party(actor=director, party=party, name="Renamed")
    assert version(party) == before + 1
    services.start_party(actor=director, party=party)
    table = PartyTable.objects.filter(round__party=party).first()
    assert version(party) == before + 2
    score_pads.record_totals(actor=director, table=table, ns_total=100, ew_total=50)
    assert version(party) == before + 3
    assert versions_of([party_key(party.pk), "party:999999"]) == {party_key(party.pk): before + 3}


def test_a_party_write_publishes_once_it_commits(director, started, settings, django_capture_on_commit_callbacks):
    settings.PUSH_URL, settings.PUSH_WATCH_SECONDS = "local://", 0
    held = hub.current()
    sub = held.subscribe(party_key(started.pk), version(started))
    try:
        table = PartyTable.objects.filter(round__party=started).first()
        with django_capture_on_commit_callbacks(execute=True):
            score_pads.record_totals(actor=director, table=table, ns_total=100, ew_total=50)
            assert sub.latest == started.version  # not committed yet: nothing pushed
        assert sub.latest == version(started) > started.version
    finally:
        held.unsubscribe(sub)
        held.stop()


def test_the_round_page_poll_is_304_until_the_party_changes(director, director_client, started) -> None:
    url = reverse("parties:round", args=[started.pk, 1])
    page = director_client.get(url)
    assert page.status_code == 200 and 'id="party-live"' in page.content.decode() and "ETag" not in page
    poll = director_client.get(url, HTTP_HX_REQUEST="true")
    assert poll.status_code == 200 and 'id="table-1"' in poll.content.decode() and "<h1>" not in poll.content.decode()
    etag = poll["ETag"]
    assert director_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag).status_code == 304
    table = PartyTable.objects.get(round__party=started, round__number=1, number=2)
    score_pads.record_totals(actor=director, table=table, ns_total=700, ew_total=300)
    again = director_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and "700" in again.content.decode()


def test_the_big_screen_poll_is_304_until_the_party_changes(director, director_client, started) -> None:
    url = reverse("parties:screen", args=[started.pk])
    etag = director_client.get(url, HTTP_HX_REQUEST="true")["ETag"]
    assert director_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag).status_code == 304
    link = screenlinks.issue_screen_link(actor=director, party_id=started.pk)
    tv = Client().get(reverse("parties:screen_link", args=[link.token]), HTTP_HX_REQUEST="true")
    assert tv.status_code == 200 and tv["ETag"]


def test_the_pages_name_their_streams(director, director_client, started, push_on) -> None:  # noqa: F811
    round_page = director_client.get(reverse("parties:round", args=[started.pk, 1])).content.decode()
    assert f'data-push="/parties/{started.pk}/events/"' in round_page and "js/push.js" in round_page
    link = table_links.live_links(started)[0]
    phone = Client().get(reverse("tableside:table", args=[link.token])).content.decode()
    assert f'data-push="/t/{link.token}/events/"' in phone
    screen = screenlinks.issue_screen_link(actor=director, party_id=started.pk)
    tv = Client().get(reverse("parties:screen_link", args=[screen.token])).content.decode()
    assert f'data-push="/parties/screen/{screen.token}/events/"' in tv
    stream = director_client.get(reverse("parties:events", args=[started.pk]))
    assert stream.status_code == 200 and stream.streaming and stream["Content-Type"] == "text/event-stream"
    stream.close()


def test_streams_are_refused_as_their_pages_are(client, director, started) -> None:
    assert client.get(reverse("parties:events", args=[started.pk])).status_code == 302  # the login page
    assert client.get(reverse("parties:screen_link_events", args=["nope"])).status_code == 404
    link = table_links.live_links(started)[0]
    table_links.revoke(actor=director, link=link)
    assert client.get(reverse("tableside:table_events", args=[link.token])).status_code == 403


def test_the_host_lists_withdraws_and_issues_the_table_links(director, director_client, started) -> None:
    url = reverse("parties:table_links", args=[started.pk])
    page = director_client.get(url).content.decode()
    links = table_links.live_links(started)
    assert page.count("<svg") == 3 and all(table_links.table_url(link) in page for link in links)
    assert director_client.post(url, {"link": str(links[0].pk)}).status_code == 302
    fresh = TableLink.objects.get(party=started, table=1, revoked_at__isnull=True)
    assert fresh.pk != links[0].pk
    assert director_client.post(url, {"link": "nope"}).status_code == 302
    TableLink.objects.filter(party=started).delete()  # a party started before the links existed
    before = version(started)
    assert director_client.post(url, {"issue": "1"}).status_code == 302
    assert [link.table for link in table_links.live_links(started)] == [1, 2, 3] and version(started) == before + 1


def test_the_host_dashboard_is_refreshed_when_the_party_changes(
    director,
    director_client,
    started,
    push_on,  # noqa: F811
) -> None:
    """The host's party page holds the party's stream and polls with its ETag (the live panel's way): 304 while
    nothing changed, the round's progress once a table's score is in."""
    url = reverse("parties:detail", args=[started.pk])
    page = director_client.get(url).content.decode()
    assert 'id="party-live"' in page and "data-poll-etag" in page and "js/push.js" in page and "js/poll.js" in page
    assert f'data-push="/parties/{started.pk}/events/"' in page and "0 of 3 tables" in page
    poll = director_client.get(url, HTTP_HX_REQUEST="true")
    body = poll.content.decode()
    assert poll.status_code == 200 and 'id="round-progress"' in body and "<h1>" not in body
    etag = poll["ETag"]
    assert director_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag).status_code == 304
    table = PartyTable.objects.get(round__party=started, round__number=1, number=2)
    score_pads.record_totals(actor=director, table=table, ns_total=700, ew_total=300)
    again = director_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and "1 of 3 tables" in again.content.decode() and again["ETag"] != etag
