"""Two directors in two real browsers on the same traveller: both save, neither loses a line, and the one
whose line was changed meanwhile sees both versions and keeps one with a click."""

import os
import tempfile
from pathlib import Path

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.tournaments.services.factories import make_session, section_a
from tournaments.core.access import Role, grant
from tournaments.sessions.models import Result
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(tempfile.gettempdir()) / "bridgedesk-screenshots"

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def login(browser, live_server, username):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(live_server.url + "/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "two-directors-pw")
    page.click("button[type=submit]")
    return page


def test_two_directors_save_the_same_traveller(live_server, django_user_model):
    for name in ("ann", "bob"):
        grant(django_user_model.objects.create_user(username=name, password="two-directors-pw"), Role.DIRECTOR)
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    url = f"{live_server.url}/sessions/{section.session_id}/A/traveller/1/"
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        ann, bob = login(browser, live_server, "ann"), login(browser, live_server, "bob")
        ann.goto(url)
        bob.goto(url)
        # Ann types line 1, Bob line 2, from pages opened at the same time: both are kept.
        ann.fill("input[name='line-0-contract']", "3NT")
        ann.fill("input[name='line-0-declarer']", "S")
        ann.fill("input[name='line-0-tricks']", "=")
        ann.click("#save-lines")
        expect(ann.locator(".messages")).to_contain_text("saved")
        bob.fill("input[name='line-1-contract']", "4S")
        bob.fill("input[name='line-1-declarer']", "N")
        bob.fill("input[name='line-1-tricks']", "+1")
        bob.click("#save-lines")
        expect(bob.locator(".messages")).to_contain_text("saved")
        assert sorted(Result.objects.filter(section=section).values_list("contract", flat=True)) == ["3NT", "4S"]
        # Now both change line 1 from the same state: Ann first; Bob is shown both and keeps his.
        ann.goto(url)
        bob.goto(url)
        ann.fill("input[name='line-0-tricks']", "+1")
        ann.click("#save-lines")
        expect(ann.locator(".messages")).to_contain_text("saved")
        bob.fill("input[name='line-0-tricks']", "-1")
        bob.click("#save-lines")
        conflict = bob.locator("#conflicts")
        expect(conflict).to_contain_text("Changed by someone else meanwhile")
        expect(conflict.locator(".yours")).to_contain_text("3NT S -1")
        expect(conflict.locator(".theirs")).to_contain_text("by ann")
        bob.screenshot(path=str(SHOTS / "conflict.png"), full_page=True)
        conflict.locator("button.keep-mine").click()
        expect(bob.locator(".messages")).to_contain_text("saved")
        first = Result.objects.get(section=section, contract="3NT")
        assert first.tricks == 8 and first.version == 3
        browser.close()
