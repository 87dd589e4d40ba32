"""Phones first, measured: on a 360 px phone the key columns of the public score card (board, contract, score,
points) and of every traveller (its board, contract, the NS score and the NS match points) are inside the screen
as the page opens, without the page or the table being scrolled sideways; the boards page and the score card
have an index of their boards, and a score card's board number opens its traveller."""

import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import Page, sync_playwright

from tests.e2e.test_table_phones import ARGS, PHONE
from tournaments.publishing import services as publishing
from tournaments.sessions.models import Member
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.sessions import set_players, set_status

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCORECARD_KEYS = ("Board", "Contract", "Score (us)", "Points")
TRAVELLER_KEYS = ("Contract", "NS +", "NS −", "NS pts")
# Each header cell's box in the viewport: [text, left, right, visible].
BOXES = """table => [...table.querySelectorAll('thead th')].map(th => {
  const r = th.getBoundingClientRect();
  return [th.innerText.trim(), r.left, r.right, r.width > 0 && getComputedStyle(th).display !== 'none'];
})"""


def key_boxes(page: Page, table_selector: str, keys: tuple[str, ...]) -> list[dict[str, tuple[float, float]]]:
    """The key columns' (left, right) in each table matched, as the phone shows it."""
    out = []
    for table in page.locator(table_selector).all():
        boxes = {text: (left, right) for text, left, right, shown in table.evaluate(BOXES) if shown}
        missing = [k for k in keys if k not in boxes]
        assert not missing, f"{table_selector}: key columns hidden {missing} (shown: {list(boxes)})"
        out.append({k: boxes[k] for k in keys})
    return out


def test_key_columns_fit_a_360px_phone(live_server):
    session = build_demo_session(tables=7, movement="mitchell", seed=5, quick=True)
    set_status(actor=None, session=session, status="playing")  # the demo comes finished
    section = session.sections.get()
    entry = section.entries.order_by("pk").first()
    member = Member.objects.create(name="Alexandrina Featherstonehaugh-Montgomery", email="a@example.org")
    set_players(actor=None, entry=entry, players=[("", member), ("Bartholomew Cholmondeley-Smythe", None)])
    publishing.publish(actor=None, session=session)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{live_server.url}/results/{session.pk}/pairs/{entry.pk}/")
        width = phone.evaluate("window.innerWidth")
        assert width == 360
        [card] = key_boxes(phone, "table.scorecard", SCORECARD_KEYS)
        outside = {k: box for k, box in card.items() if box[0] < 0 or box[1] > width}
        assert outside == {}, f"score card columns outside the 360 px screen: {outside}"
        assert phone.evaluate("document.documentElement.scrollWidth") == width
        # The card's boards have an index at the top; each board number opens its traveller.
        index = phone.locator("#board-index a")
        rows = phone.locator("table.scorecard tbody tr")
        assert index.count() == rows.count() >= 3
        first = index.first.inner_text()
        index.first.click()
        assert phone.evaluate("location.hash") == f"#card-board-{first}"
        traveller = rows.first.locator("td a").get_attribute("href")
        assert traveller == f"/results/{session.pk}/boards/{first}/#{section.letter}-board-{first}"  # that board alone

        phone.goto(f"{live_server.url}/results/{session.pk}/boards/")
        boards = session.boards.count()
        assert boards >= 14 and phone.locator("#board-index a").count() == boards
        travellers = key_boxes(phone, "table.traveller", TRAVELLER_KEYS)
        assert len(travellers) == boards
        for n, columns in enumerate(travellers, start=1):
            outside = {k: box for k, box in columns.items() if box[0] < 0 or box[1] > width}
            assert outside == {}, f"traveller {n}: columns outside the 360 px screen: {outside}"
        headings = phone.locator("section.traveller-card h2").evaluate_all(
            "hs => hs.map(h => h.getBoundingClientRect().right)"
        )
        assert max(headings) <= width  # the board number heads each traveller, on screen
        assert phone.evaluate("document.documentElement.scrollWidth") == width
        browser.close()
