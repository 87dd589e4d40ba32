"""A ruling's page with its appeal, on a 360 px phone and on a desktop: the director lodges the appeal and records
the committee's decision through the page's own forms; nothing scrolls sideways; screenshots of both widths."""

import os
import tempfile
from pathlib import Path

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.e2e.test_phone_width import WIDTH
from tests.e2e.test_table_phones import ARGS, PHONE
from tests.tournaments.services.factories import make_session, section_a
from tournaments.core.access import Role, grant
from tournaments.sessions.models import Ruling
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.rulings import apply_ruling
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(tempfile.gettempdir()) / "bridgedesk-screenshots"


def _login(browser, live_server, **context):
    page = browser.new_context(**context).new_page()
    page.goto(live_server.url + "/accounts/login/")
    page.fill("input[name=username]", "td")
    page.fill("input[name=password]", "appeal-director-pw")
    page.click("button[type=submit]")
    return page


def test_an_appeal_is_lodged_and_decided_on_a_phone_and_reads_on_a_desktop(live_server, django_user_model):
    grant(django_user_model.objects.create_user(username="td", password="appeal-director-pw"), Role.DIRECTOR)
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    line = record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
    ruling = apply_ruling(
        actor=None, section=section, decision="artificial", result=line, ns_percent=60, ew_percent=40, law="Law 16B"
    )
    url = f"{live_server.url}/sessions/{section.session_id}/rulings/{ruling.pk}/"
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        phone = _login(browser, live_server, **PHONE)
        phone.goto(url)
        phone.select_option("select[name=by]", "EW")
        phone.fill("textarea[name=grounds]", "The pause suggested nothing in particular.")
        phone.click("text=Lodge appeal")
        expect(phone.locator("#appeal-state")).to_have_text("Appeal pending")
        document, viewport = phone.evaluate(WIDTH)
        assert document == viewport, f"the ruling page is {document}px wide on a {viewport}px phone"
        phone.screenshot(path=str(SHOTS / "appeal-pending-360.png"), full_page=True)
        phone.select_option("select[name=outcome]", "upheld")
        phone.fill("input[name=committee]", "A. Smith, B. Jones, C. Brown")
        phone.fill("textarea[name=reasons]", "EW had a logical alternative.")
        phone.select_option("select[name=deposit]", "no")
        phone.click("text=Record the decision")
        expect(phone.locator("#appeal-state")).to_have_text("Ruling upheld")
        desk = _login(browser, live_server, viewport={"width": 1280, "height": 900})
        desk.goto(url)
        expect(desk.locator("dl.appeal")).to_contain_text("EW had a logical alternative.")
        desk.screenshot(path=str(SHOTS / "appeal-decided-desktop.png"), full_page=True)
        browser.close()
    ruling.refresh_from_db()
    assert (ruling.appeal, ruling.appeal_deposit_returned) == (Ruling.Appeal.UPHELD, False)
