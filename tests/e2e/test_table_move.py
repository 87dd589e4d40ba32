"""The move and the clock on the phone: once a table's round is in, the phone says where each pair goes next (the
director's words: "NS stay; EW go to table 2"); when the round clock, counted down on the phone from the director's
clock, runs out it says "Move now" by itself, in step with the big screen and without asking the server; the
director starting the next round is pushed, and "Move now" goes at once."""

import datetime
import os
import time
import uuid

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from django.utils import timezone
from playwright.sync_api import expect, sync_playwright

from tests.e2e.test_table_phones import ARGS, PHONE
from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import hub, services
from tournaments.tableside.models import RoundTimer
from tournaments.tableside.state import table_state

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_phone_shows_the_move_then_move_now_when_the_clock_runs_out(live_server, settings):
    settings.PUSH_URL, settings.PUSH_WATCH_SECONDS = "local://", 0  # the write's own publish, nothing else
    settings.PUSH_CHANNEL = f"push-e2e-{uuid.uuid4().hex[:12]}"
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    link = services.issue_links(section)[0]
    for n, board in enumerate(section.table_rounds.get(round=1, table=1).boards):
        body = {"board": int(board), "contract": "3NT", "declarer": "N", "tricks": 9, "client_id": f"move-{n}"}
        assert services.submit(link, body).status in (200, 201)
    move = table_state(link).move
    assert move.startswith("After round 1: NS ") and "EW " in move  # the words the phone must show
    services.timer_action(session=section.session, action="start")
    ends_in = datetime.timedelta(minutes=15) - datetime.timedelta(seconds=8)  # 8 s of the round left
    RoundTimer.objects.filter(session=section.session).update(started_at=timezone.now() - ends_in)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{live_server.url}/t/{link.token}/")
        expect(phone.locator("#ts-move .lead")).to_have_text(move)
        expect(phone.locator("#table-app")).to_have_attribute("data-push-open", "1", timeout=10_000)
        phone.wait_for_load_state("networkidle")  # the fetch the stream's opening asks for (push.js) is done
        asked: list[tuple[float, str]] = []
        phone.on("request", lambda r: asked.append((time.monotonic(), r.url)) if "/api/table/" in r.url else None)
        expect(phone.locator("#ts-move .ts-move-now")).to_have_text("Move now", timeout=10_000)
        expect(phone.locator("#ts-timer")).to_have_class("ts-timer late", timeout=2_000)
        assert asked == [], "the phone asked the server to say what its own clock says"
        expect(phone.locator("#ts-move .lead")).to_have_text(move)  # still where to go

        started = time.monotonic()
        services.timer_action(session=section.session, action="start")  # the director starts the next round
        expect(phone.locator("#ts-move .ts-move-now")).to_have_count(0, timeout=3_000)
        expect(phone.locator("#ts-timer")).to_contain_text("14:5")
        assert time.monotonic() - started < 3
        assert [url for at, url in asked if at >= started], "told by the push, the phone fetched its state"
        browser.close()
    hub.current().stop()
