"""Phones first: every page a player opens (the table page, public standings, boards, a score card, the
player's own page) reads on a 360 px wide phone without sideways scrolling of the page: the document is no
wider than the viewport; wide tables scroll inside themselves."""

import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import sync_playwright

from tests.e2e.test_table_phones import ARGS, PHONE
from tournaments.publishing import services as publishing
from tournaments.publishing.players import link_token
from tournaments.sessions.models import Member
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.rulings import apply_ruling
from tournaments.sessions.services.sessions import set_players, set_status
from tournaments.tableside.services import issue_links

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDTH = "[document.documentElement.scrollWidth, window.innerWidth]"


def test_every_public_page_fits_a_360px_phone(live_server):
    session = build_demo_session(tables=4, movement="mitchell", seed=11, quick=True)
    set_status(actor=None, session=session, status="playing")  # the demo comes finished
    section = session.sections.get()
    entry = section.entries.order_by("pk").first()
    member = Member.objects.create(name="Alexandrina Featherstonehaugh-Montgomery", email="a@example.org")
    set_players(actor=None, entry=entry, players=[("", member), ("Bartholomew Cholmondeley-Smythe", None)])
    apply_ruling(actor=None, section=section, decision="procedural_penalty", entry=entry, board_number=1, penalty=1)
    publishing.publish(actor=None, session=session)
    link = issue_links(section)[0]
    pages = {
        "table page": f"/t/{link.token}/",
        "standings": f"/results/{session.pk}/",
        "boards": f"/results/{session.pk}/boards/",
        "score card": f"/results/{session.pk}/pairs/{entry.pk}/",
        "player page": f"/results/player/{link_token(member)}/",
        "results index": "/results/",
    }
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        phone = browser.new_context(**PHONE).new_page()
        too_wide = {}
        for name, url in pages.items():
            response = phone.goto(live_server.url + url)
            assert response is not None and response.status == 200, f"{name}: {response and response.status}"
            document, viewport = phone.evaluate(WIDTH)
            if document != viewport:
                too_wide[name] = document
            # A table wider than the phone scrolls inside its own box, never the page.
            for box in phone.locator(".table-scroll").all():
                assert box.evaluate("b => b.getBoundingClientRect().right") <= viewport, f"{name}: a table box"
        # The key columns stay; round, table and seat give way on a phone.
        phone.goto(live_server.url + pages["score card"])
        headers = phone.locator("table.scorecard thead th")
        shown = [h.inner_text() for h in headers.all() if h.is_visible()]
        assert shown[:2] == ["Against", "Board"] and "Contract" in shown and "Points" in shown, shown
        phone.goto(live_server.url + pages["boards"])
        headers = phone.locator("table.traveller").first.locator("thead th")
        shown = [h.inner_text() for h in headers.all() if h.is_visible()]
        assert shown[:3] == ["NS", "EW", "Contract"] and "NS pts" in shown and "Lead" not in shown, shown
        browser.close()
    assert too_wide == {}, f"pages wider than the 360 px phone: {too_wide}"
