"""Two phones at two tables play round 1 through the table page, one of them with the wifi down for a board;
the director's live panel, open all the while, shows both tables in without a reload."""

import os
import re
import tempfile
from pathlib import Path

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.tournaments.services.factories import make_session, section_a
from tournaments.core.access import Role, grant
from tournaments.sessions.models import Result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services
from tournaments.tableside.models import TableEntry

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(tempfile.gettempdir()) / "bridgedesk-screenshots"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def enter(page, board: int, level: str, strain: str, declarer: str, delta: int, lead: tuple[str, str]) -> None:
    """Tap a board's result in on the keypad, send it, and let the opponents confirm it."""
    page.click(f"button[data-board='{board}']")
    page.click(f"#k-level button[data-level='{level}']")
    page.click(f"#k-strain button[data-strain='{strain}']")
    page.click(f"#k-declarer button[data-declarer='{declarer}']")
    page.click(f"#k-lead-suit button[data-lead-suit='{lead[0]}']")
    page.click(f"#k-lead-rank button[data-lead-rank='{lead[1]}']")
    page.click(f"#k-result button[data-delta='{delta}']")
    expect(page.locator("#ts-send")).to_be_enabled()
    page.click("#ts-send")
    expect(page.locator("#ts-confirm")).to_be_visible()
    expect(page.locator("#ts-confirm-text")).to_contain_text(f"Board {board}: {level}")
    page.click("#ts-confirm-yes")


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_two_tables_play_a_round_on_their_phones(live_server, django_user_model):
    director = django_user_model.objects.create_user(username="td", password="phones-director-pw")
    grant(director, Role.DIRECTOR)
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    links = {link.table: link for link in services.issue_links(section)}
    rows = {t: section.table_rounds.get(round=1, table=t) for t in (1, 2)}
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        desk = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        desk.goto(live_server.url + "/accounts/login/")
        desk.fill("input[name=username]", "td")
        desk.fill("input[name=password]", "phones-director-pw")
        desk.click("button[type=submit]")
        desk.goto(f"{live_server.url}/live/{section.session_id}/")
        grid = desk.locator(".live-grid tbody tr")
        expect(grid.nth(0).locator("td").nth(0)).not_to_have_class(re.compile("cell-in"))

        phones = {t: browser.new_context(**PHONE) for t in (1, 2)}
        pages = {t: phones[t].new_page() for t in (1, 2)}
        for t, page in pages.items():
            page.goto(f"{live_server.url}/t/{links[t].token}/")
            expect(page.locator("#ts-round")).to_contain_text("Round 1 of 4")
            expect(page.locator("#ts-seats")).to_contain_text(f"NS {rows[t].ns_entry.number}")
            assert no_sideways_scroll(page), f"table {t}'s page scrolls sideways at 360 px"
        pages[1].screenshot(path=str(SHOTS / "phone-table-1-round-1.png"), full_page=True)

        # Table 1: both boards, online; after each the traveller so far is shown.
        first, second = (int(b) for b in rows[1].boards)
        enter(pages[1], first, "3", "NT", "S", 0, ("S", "K"))
        expect(pages[1].locator("#ts-traveller")).to_contain_text(f"Board {first} so far")
        enter(pages[1], second, "4", "S", "N", 1, ("H", "A"))
        expect(pages[1].locator("#ts-move")).to_contain_text("After round 1: NS stay; EW go to table")
        expect(pages[1].locator("#ts-round")).to_contain_text("Round 2 of 4")
        pages[1].screenshot(path=str(SHOTS / "phone-table-1-move.png"), full_page=True)

        # Table 2: the first board online, the second with the wifi down, then back.
        first2, second2 = (int(b) for b in rows[2].boards)
        enter(pages[2], first2, "2", "H", "E", -1, ("C", "2"))
        expect(pages[2].locator(f"button[data-board='{first2}']")).to_have_class(re.compile("is-done"))
        phones[2].set_offline(True)
        enter(pages[2], second2, "1", "NT", "W", 0, ("D", "T"))
        expect(pages[2].locator("#ts-offline")).to_contain_text("1 result is waiting to be sent: it is kept")
        # No score is made up offline (never the previous board's): it comes with the server's answer.
        expect(pages[2].locator(f"button[data-board='{second2}']")).to_contain_text("score to come")
        pages[2].screenshot(path=str(SHOTS / "phone-table-2-offline.png"), full_page=True)
        assert not Result.objects.filter(board__number=second2, ns_entry=rows[2].ns_entry).exists()
        phones[2].set_offline(False)
        expect(pages[2].locator("#ts-offline")).to_be_hidden(timeout=15_000)
        expect(pages[2].locator("#ts-move")).to_contain_text("After round 1:")
        pages[2].screenshot(path=str(SHOTS / "phone-table-2-synced.png"), full_page=True)

        # Stored once each, as typed, leads included; the offline one exactly once.
        stored = {
            (r.board.number, r.ns_entry_id): r
            for r in Result.objects.filter(section=section).select_related("board", "ns_entry", "ew_entry")
        }
        assert len(stored) == 4
        one = stored[(first, rows[1].ns_entry_id)]
        assert (one.contract, one.declarer, one.tricks, one.lead, one.ns_score) == ("3NT", "S", 9, "SK", 400)
        offline = stored[(second2, rows[2].ns_entry_id)]
        assert (offline.contract, offline.declarer, offline.tricks, offline.lead) == ("1NT", "W", 7, "DT")
        assert TableEntry.objects.filter(link=links[2], board=second2).count() == 1

        # The director's panel updated itself (HTMX polling): round 1 in at tables 1 and 2, not at 3.
        for t in (1, 2):
            expect(grid.nth(t - 1).locator("td").nth(0)).to_have_class(re.compile("cell-in"), timeout=15_000)
        expect(grid.nth(2).locator("td").nth(0)).not_to_have_class(re.compile("cell-in"))
        desk.screenshot(path=str(SHOTS / "live-panel-after-round-1.png"), full_page=True)
        browser.close()
