"""The club room's TV: the live ranking (scrolling when longer than the screen), the round clock ticking, and
"Move now" when the round's time is up; refreshed without a reload."""

import datetime
import os
import re
import tempfile
from pathlib import Path

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from django.utils import timezone
from playwright.sync_api import expect, sync_playwright

from tournaments.core.access import Role, grant
from tournaments.sessions.services.demo import build_demo_session
from tournaments.tableside import services
from tournaments.tableside.models import RoundTimer
from tournaments.tableside.screen import rankings_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(tempfile.gettempdir()) / "bridgedesk-screenshots"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]


def test_the_big_screen_shows_the_ranking_the_clock_and_move_now(live_server, django_user_model):
    grant(django_user_model.objects.create_user(username="td", password="screen-director-pw"), Role.DIRECTOR)
    session = build_demo_session(tables=20, movement="mitchell", seed=7, quick=True)
    services.timer_action(session=session, action="start")
    RoundTimer.objects.filter(session=session).update(started_at=timezone.now() - datetime.timedelta(minutes=14))
    (ranking_ns, ranking_ew) = rankings_of(session)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        page.goto(live_server.url + "/accounts/login/")
        page.fill("input[name=username]", "td")
        page.fill("input[name=password]", "screen-director-pw")
        page.click("button[type=submit]")
        page.goto(f"{live_server.url}/live/{session.pk}/screen/")
        # No menus; only the language switch, small in a corner (issue 27).
        expect(page.locator(".topbar nav")).to_be_hidden()
        expect(page.locator(".topbar .brand")).to_be_hidden()
        expect(page.locator(".topbar .language-switch")).to_be_visible()
        rows = page.locator(".screen-table tr")
        expect(rows).to_have_count(len(ranking_ns.rows) + len(ranking_ew.rows))
        top = ranking_ns.rows[0]
        expect(rows.first.locator("td")).to_have_text(list(top))
        # The clock ticks in the browser: about a minute left, counting down.
        clock = page.locator("#screen-clock")
        first = clock.inner_text()
        assert re.fullmatch(r"[01]:\d\d", first), first
        # Waited for, not slept on: a refresh answered late by a loaded server may set the clock back a second.
        expect(clock).not_to_have_text(first)
        # Twenty tables' ranking is taller than the screen whatever the font (rows are sized in vh): it scrolls.
        # (Polled with evaluate: wait_for_function evaluates a string, which the page's CSP rightly forbids.)
        moved = "none"
        for _ in range(40):
            moved = page.evaluate("getComputedStyle(document.querySelector('.screen-scroll')).transform")
            if moved not in ("none", ""):
                break
            page.wait_for_timeout(250)
        assert moved not in ("none", ""), "the long ranking does not scroll"
        page.screenshot(path=str(SHOTS / "big-screen.png"))
        # Time is up: the next refresh says so, without a reload.
        RoundTimer.objects.filter(session=session).update(started_at=timezone.now() - datetime.timedelta(minutes=16))
        expect(page.locator("#screen-move")).to_have_text("Move now", timeout=15_000)
        expect(clock).to_contain_text("over by")
        page.screenshot(path=str(SHOTS / "big-screen-move-now.png"))
        browser.close()
