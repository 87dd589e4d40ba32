"""Mistakes undone: a director archives a session (or a whole event) from the web after a confirmation that
says what goes with it; it leaves the lists, the public pages and the phones, audited; restoring brings it
back; the audit log's chain stays whole."""

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.publishing import services as publishing
from tournaments.sessions.models import Session
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import screenlinks
from tournaments.tableside import services as tableside

pytestmark = pytest.mark.django_db


@pytest.fixture
def published():
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
    publishing.publish(actor=None, session=section.session)
    return section.session


def test_the_confirmation_says_what_goes_with_the_session(director_client, published):
    page = director_client.get(f"/sessions/{published.pk}/archive/")
    assert page.status_code == 200
    html = page.content.decode()
    for words in ("1 section with 8 pairs", "1 result and 0 rulings", "its table links", "its public results pages"):
        assert words in html
    refused = director_client.post(f"/sessions/{published.pk}/archive/", {"why": "twin"})
    assert refused.status_code == 400 and "Tick the box to confirm" in refused.content.decode()
    assert Session.objects.get(pk=published.pk).archived_at is None


def test_an_archived_session_leaves_the_lists_public_pages_and_phones(director_client, published):
    link = tableside.issue_links(published.sections.get())[0]
    assert Client().get(f"/results/{published.pk}/").status_code == 200
    done = director_client.post(f"/sessions/{published.pk}/archive/", {"confirm": "yes", "why": "imported twice"})
    assert done.status_code == 302 and done["Location"] == "/sessions/archived/"
    assert Session.objects.get(pk=published.pk).archived_at is not None
    entry = AuditEntry.objects.filter(action="session.archive").get()
    assert entry.session_id == published.pk and entry.why == "imported twice"
    assert published.event.name not in director_client.get("/").content.decode().split("<h2>Sessions</h2>")[1]
    assert "Archived sessions (1)" in director_client.get("/").content.decode()
    assert Client().get(f"/results/{published.pk}/").status_code == 404
    assert published.event.name not in Client().get("/results/").content.decode()
    assert Client().get(f"/api/table/{link.token}/").status_code == 403
    listed = director_client.get("/sessions/archived/").content.decode()
    assert published.event.name in listed and f"/sessions/{published.pk}/restore/" in listed
    call_command("verify_audit", str(published.pk))  # the chain is whole (raises if not)

    back = director_client.post(f"/sessions/{published.pk}/restore/")
    assert back.status_code == 302 and Session.objects.get(pk=published.pk).archived_at is None
    assert Client().get(f"/results/{published.pk}/").status_code == 200
    assert AuditEntry.objects.filter(action="session.restore").count() == 1


def test_archiving_an_event_archives_each_of_its_sessions(director_client, published):
    page = director_client.get(f"/events/{published.event_id}/archive/").content.decode()
    assert f"{published.name} ({published.date:%d %b %Y}): 1 section with 8 pairs" in page
    done = director_client.post(f"/events/{published.event_id}/archive/", {"confirm": "yes"})
    assert done.status_code == 302
    assert not Session.objects.filter(event=published.event, archived_at__isnull=True).exists()


def test_an_archived_sessions_tv_screen_link_is_refused(director, director_client, published):
    link = screenlinks.issue_screen_link(actor=director, session=published)
    screen = reverse("tableside:screen_link", args=[link.token])
    assert Client().get(screen).status_code == 200
    director_client.post(f"/sessions/{published.pk}/archive/", {"confirm": "yes"})
    refused = Client().get(screen)
    assert refused.status_code == 403 and "archived this session" in refused.content.decode()
    director_client.post(f"/sessions/{published.pk}/restore/")
    assert Client().get(screen).status_code == 200
