"""Arabic and Hebrew names on the public standings page and the table phone (360 px): each name is isolated
(`<bdi>`), so two right-to-left names in one pair keep their order around the "&" and a name never pulls its
neighbours' text into its direction; a long name without spaces wraps inside the page. Screenshots are written
to the temporary folder (bridgedesk-screenshots) for a person to look at."""

import os
import tempfile
from pathlib import Path

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import sync_playwright

from tests.e2e.test_table_phones import ARGS, PHONE
from tournaments.publishing import services as publishing
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.sessions import set_players, set_status
from tournaments.tableside.services import issue_links

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(tempfile.gettempdir()) / "bridgedesk-screenshots"
ARABIC, HEBREW = "محمد عبد الله", "דוד כהן"
LONG = "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessen"
WIDTH = "[document.documentElement.scrollWidth, window.innerWidth]"


def _order_of(page, first: str, second: str) -> tuple[float, float]:
    """The left edges of two names where the page shows them in one pair."""
    boxes = [page.locator(f"bdi:text-is('{name}')").first.bounding_box() for name in (first, second)]
    assert boxes[0] is not None and boxes[1] is not None, "each name is in a <bdi> of its own"
    return boxes[0]["x"], boxes[1]["x"]


def test_right_to_left_names_read_right_on_the_standings_and_the_phone(live_server):
    SHOTS.mkdir(exist_ok=True)
    session = build_demo_session(tables=4, movement="mitchell", seed=11, quick=True)
    set_status(actor=None, session=session, status="playing")
    section = session.sections.get()
    first, second = section.entries.order_by("pk")[:2]
    set_players(actor=None, entry=first, players=[(ARABIC, None), (HEBREW, None)])
    set_players(actor=None, entry=second, players=[(LONG, None), ("สมชาย ใจดี", None)])
    publishing.publish(actor=None, session=session)
    link = next(link for link in issue_links(section) if link.table == 1)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        desk = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
        desk.goto(f"{live_server.url}/results/{session.pk}/")
        desk.screenshot(path=str(SHOTS / "rtl-standings.png"), full_page=True)
        arabic_x, hebrew_x = _order_of(desk, ARABIC, HEBREW)
        assert arabic_x < hebrew_x, "the first player stays first on a left-to-right page"
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{live_server.url}/results/{session.pk}/")
        phone.screenshot(path=str(SHOTS / "rtl-standings-phone.png"), full_page=True)
        document, viewport = phone.evaluate(WIDTH)
        assert document <= viewport, "the long name wraps instead of widening the page"
        long_name = phone.locator(f"bdi:text-is('{LONG}')").first.bounding_box()
        assert long_name is not None and long_name["x"] + long_name["width"] <= viewport, "it wraps in its cell"
        phone.goto(f"{live_server.url}/t/{link.token}/")
        phone.screenshot(path=str(SHOTS / "rtl-table-phone.png"), full_page=True)
        document, viewport = phone.evaluate(WIDTH)
        assert document <= viewport
        browser.close()
