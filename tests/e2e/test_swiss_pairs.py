"""The director's Swiss pairs in a real browser: set up from the home page, the draw refused while round 1 is
being played, then drawn from the standings once the results are in (typed here through the results service, as
the phones would send them)."""

import os
import tempfile
from pathlib import Path

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.tournaments.views.test_swiss_pairs_pages import ROUND_ONE, _play
from tournaments.core.access import Role, grant
from tournaments.sessions.models import Session, TableRound

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(tempfile.gettempdir()) / "bridgedesk-screenshots"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]


def test_the_director_runs_a_swiss_pairs_round_by_round(live_server, django_user_model):
    grant(django_user_model.objects.create_user(username="td", password="swiss-director-pw"), Role.DIRECTOR)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.goto(live_server.url + "/accounts/login/")
        page.fill("input[name=username]", "td")
        page.fill("input[name=password]", "swiss-director-pw")
        page.click("button[type=submit]")

        page.goto(live_server.url + "/")
        page.click("#new-swiss")
        page.fill("input[name=event_name]", "Autumn Swiss")
        page.fill("input[name=pairs]", "6")
        page.fill("input[name=rounds]", "3")
        page.fill("input[name=boards_per_round]", "2")
        page.click("#create-swiss")
        expect(page.locator(".messages")).to_contain_text("round 1 is drawn")
        expect(page.locator("#swiss-round-1")).to_contain_text("Round 1")
        expect(page.locator("#swiss-draw")).to_be_disabled()
        expect(page.locator("#swiss-missing")).to_contain_text("table 1: 0 of 2 boards")

        session = Session.objects.get(event__name="Autumn Swiss")
        _play(session.sections.get(), 1, ROUND_ONE)
        page.reload()
        page.click("#swiss-draw")
        expect(page.locator(".messages")).to_contain_text("Round 2 is drawn from the standings.")
        expect(page.locator("#swiss-round-2")).to_contain_text("Round 2")
        leader = page.locator("#swiss-standings tbody tr").first.locator("td").nth(1).inner_text()
        assert TableRound.objects.get(round=2, table=1).ns_entry.label == leader
        expect(page.locator("#swiss-draw")).to_have_text("Draw round 3")
        page.screenshot(path=str(SHOTS / "swiss-pairs.png"), full_page=True)
        browser.close()
