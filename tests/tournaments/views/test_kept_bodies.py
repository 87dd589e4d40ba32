"""A director's polled pages kept per ETag and browser (tournaments/core/bodies.py): served again without building,
never stale after a write, never another reader's or another browser's, never hiding a message, and the live
panel's clock always as it reads now."""

from datetime import timedelta

import pytest
from django.contrib.messages import constants
from django.contrib.messages.storage.fallback import FallbackStorage
from django.db import connection
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.tournaments.reports.factories import make_session
from tests.tournaments.views.browsers import csrf_secret_of, signed_in_browser
from tournaments.core.access import Role
from tournaments.core.bodies import body_key, kept_body
from tournaments.sessions.models import Result, Session
from tournaments.sessions.services.results import change_result
from tournaments.sessions.services.sessions import set_status
from tournaments.tableside import services
from tournaments.tableside.models import RoundTimer

pytestmark = pytest.mark.django_db(transaction=True)  # outside a transaction, as a web request: kept


@pytest.fixture
def session(director):
    made = make_session(pairs=8, deals=False, actor=director)
    set_status(actor=director, session=made, status=Session.Status.PLAYING)
    return made


@pytest.mark.parametrize("page", ["standings/", "travellers/?board=1", "scorecards/"])
def test_the_page_is_served_again_without_building_and_rebuilt_after_a_write(director, session, page):
    browser, url = signed_in_browser(director), f"/sessions/{session.pk}/{page}"
    first = browser.get(url)
    with CaptureQueriesContext(connection) as queries:
        again = browser.get(url)
    assert again.status_code == 200 and again.content == first.content and again["ETag"] == first["ETag"]
    assert len(queries) <= 3  # the login's session and user, and the ETag's one query: nothing built
    result = Result.objects.filter(section__session=session, kind=Result.Kind.PLAYED, board__number=1).first()
    change_result(actor=director, result=result, contract="7NT", declarer="N", tricks="-7", why="misread")
    changed = browser.get(url)
    assert changed["ETag"] != first["ETag"] and changed.content != first.content
    if page.startswith("travellers"):
        assert "7NT" in changed.content.decode()


def test_another_reader_never_gets_the_kept_body(director, session, role_user):
    url = f"/sessions/{session.pk}/standings/"
    signed_in_browser(director).get(url)
    scorer = role_user(Role.SCORER.value)
    page = signed_in_browser(scorer).get(url).content.decode()
    assert "scorer-login" in page and "Log out director" not in page
    assert "session-handicaps" not in page  # the director's link, which a scorer's page does not have


def test_each_browser_gets_its_own_csrf_token(director, session):
    url = f"/sessions/{session.pk}/standings/"
    one, two = signed_in_browser(director), signed_in_browser(director)
    assert one.cookies["csrftoken"].value != two.cookies["csrftoken"].value
    one.get(url)
    for browser in (one, two):
        page = browser.get(url).content.decode()
        assert csrf_secret_of(page) == browser.cookies["csrftoken"].value


def test_a_browser_without_a_csrf_cookie_is_neither_served_nor_kept(director, session):
    browser = Client()
    browser.force_login(director)
    request = RequestFactory().get(f"/sessions/{session.pk}/standings/")
    request.user = director
    request.session = browser.session
    assert body_key(request, "standings", "tag") is None


def test_a_page_with_a_message_to_show_is_never_served_from_the_kept_body(director, session):
    request = RequestFactory().get(f"/sessions/{session.pk}/standings/", HTTP_COOKIE="csrftoken=" + "a" * 32)
    request.session = Client().session
    request._messages = FallbackStorage(request)  # type: ignore[attr-defined]
    assert body_key(request, "standings", "tag") is not None
    kept_body(request, "standings", "tag", lambda: HttpResponse("first"))
    request._messages.add(constants.SUCCESS, "Saved.")  # type: ignore[attr-defined]
    assert body_key(request, "standings", "tag") is None
    assert kept_body(request, "standings", "tag", lambda: HttpResponse("with the message")).content == (
        b"with the message"
    )


def test_the_panel_poll_is_kept_with_its_clock_read_afresh_and_rebuilt_after_a_call(director, session):
    section = session.sections.get()
    link = services.issue_links(section)[0]
    services.timer_action(session=session, action="start")
    browser, url = signed_in_browser(director), f"/live/{session.pk}/"
    first = browser.get(url, HTTP_HX_REQUEST="true")
    assert first.status_code == 200 and "s left" in first.content.decode()
    # The clock moves by itself (no write): a kept body must show it as it reads now.
    RoundTimer.objects.filter(session=session).update(started_at=timezone.now() - timedelta(minutes=40))
    with CaptureQueriesContext(connection) as queries:
        later = browser.get(url, HTTP_HX_REQUEST="true")
    assert len(queries) <= 3
    assert "over by" in later.content.decode() and "over by" not in first.content.decode()
    assert later["ETag"] != first["ETag"]  # "-late": the round has run out
    assert "No table is calling." in later.content.decode()
    services.call_director(link)
    called = browser.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "No table is calling." not in called and 'value="answer"' in called
