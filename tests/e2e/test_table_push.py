"""Pushed, not polled: two phones on one table's link and the director's live panel hold their event streams;
for longer than a poll's period none of them asks the server anything, then a result entered on one phone
appears on the other phone and on the panel within a second or two, each fetching once because it was told.
A phone whose stream is dropped polls as before; the TV's big screen shows "Move now" when the clock runs out
and the new round when the director starts it, without waiting for its poll."""

import datetime
import os
import re
import time
import uuid

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from django.utils import timezone
from playwright.sync_api import expect, sync_playwright

from tests.e2e.test_table_phones import ARGS, PHONE, enter
from tests.tournaments.services.factories import make_session, section_a
from tournaments.core.access import Role, grant
from tournaments.sessions.models import Result
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import hub, screenlinks, services
from tournaments.tableside.models import RoundTimer

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
QUIET_SECONDS = 7  # longer than the phone's and the panel's 5-second poll


def asked(requests: list[tuple[float, str]], since: float, *parts: str) -> list[str]:
    return [url for at, url in requests if at >= since and any(p in url for p in parts)]


def test_a_result_is_pushed_to_the_other_phone_and_the_panel_without_a_poll(live_server, django_user_model, settings):
    settings.PUSH_URL, settings.PUSH_WATCH_SECONDS = "local://", 0  # the write's own publish, nothing else
    settings.PUSH_CHANNEL = f"push-e2e-{uuid.uuid4().hex[:12]}"
    director = django_user_model.objects.create_user(username="td", password="push-director-pw")
    grant(director, Role.DIRECTOR)
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    link = services.issue_links(section)[0]
    board = int(section.table_rounds.get(round=1, table=1).boards[0])
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        desk = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        desk.goto(live_server.url + "/accounts/login/")
        desk.fill("input[name=username]", "td")
        desk.fill("input[name=password]", "push-director-pw")
        desk.click("button[type=submit]")
        desk.goto(f"{live_server.url}/live/{section.session_id}/")
        north, south = (browser.new_context(**PHONE).new_page() for _ in range(2))
        for phone in (north, south):
            phone.goto(f"{live_server.url}/t/{link.token}/")
            expect(phone.locator("#ts-round")).to_contain_text("Round 1 of 4")
        for page, held in ((desk, "#live-panel"), (north, "#table-app"), (south, "#table-app")):
            expect(page.locator(held)).to_have_attribute("data-push-open", "1", timeout=10_000)

        requests: list[tuple[float, str]] = []
        for page in (desk, south):
            page.on("request", lambda r: requests.append((time.monotonic(), r.url)))
        quiet_from = time.monotonic()
        desk.wait_for_timeout(QUIET_SECONDS * 1000)  # not time.sleep: the pages' requests are heard meanwhile
        assert asked(requests, quiet_from, "/api/table/", f"/live/{section.session_id}/") == [], "a page polled"

        sent = time.monotonic()
        enter(north, board, "3", "NT", "N", 0, ("S", "K"))
        expect(south.locator(f"button[data-board='{board}']")).to_have_class(re.compile("is-done"), timeout=3_000)
        grid = desk.locator(".live-grid tbody tr")
        expect(grid.nth(0).locator("td").nth(0)).to_have_class(
            re.compile("cell-part"), timeout=3_000
        )  # 1 of its 2 boards in
        arrived = time.monotonic() - sent
        assert Result.objects.filter(section=section, board__number=board).count() == 1
        # Each page fetched because it was told (the state, the panel's block), not on a timer: well under 5 s.
        assert arrived < 3, f"pushed in {arrived:.1f} s"
        assert asked(requests, sent, f"/api/table/{link.token}/") != []
        assert asked(requests, sent, f"/live/{section.session_id}/") != []
        browser.close()
    hub.current().stop()


def test_a_phone_whose_stream_cannot_be_held_polls_as_before(live_server, settings):
    settings.PUSH_URL, settings.PUSH_WATCH_SECONDS = "local://", 0
    settings.PUSH_CHANNEL = f"push-e2e-{uuid.uuid4().hex[:12]}"
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    link = services.issue_links(section)[0]
    board = int(section.table_rounds.get(round=1, table=1).boards[0])
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        north, south = (browser.new_context(**PHONE) for _ in range(2))
        south.route(re.compile(r".*/events/$"), lambda route: route.abort())  # a proxy that drops event streams
        north_page, south_page = north.new_page(), south.new_page()
        for phone in (north_page, south_page):
            phone.goto(f"{live_server.url}/t/{link.token}/")
            expect(phone.locator("#ts-round")).to_contain_text("Round 1 of 4")
        expect(north_page.locator("#table-app")).to_have_attribute("data-push-open", "1", timeout=10_000)
        polls: list[str] = []
        south_page.on("request", lambda r: polls.append(r.url) if "/api/table/" in r.url else None)
        enter(north_page, board, "4", "S", "N", 0, ("H", "A"))
        expect(south_page.locator(f"button[data-board='{board}']")).to_have_class(re.compile("is-done"), timeout=8_000)
        assert south_page.locator("#table-app").get_attribute("data-push-open") in (None, "")
        assert polls, "the phone without a stream saw the result without asking"
        browser.close()
    hub.current().stop()


def test_the_tvs_big_screen_shows_move_now_when_the_clock_runs_out_and_a_new_round_when_started(live_server, settings):
    settings.PUSH_URL, settings.PUSH_WATCH_SECONDS = "local://", 0
    settings.PUSH_CHANNEL = f"push-e2e-{uuid.uuid4().hex[:12]}"
    session = build_demo_session(tables=4, movement="mitchell", seed=3, quick=True)
    services.timer_action(session=session, action="start")
    ends_in = datetime.timedelta(minutes=15) - datetime.timedelta(seconds=4)  # 4 s of the round left
    screen = screenlinks.issue_screen_link(actor=None, session=session)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        tv = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        tv.goto(f"{live_server.url}/screen/{screen.token}/")
        expect(tv.locator("#screen")).to_have_attribute("data-push-open", "1", timeout=10_000)
        asked_at: list[float] = []
        tv.on("request", lambda r: asked_at.append(time.monotonic()) if "/events/" not in r.url else None)
        opened = time.monotonic()
        # 4 s left from now, once the stream is open (set before the browser started, a loaded machine used them
        # up before the page was drawn, and the page came with "Move now"): a write with nothing to resume pushes
        # the clock to the screen, which refreshes for it, then once more when the clock runs out, well before
        # its 10-second poll.
        RoundTimer.objects.filter(session=session).update(started_at=timezone.now() - ends_in)
        services.timer_action(session=session, action="resume")
        expect(tv.locator("#screen-move")).to_have_text("Move now", timeout=8_000)
        assert 1 <= len(asked_at) <= 2 and all(at - opened < 8 for at in asked_at)
        # The director starts the next round (a write): pushed, the screen drops "Move now" at once.
        started = time.monotonic()
        services.timer_action(session=session, action="start")
        expect(tv.locator("#screen-move")).to_have_count(0, timeout=3_000)
        assert time.monotonic() - started < 3
        browser.close()
    hub.current().stop()
