"""Published results: public without a login once published, 404 before, corrections listed with the
percentages they moved, the provisional banner until final, and nothing private on the public pages."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

import scoring
from tests.tournaments.services.factories import make_session, section_a
from tournaments.publishing import services
from tournaments.publishing.models import Correction, Publication
from tournaments.sessions.models import Member, Result
from tournaments.sessions.services.results import change_result, record_result
from tournaments.sessions.services.sessions import SectionSpec, set_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    """An 8-pair Mitchell, board 1 played at two tables, pair 1NS named (one of them a member with contacts)."""
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
    record_result(actor=None, section=section, board=1, ns="4", ew="4", contract="4S", declarer="N", tricks="-1")
    member = Member.objects.create(name="Ann Smith", email="ann@example.org", national_id="EBU-99887")
    set_players(actor=None, entry=section.entries.get(label="1NS"), players=[("", member), ("Bob Jones", None)])
    return section


def public_urls(section):
    pk = section.session_id
    entry = section.entries.get(label="1NS").pk
    return [f"/results/{pk}/", f"/results/{pk}/boards/", f"/results/{pk}/pairs/{entry}/"]


def test_an_unpublished_session_does_not_exist_for_the_public(client, played):
    for url in public_urls(played):
        assert client.get(url).status_code == 404
    assert played.session.event.name not in client.get("/results/").content.decode()


def test_the_director_publishes_and_anyone_reads_standings_boards_and_score_cards(client, director_client, played):
    response = director_client.post(f"/results/{played.session_id}/publish/", {"action": "publish"})
    assert response.status_code == 302 and response["Location"] == f"/sessions/{played.session_id}/"
    director_client.logout()
    standings, boards, card = (client.get(url) for url in public_urls(played))
    assert standings.status_code == boards.status_code == card.status_code == 200
    assert "<bdi>Ann Smith</bdi> &amp; <bdi>Bob Jones</bdi>" in standings.content.decode()  # each name isolated
    assert "Provisional results" in standings.content.decode()
    assert "Board 1" in boards.content.decode() and "4♠" in boards.content.decode()  # suit symbols (issue 27)
    assert "Pair 1NS" in card.content.decode()
    index = client.get("/results/").content.decode()
    assert played.session.event.name in index
    assert played.session.event.name in client.get("/results/?q=ann sm").content.decode()
    assert played.session.event.name not in client.get("/results/?q=Nobody").content.decode()


def test_public_pages_never_show_contact_data_or_the_audit_log(client, played):
    services.publish(actor=None, session=played.session)
    for url in public_urls(played):
        html = client.get(url).content.decode()
        assert "ann@example.org" not in html and "EBU-99887" not in html
        assert "/audit/" not in html
    assert client.get(f"/sessions/{played.session_id}/audit/").status_code == 302  # the login, not the log


def test_a_correction_is_listed_with_the_reason_and_each_pairs_percentage_before_and_after(client, played):
    services.publish(actor=None, session=played.session)
    before = services.current_figures(played.session)
    result = Result.objects.get(section=played, board__number=1, ns_entry__label="4NS")
    change_result(actor=None, result=result, contract="4S", declarer="N", tricks="=", why="Traveller misread")
    after = services.current_figures(played.session)
    html = client.get(f"/results/{played.session_id}/").content.decode()
    assert "Corrections since publishing" in html and "Traveller misread" in html and "Board 1" in html
    correction = Correction.objects.get()
    moved = {m["pair"]: (m["before"], m["after"]) for m in correction.moves}
    changed = {v["pair"]: (before[k]["pct"], v["pct"]) for k, v in after.items() if before[k]["pct"] != v["pct"]}
    assert moved == changed and len(moved) == 4  # both pairs at each table moved
    assert f"{scoring.shown(moved['4NS'][0])}%" in html and f"{scoring.shown(moved['4NS'][1])}%" in html
    # Reading again lists it once; a second change makes a second correction, newest first.
    client.get(f"/results/{played.session_id}/boards/")
    assert Correction.objects.count() == 1
    change_result(actor=None, result=result, contract="3NT", declarer="S", tricks="9", why="Second look")
    client.get(f"/results/{played.session_id}/")
    assert [c.changes[0]["why"] for c in Correction.objects.order_by("-created_at", "-id")] == [
        "Second look",
        "Traveller misread",
    ]


def test_changes_before_publishing_are_not_corrections(client, played):
    result = Result.objects.get(section=played, board__number=1, ns_entry__label="4NS")
    change_result(actor=None, result=result, contract="4S", declarer="N", tricks="=", why="before")
    services.publish(actor=None, session=played.session)
    assert "Corrections since publishing" not in client.get(f"/results/{played.session_id}/").content.decode()
    assert Correction.objects.count() == 0


def test_the_banner_goes_when_marked_final_or_when_the_hours_pass(client, played):
    pub = services.publish(actor=None, session=played.session)
    url = f"/results/{played.session_id}/"
    assert "Provisional results" in client.get(url).content.decode()
    Publication.objects.filter(pk=pub.pk).update(published_at=timezone.now() - timedelta(hours=49))
    assert "Provisional results" not in client.get(url).content.decode()
    Publication.objects.filter(pk=pub.pk).update(published_at=timezone.now())
    services.mark_final(actor=None, session=played.session)
    assert "Provisional results" not in client.get(url).content.decode()


def test_unpublishing_hides_the_pages_again(client, played):
    services.publish(actor=None, session=played.session)
    services.unpublish(actor=None, session=played.session)
    assert all(client.get(url).status_code == 404 for url in public_urls(played))


def test_publish_command_prints_the_public_url_last(played, capsys):
    call_command("publish", str(played.session_id), "--base-url", "https://results.club.org/")
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1] == f"https://results.club.org/results/{played.session_id}/"
    assert Publication.objects.get(session=played.session).is_public


def test_publish_command_refuses_an_unknown_session():
    with pytest.raises(Exception, match="There is no session 999999"):
        call_command("publish", "999999")


def test_anonymous_cannot_publish(client, played):
    response = client.post(f"/results/{played.session_id}/publish/", {"action": "publish"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not Publication.objects.exists()


def test_public_pages_are_cached_until_anything_in_the_session_changes(client, played):
    services.publish(actor=None, session=played.session)
    urls = public_urls(played)
    first = {url: client.get(url) for url in urls}
    assert all(r.status_code == 200 and r["ETag"] for r in first.values())
    with CaptureQueriesContext(connection) as queries:
        again = client.get(urls[0])
    assert again.content == first[urls[0]].content and len(queries) <= 3  # served from the cache
    assert client.get(urls[0], HTTP_IF_NONE_MATCH=first[urls[0]]["ETag"]).status_code == 304
    result = Result.objects.get(section=played, board__number=1, ns_entry__label="4NS")
    change_result(actor=None, result=result, contract="4S", declarer="N", tricks="=", why="claim misread")
    after = client.get(urls[0])
    assert after["ETag"] != first[urls[0]]["ETag"] and "claim misread" in after.content.decode()
    assert client.get(urls[0], HTTP_IF_NONE_MATCH=first[urls[0]]["ETag"]).status_code == 200


def test_a_logged_in_reader_is_never_served_an_anonymous_copy(client, played, director):
    services.publish(actor=None, session=played.session)
    url = f"/results/{played.session_id}/"
    client.get(url)
    client.force_login(director)
    page = client.get(url)
    assert "Log out director" in page.content.decode() and not page.has_header("ETag")
