"""When only this computer can open the table links, the live panel, the table cards page and the printed kit
say so plainly, with the one command that fixes it; on a LAN address they say nothing."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from config.siteurl import FIX_COMMAND
from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions import reports
from tournaments.sessions.models import Session
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.teams import services as team_services
from tournaments.teams import tables as team_tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def session_id() -> int:
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2))).session_id


def kit_text(session_id: int) -> str:
    _name, _type, content = reports.render("guide-cards", Session.objects.get(pk=session_id))
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages).split())


@pytest.mark.parametrize("name", ["tableside:panel", "tableside:cards"])
def test_the_panel_and_the_cards_page_warn_when_the_links_are_local(director_client, settings, session_id, name):
    settings.SITE_URL = "http://127.0.0.1:8000"
    page = director_client.get(reverse(name, args=[session_id]))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="reach-warning"' in text and "Only this computer can open these links." in text
    assert FIX_COMMAND in text
    settings.SITE_URL = "http://192.168.1.20:8000"
    text = director_client.get(reverse(name, args=[session_id])).content.decode()
    assert 'id="reach-warning"' not in text and "http://192.168.1.20:8000/t/" in text


def test_the_printed_kit_warns_on_each_card_when_the_links_are_local(settings, session_id):
    settings.SITE_URL = "http://localhost:8000"
    text = kit_text(session_id)
    assert text.count("only works on this computer") == 4  # one a table card
    assert text.count(FIX_COMMAND) == 4
    settings.SITE_URL = "http://192.168.1.20:8000"
    assert "only works on this computer" not in kit_text(session_id)


def test_the_teams_room_links_page_warns_too(director_client, director, settings):
    event = team_services.create_event(actor=director, name="Reach teams", boards_per_match=2)
    for n in (1, 2):
        team_services.add_team(actor=director, event=event, name=f"Team {n}", players=[f"P{i} {n}" for i in range(4)])
    rnd = team_services.draw_next_round(actor=director, event=event)
    team_tables.issue_links(actor=director, rnd=rnd)  # as the draw's page does
    url = reverse("teams:links", args=[event.pk, 1])
    settings.SITE_URL = "http://127.0.0.1:8000"
    text = director_client.get(url).content.decode()
    assert 'id="reach-warning"' in text and FIX_COMMAND in text
    settings.SITE_URL = "http://192.168.1.20:8000"
    text = director_client.get(url).content.decode()
    assert 'id="reach-warning"' not in text and "http://192.168.1.20:8000/t/" in text
