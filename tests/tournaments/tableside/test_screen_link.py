"""The club room's TV: a secret, read-only screen link (no login) to the big screen of a session or a party,
made and withdrawn on the live panel (or the party's TV page) and by `manage.py screen_link`, audited; a
director's login still opens the screen as before."""

import datetime

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.core.text import isolated_names
from tournaments.parties import services as party_services
from tournaments.sessions.services.demo import build_demo_session
from tournaments.tableside import screenlinks
from tournaments.tableside.models import ScreenLink
from tournaments.tableside.screen import rankings_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def session():
    return build_demo_session(tables=3, movement="mitchell", seed=7, quick=True)


@pytest.fixture
def party(director):
    return party_services.create_party(actor=director, name="Spring party", date=datetime.date(2026, 3, 14))


def test_the_tv_link_shows_the_ranking_with_no_login(client, session):
    link = screenlinks.issue_screen_link(actor=None, session=session)
    page = client.get(reverse("tableside:screen_link", args=[link.token]))
    assert page.status_code == 200
    text = page.content.decode()
    top = rankings_of(session)[0].rows[0]
    assert isolated_names(top[2]) in text and top[3] in text
    assert f'hx-get="/screen/{link.token}/"' in text  # the refresh goes through the link too, not the login
    refresh = client.get(reverse("tableside:screen_link", args=[link.token]), HTTP_HX_REQUEST="true")
    assert refresh.status_code == 200 and isolated_names(top[2]) in refresh.content.decode()


def test_the_tv_link_is_read_only(client, session):
    link = screenlinks.issue_screen_link(actor=None, session=session)
    before = AuditEntry.objects.count()
    answer = client.post(reverse("tableside:screen_link", args=[link.token]), {"action": "start"})
    assert answer.status_code == 405 and AuditEntry.objects.count() == before


def test_a_withdrawn_or_unknown_link_is_refused_in_words(client, session):
    link = screenlinks.issue_screen_link(actor=None, session=session)
    screenlinks.revoke_screen_link(actor=None, link=link)
    page = client.get(reverse("tableside:screen_link", args=[link.token]))
    assert page.status_code == 403 and "withdrawn by the director" in page.content.decode()
    assert client.get(reverse("tableside:screen_link", args=["no-such-token"])).status_code == 404
    fresh = screenlinks.issue_screen_link(actor=None, session=session)
    assert fresh.token != link.token
    assert client.get(reverse("tableside:screen_link", args=[fresh.token])).status_code == 200


def test_one_live_link_a_screen_and_each_change_audited(session):
    first = screenlinks.issue_screen_link(actor=None, session=session)
    assert screenlinks.issue_screen_link(actor=None, session=session) == first
    screenlinks.revoke_screen_link(actor=None, link=first)
    screenlinks.revoke_screen_link(actor=None, link=first)  # twice is once
    actions = list(AuditEntry.objects.filter(target_type="screenlink").order_by("id").values_list("action", flat=True))
    assert actions == [AuditAction.SCREEN_LINK_ISSUE, AuditAction.SCREEN_LINK_REVOKE]


def test_the_director_makes_and_withdraws_the_tv_link_on_the_live_panel(director_client, session, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    panel = reverse("tableside:panel", args=[session.pk])
    assert "Make a TV link" in director_client.get(panel).content.decode()
    action = reverse("tableside:action", args=[session.pk])
    assert director_client.post(action, {"action": "screen_issue"}).status_code == 302
    link = ScreenLink.objects.get(session=session, revoked_at__isnull=True)
    text = director_client.get(panel).content.decode()
    assert f"http://192.168.1.20:8000/screen/{link.token}/" in text and "<svg" in text
    assert director_client.post(action, {"action": "screen_revoke"}).status_code == 302
    assert ScreenLink.objects.get(pk=link.pk).revoked_at is not None
    assert "Make a TV link" in director_client.get(panel).content.decode()


def test_a_directors_login_still_opens_the_screen(director_client, session):
    assert director_client.get(reverse("tableside:screen", args=[session.pk])).status_code == 200
    anonymous = Client().get(reverse("tableside:screen", args=[session.pk]))
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")


def test_screen_link_command_prints_the_link_last(session, settings, capsys):
    settings.SITE_URL = "http://192.168.1.20:8000"
    call_command("screen_link", str(session.pk))
    link = ScreenLink.objects.get(session=session, revoked_at__isnull=True)
    assert capsys.readouterr().out.strip().splitlines()[-1] == f"http://192.168.1.20:8000/screen/{link.token}/"
    call_command("screen_link", str(session.pk), "--revoke")
    fresh = ScreenLink.objects.get(session=session, revoked_at__isnull=True)
    assert fresh != link and capsys.readouterr().out.strip().endswith(f"/screen/{fresh.token}/")
    with pytest.raises(CommandError, match=r"There is no session 999999\."):
        call_command("screen_link", "999999")


def test_a_partys_tv_link(director_client, party, capsys):
    client = Client()
    call_command("screen_link", str(party.pk), "--party")
    link = ScreenLink.objects.get(party=party, revoked_at__isnull=True)
    assert capsys.readouterr().out.strip().endswith(f"/parties/screen/{link.token}/")
    page = client.get(reverse("parties:screen_link", args=[link.token]))
    assert page.status_code == 200 and "Spring party" in page.content.decode()
    # A party's token opens no session screen and the other way round.
    assert client.get(reverse("tableside:screen_link", args=[link.token])).status_code == 404
    tv = director_client.get(reverse("parties:screen_links", args=[party.pk]))
    assert tv.status_code == 200 and f"/parties/screen/{link.token}/" in tv.content.decode()
    action = reverse("parties:screen_link_action", args=[party.pk])
    assert director_client.post(action, {"action": "screen_revoke"}).status_code == 302
    assert client.get(reverse("parties:screen_link", args=[link.token])).status_code == 403
    with pytest.raises(CommandError, match=r"There is no party 999999\."):
        call_command("screen_link", "999999", "--party")
