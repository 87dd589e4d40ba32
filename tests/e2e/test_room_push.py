"""Pushed, not polled, for a teams match: both rooms' phones hold their event stream; for longer than a poll's
period room 2's page asks the server nothing, then a score entered in room 1 appears on room 2's page (with the
board's IMPs) within a second or two, fetched because it was told."""

import os
import time
import uuid

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.e2e.test_table_push import QUIET_SECONDS, asked
from tests.e2e.test_teams_phones import ARGS, PHONE, enter, rooms
from tournaments.tableside import hub

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_score_entered_in_room_1_is_pushed_to_room_2_without_a_poll(live_server, settings):
    settings.PUSH_URL, settings.PUSH_WATCH_SECONDS = "local://", 0  # the write's own publish, nothing else
    settings.PUSH_CHANNEL = f"push-e2e-{uuid.uuid4().hex[:12]}"
    room1, room2 = rooms("Pushed rooms")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        one, two = (browser.new_context(**PHONE).new_page() for _ in range(2))
        for page, link in ((one, room1), (two, room2)):
            page.goto(f"{live_server.url}/t/{link.token}/")
            expect(page.locator("#board-1")).to_contain_text("Other room —")
            expect(page.locator("#table-app")).to_have_attribute("data-push-open", "1", timeout=10_000)
        enter(two, 1, "-50")  # a room sees the other room's score once its own is in
        expect(two.locator("#board-1")).to_contain_text("Here -50")
        two.wait_for_timeout(2000)  # its own write's push and fetch are over before the quiet interval starts

        requests: list[tuple[float, str]] = []
        two.on("request", lambda r: requests.append((time.monotonic(), r.url)))
        quiet_from = time.monotonic()
        two.wait_for_timeout(QUIET_SECONDS * 1000)  # not time.sleep: the page's requests are heard meanwhile
        assert asked(requests, quiet_from, "/api/table/") == [], "room 2's page polled"

        sent = time.monotonic()
        enter(one, 1, "420")
        expect(two.locator("#board-1")).to_contain_text("Other room 420", timeout=3_000)
        expect(two.locator("#ts-total")).to_contain_text("IMPs Side 1 10 – 0 Side 2")
        arrived = time.monotonic() - sent
        assert arrived < 3, f"pushed in {arrived:.1f} s"
        # Room 2 fetched its state because it was told, not on a timer (its poll would wait 5 s).
        assert asked(requests, sent, f"/api/table/{room2.token}/") != []
        browser.close()
    hub.current().stop()
