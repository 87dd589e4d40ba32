"""A federation's official starts a simultaneous across two of its clubs in a real browser (issue 30): from the
federation's page to the start form, a refused form put right, the field page listing both clubs, and a club's
director finding their own session in the field."""

import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tournaments.clubs.models import Club, ClubRole, Federation, FederationRole
from tournaments.core.access import Role
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]


def _login(page, url: str, username: str, password: str) -> None:
    page.goto(url + "/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]")


def test_an_official_starts_the_county_simultaneous(live_server, django_user_model):
    county = Federation.objects.create(slug="county", name="County BA")
    riverside = Club.objects.create(slug="riverside", name="Riverside BC", federation=county)
    Club.objects.create(slug="hillside", name="Hillside BC", federation=county)
    Club.objects.create(slug="away", name="Away BC")
    official = django_user_model.objects.create_user(username="official", password="county-official-pw")
    FederationRole.objects.create(user=official, federation=county)
    director = django_user_model.objects.create_user(username="td", password="riverside-director-pw")
    ClubRole.objects.create(user=director, club=riverside, role=Role.DIRECTOR.value)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        _login(page, live_server.url, "official", "county-official-pw")
        page.goto(live_server.url + "/results/federation/county/")
        page.click("#start-simultaneous")
        expect(page.locator("#start-simultaneous")).to_contain_text("Riverside BC")
        expect(page.locator("#start-simultaneous")).not_to_contain_text("Away BC")
        page.fill("input[name=name]", "County autumn sim")
        page.fill("input[name=date]", "2026-11-24")
        page.fill("input[name=boards]", "24")
        page.fill("input[name=pairs]", "8")
        page.click("#start-simultaneous button[type=submit]")  # no club chosen: refused at the field
        expect(page.locator("#start-simultaneous .errorlist")).to_be_visible()
        assert not Simultaneous._base_manager.exists()
        page.check("text=Riverside BC")
        page.check("text=Hillside BC")
        page.click("#start-simultaneous button[type=submit]")
        expect(page.locator(".messages")).to_contain_text("started at 2 clubs")
        expect(page.locator("#clubs")).to_contain_text("Riverside BC")
        expect(page.locator("#clubs")).to_contain_text("Hillside BC")
        simul = Simultaneous._base_manager.get()
        ours = SimultaneousClub.objects.get(simultaneous=simul, club="Riverside BC").session_id

        page.context.clear_cookies()
        _login(page, live_server.url, "td", "riverside-director-pw")
        page.goto(f"{live_server.url}/c/riverside/sessions/{ours}/")
        expect(page.locator("h1")).to_contain_text("County autumn sim")
        browser.close()
