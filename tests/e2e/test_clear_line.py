"""Clearing a traveller line that holds a result asks before the save deletes it; "cancel" deletes nothing."""

import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.tournaments.services.factories import make_session, section_a
from tournaments.core.access import Role, grant
from tournaments.sessions.models import Result
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]


def test_clearing_a_stored_line_asks_first(live_server, django_user_model):
    grant(django_user_model.objects.create_user(username="td", password="clear-line-pw"), Role.DIRECTOR)
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    row = sorted((r for r in section.table_rounds.all() if 1 in [int(b) for b in r.boards]), key=lambda r: r.round)[0]
    record_result(
        actor=None,
        section=section,
        board=1,
        ns=row.ns_entry.label,
        ew=row.ew_entry.label,
        contract="3NT",
        declarer="S",
        tricks="9",
    )
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context().new_page()
        page.goto(live_server.url + "/accounts/login/")
        page.fill("input[name=username]", "td")
        page.fill("input[name=password]", "clear-line-pw")
        page.click("button[type=submit]")
        page.goto(f"{live_server.url}/sessions/{section.session_id}/A/traveller/1/")
        for field in ("contract", "declarer", "tricks"):
            page.fill(f"input[name='line-0-{field}']", "")
        asked: list[str] = []

        def dismiss(dialog):
            asked.append(dialog.message)
            dialog.dismiss()

        page.once("dialog", dismiss)
        page.click("#save-lines")
        page.wait_for_timeout(500)
        assert asked and "Delete this line's stored result?" in asked[0] and "3NT S =" in asked[0]
        assert Result.objects.filter(section=section).count() == 1  # cancelled: nothing deleted
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#save-lines")
        expect(page.locator(".messages")).to_contain_text("saved")
        assert Result.objects.filter(section=section).count() == 0
        browser.close()
