"""The director's handicap and strata flow in a real browser: the event's rules chosen, a refused strata line
put right, a handicap typed for a pair, and the handicapped and stratum rankings read on the standings."""

import os
import tempfile
from pathlib import Path

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tournaments.core.access import Role, grant
from tournaments.sessions.models import Entry, RankingRules, Session
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.sessions import set_status

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(tempfile.gettempdir()) / "bridgedesk-screenshots"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]


def test_the_director_ranks_an_evening_by_handicap_and_by_strata(live_server, django_user_model):
    grant(django_user_model.objects.create_user(username="td", password="handicap-director-pw"), Role.DIRECTOR)
    evening = build_demo_session(tables=3, movement="howell", seed=21, quick=True)
    set_status(actor=None, session=evening, status=Session.Status.PLAYING)  # reopened: handicaps may be typed
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.goto(live_server.url + "/accounts/login/")
        page.fill("input[name=username]", "td")
        page.fill("input[name=password]", "handicap-director-pw")
        page.click("button[type=submit]")

        page.goto(f"{live_server.url}/events/{evening.event_id}/")
        page.click("#event-rankings")
        page.select_option("select[name=handicap]", "full")
        page.select_option("select[name=strata_by]", "rating")
        page.fill("input[name=strata]", "A: 45, B: 50")
        page.click("#save-rankings")
        expect(page.locator("form[novalidate]")).to_contain_text("must be below the one above")
        assert not RankingRules.objects.exists()
        page.fill("input[name=strata]", "A: 50, B")
        page.click("#save-rankings")
        expect(page.locator(".messages")).to_contain_text("ranking rules are saved")

        page.goto(f"{live_server.url}/sessions/{evening.pk}/standings/")
        page.click("#session-handicaps")
        first = Entry.objects.get(section__session=evening, label="1")
        page.fill(f"#id_handicap-{first.pk}", "ten")
        page.click("#save-handicaps")
        expect(page.locator("#handicaps")).to_contain_text("not 'ten'")
        page.fill(f"#id_handicap-{first.pk}", "6.5")
        page.click("#save-handicaps")
        expect(page.locator(".messages")).to_contain_text("Handicaps saved (1 pair changed)")
        assert Entry.objects.get(pk=first.pk).handicap == 6.5

        page.goto(f"{live_server.url}/sessions/{evening.pk}/standings/")
        handicapped = page.locator("#handicapped-A")
        expect(handicapped).to_contain_text("Handicapped (full handicap)")
        row = handicapped.locator("tbody tr", has=page.locator("td:nth-child(2)", has_text="1")).first
        expect(row.locator("td:nth-child(4)")).to_have_text("6.5")
        expect(page.locator("#stratum-A-A")).to_contain_text("Stratum A (rating 50 or more)")
        expect(page.locator("#stratum-A-B")).to_contain_text("No pair in this stratum.")
        page.screenshot(path=str(SHOTS / "handicaps-standings.png"), full_page=True)
        browser.close()
