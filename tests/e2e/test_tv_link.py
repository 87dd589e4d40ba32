"""The club room's TV opens the big screen through its secret link with no one logged in: the ranking shows,
and the screen keeps refreshing through the link."""

import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tournaments.sessions.services.demo import build_demo_session
from tournaments.tableside import screenlinks
from tournaments.tableside.screen import rankings_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]


def test_the_tv_link_shows_the_ranking_with_no_login(live_server, settings):
    settings.SITE_URL = live_server.url
    session = build_demo_session(tables=4, movement="mitchell", seed=3, quick=True)
    url = screenlinks.screen_url(screenlinks.issue_screen_link(actor=None, session=session))
    ranking_ns, ranking_ew = rankings_of(session)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        tv = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        answer = tv.goto(url)
        assert answer is not None and answer.status == 200 and tv.url == url  # no detour to the login
        rows = tv.locator(".screen-table tr")
        expect(rows).to_have_count(len(ranking_ns.rows) + len(ranking_ew.rows))
        expect(rows.first.locator("td")).to_have_text(list(ranking_ns.rows[0]))
        with tv.expect_response(lambda r: r.url == url and r.request.headers.get("hx-request") == "true") as seen:
            pass  # the next 10-second refresh goes through the same link, and is answered
        assert seen.value.status == 200
        browser.close()
