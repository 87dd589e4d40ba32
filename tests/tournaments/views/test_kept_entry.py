"""The traveller entry page kept per ETag and browser (tournaments/core/bodies.py, sessions/views/entry.py): served
again without building, with the browser's own CSRF token, never another reader's, rebuilt after every save (through
the page or elsewhere) and never hiding the "saved" message."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.services.factories import make_session, section_a
from tests.tournaments.views.browsers import csrf_secret_of, signed_in_browser
from tournaments.core.access import Role
from tournaments.sessions.models import Result
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = pytest.mark.django_db(transaction=True)  # outside a transaction, as a web request: kept


@pytest.fixture
def section():
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))


def _url(section, board=1):
    return f"/sessions/{section.session_id}/A/traveller/{board}/"


def test_the_page_is_served_again_without_building_and_rebuilt_after_a_save(director, section):
    browser = signed_in_browser(director)
    first = browser.get(_url(section))
    assert first.status_code == 200 and first.context is not None  # built
    with CaptureQueriesContext(connection) as queries:
        again = browser.get(_url(section))
    assert again.status_code == 200 and again.content == first.content
    assert len(queries) <= 3  # the login's session and user, and the ETag's one query: nothing built
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
    changed = browser.get(_url(section)).content.decode()
    assert changed != first.content.decode() and 'value="4S"' in changed


def test_a_save_through_the_page_shows_its_message_and_then_the_saved_lines(director, section):
    browser = signed_in_browser(director)
    browser.get(_url(section, 2))  # kept: the next board's page before the save
    page = browser.get(_url(section)).content.decode()
    ns = re.search(r'name="line-0-ns"[^>]*value="([^"]*)"', page)
    ew = re.search(r'name="line-0-ew"[^>]*value="([^"]*)"', page)
    assert ns is not None and ew is not None
    data = {"line-0-ns": ns[1], "line-0-ew": ew[1], "line-0-contract": "3NT", "line-0-declarer": "S"}
    data["line-0-tricks"] = "9"
    saved = browser.post(_url(section), data)
    assert saved.status_code == 302 and Result.objects.count() == 1
    shown = browser.get(saved["Location"]).content.decode()
    assert "Board 1 saved: 1 result." in shown  # the message is shown on the next board's page
    assert "Board 1 saved" not in browser.get(saved["Location"]).content.decode()  # once, then kept without it
    assert 'value="3NT"' in browser.get(_url(section)).content.decode()


def test_each_browser_gets_its_own_csrf_token_and_another_reader_never_the_kept_body(director, section, role_user):
    one, two = signed_in_browser(director), signed_in_browser(director)
    one.get(_url(section))
    for browser in (one, two, one):
        page = browser.get(_url(section)).content.decode()
        assert csrf_secret_of(page) == browser.cookies["csrftoken"].value
    scorer = signed_in_browser(role_user(Role.SCORER.value))
    page = scorer.get(_url(section)).content.decode()
    assert "scorer-login" in page and "Log out director" not in page
