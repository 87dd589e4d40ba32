"""A club's address, header, time zone, paper size, the chooser and a federation's page (issue 30)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.http import HttpResponse
from django.utils import timezone

from tournaments.clubs.middleware import CurrentClub
from tournaments.clubs.models import Club, ClubRole, Federation
from tournaments.core.access import Role, grant
from tournaments.core.tenancy import using_club
from tournaments.printing.jobs import start_job
from tournaments.publishing.models import Publication
from tournaments.sessions.models import Event
from tournaments.sessions.services.demo import build_demo_session

pytestmark = pytest.mark.django_db


def the_club() -> Club:
    return Club.objects.get(slug="club")


def published_demo(club: Club) -> int:
    with using_club(club.pk):
        session = build_demo_session(tables=3, movement="mitchell", seed=3, quick=True)
        Publication.objects.create(session=session, published_at=datetime.datetime.now(datetime.UTC))
    return int(session.pk)


def test_the_laptop_header_is_unchanged_until_the_club_is_named(client, director):
    client.force_login(director)
    page = client.get("/").content.decode()
    assert "Our club" not in page and 'class="club-logo"' not in page and "/clubs/choose/" not in page
    Club.objects.filter(slug="club").update(name="Riverside BC", colour="#123456", logo="/static/favicon.svg")
    the_club().save()  # saving drops the cached directory
    page = client.get("/").content.decode()
    assert "Riverside BC" in page and "background: #123456" in page and 'src="/static/favicon.svg"' in page


def test_an_external_logo_is_allowed_by_the_content_security_policy(client, director):
    club = the_club()
    club.logo = "https://riverside.example.org/logo.png"
    club.save()
    client.force_login(director)
    response = client.get("/")
    assert "https://riverside.example.org/logo.png" in response["Content-Security-Policy"]


def test_public_results_at_the_club_s_address_and_host(client, settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "results.riverside.test"]
    riverside = Club.objects.create(slug="riverside", name="Riverside BC", host="results.riverside.test")
    mine = published_demo(riverside)
    theirs = published_demo(the_club())
    assert client.get(f"/c/riverside/results/{mine}/").status_code == 200
    assert client.get(f"/c/riverside/results/{theirs}/").status_code == 404
    listing = client.get("/c/riverside/results/").content.decode()
    assert f'href="/c/riverside/results/{mine}/"' in listing and f"/results/{theirs}/" not in listing
    assert client.get(f"/results/{mine}/", HTTP_HOST="results.riverside.test").status_code == 200
    assert client.get(f"/results/{theirs}/", HTTP_HOST="results.riverside.test").status_code == 404
    # the same path on another host: not the cached page of the first
    assert client.get(f"/results/{mine}/").status_code == 200  # no club: the phones' and readers' old links


def test_the_club_s_time_zone_is_active_for_its_pages(rf, director):
    Club.objects.filter(slug="club").update(time_zone="America/Chicago")
    the_club().save()
    seen = CurrentClub(lambda request: HttpResponse(timezone.get_current_timezone_name()))
    request = rf.get("/")
    request.user = director
    request.session = {}
    assert seen(request).content == b"America/Chicago"
    assert timezone.get_current_timezone_name() != "America/Chicago"  # only for the request


def test_the_club_s_paper_size_is_the_pdfs_default(director):
    session_id = published_demo(the_club())
    club = the_club()
    club.paper = "letter"
    club.save()
    with using_club(club.pk):
        job = start_job(
            owner=director, session=Event.objects.get().sessions.get(pk=session_id), kind="standings", enqueue=False
        )
        assert job.params["paper"] == "letter"
        job = start_job(owner=director, session=job.session, kind="standings", paper="a4", enqueue=False)
        assert job.params["paper"] == "a4"


def test_a_login_of_two_clubs_chooses_where_it_works(client):
    riverside = Club.objects.create(slug="riverside", name="Riverside BC")
    user = get_user_model().objects.create_user(username="ann", password="ann-password-1")
    grant(user, Role.DIRECTOR, club_id=the_club().pk)
    grant(user, Role.SCORER, club_id=riverside.pk)
    client.force_login(user)
    page = client.get("/clubs/choose/").content.decode()
    assert "Riverside BC" in page and "Our club" in page
    assert client.post("/clubs/choose/", {"club": "riverside"}).status_code == 302
    assert client.get("/parties/").status_code == 403  # a scorer at Riverside may not run parties
    client.post("/clubs/choose/", {"club": "club"})
    assert client.get("/parties/").status_code == 200
    client.post("/clubs/choose/", {"club": "elsewhere"})  # not one of hers: nothing changes
    assert client.get("/parties/").status_code == 200
    assert ClubRole.objects.filter(user=user).count() == 2


def test_a_federation_lists_its_clubs_published_results(client):
    county = Federation.objects.create(slug="county", name="The County")
    riverside = Club.objects.create(slug="riverside", name="Riverside BC", federation=county)
    Club.objects.filter(slug="club").update(federation=county)
    Club.objects.create(slug="outside", name="Outside BC")
    mine, ours = published_demo(riverside), published_demo(the_club())
    outside = published_demo(Club.objects.get(slug="outside"))
    page = client.get("/results/federation/county/").content.decode()
    assert f'href="/c/riverside/results/{mine}/"' in page and f'href="/c/club/results/{ours}/"' in page
    assert f"/results/{outside}/" not in page
    assert client.get("/results/federation/nowhere/").status_code == 404


def test_a_club_s_pages_are_in_its_language_unless_the_reader_asks_for_another(client):
    riverside = Club.objects.create(slug="riverside", name="Riverside BC", language="fr")
    mine, ours = published_demo(riverside), published_demo(the_club())

    def lang(url: str, **headers: str) -> str:
        page = client.get(url, headers=headers).content.decode()
        start = page.index('<html lang="') + len('<html lang="')
        return page[start : page.index('"', start)]

    assert lang(f"/c/riverside/results/{mine}/") == "fr"
    assert lang(f"/c/club/results/{ours}/") == "en-gb"  # the laptop's club: the service's LANGUAGE_CODE
    assert lang(f"/c/riverside/results/{mine}/", accept_language="de") == "de"  # the reader's own choice wins
