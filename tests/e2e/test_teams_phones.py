"""The two rooms of a teams match enter their scores on phones through their table links (no login, a real CSRF
round trip); each room sees the other room's score and the IMPs once both are in, and the page fits a phone."""

import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tournaments.teams import selectors, services, tables

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def test_two_rooms_enter_a_match_on_their_phones(live_server):
    event = services.create_event(actor=None, name="Phone teams", boards_per_match=2)
    for n in (1, 2):
        services.add_team(actor=None, event=event, name=f"Side {n}", players=[f"P{i} {n}" for i in range(4)])
    room1, room2 = tables.issue_links(actor=None, rnd=services.draw_next_round(actor=None, event=event))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        one, two = (browser.new_context(**PHONE).new_page() for _ in range(2))
        one.goto(live_server.url + f"/teams/t/{room1.token}/")
        one.fill("input[name=b1]", "420")
        one.fill("input[name=b2]", "-100")
        one.click("#teams-table-form button[type=submit]")
        expect(one.locator("body")).to_contain_text("Saved 2 boards.")
        expect(one.locator("#board-1")).not_to_contain_text("10")  # nothing of the other room yet

        two.goto(live_server.url + f"/teams/t/{room2.token}/")
        two.fill("input[name=b1]", "-50")
        two.fill("input[name=b2]", "abc")
        two.click("#teams-table-form button[type=submit]")
        expect(two.locator("[role=alert]")).to_contain_text("'abc' is not a score")
        expect(two.locator("input[name=b2]")).to_have_attribute("aria-invalid", "true")
        two.fill("input[name=b2]", "140")
        two.click("#teams-table-form button[type=submit]")
        expect(two.locator("body")).to_contain_text("Saved 2 boards.")
        expect(two.locator("#board-1")).to_contain_text("420")
        expect(two.locator("tfoot")).to_contain_text("IMPs Side 1 10 – 6 Side 2")
        expect(two.locator("tfoot")).to_contain_text("VPs")
        assert two.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

        one.reload()
        expect(one.locator("#board-2")).to_contain_text("140")
        browser.close()
    assert selectors.match_view(room1.match).boards == ((1, 420, -50), (2, -100, 140))
