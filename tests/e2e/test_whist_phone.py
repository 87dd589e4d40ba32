"""A duplicate whist table's phone at 360 px: N-S's tricks and a revoke (how often, and the tricks won before it)
on the keypad (no contract, declarer or lead), the opponents' confirmation, the traveller so far with its tricks
column and the R capped by the laws, and a board typed with the wifi down kept in the queue and sent once when
it is back."""

import os
import tempfile
from pathlib import Path

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.tournaments.services.test_whist_sessions import whist_session
from tournaments.sessions.models import Result
from tournaments.tableside import services
from tournaments.tableside.models import TableEntry

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(tempfile.gettempdir()) / "bridgedesk-screenshots"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def enter(page, board: int, tricks: int, revoke: str = "", revokes: int = 1, before: int = 0) -> None:
    page.click(f"button[data-board='{board}']")
    expect(page.locator("#k-level")).to_have_count(0)  # no contract keypad at whist
    expect(page.locator("#k-declarer")).to_have_count(0)
    expect(page.locator("#ts-send")).to_be_disabled()
    page.click(f"#k-tricks button[data-tricks='{tricks}']")
    if revoke:
        page.click(f"#k-revoke button[data-revoke='{revoke}']")
        expect(page.locator("#k-revokes")).to_be_visible()
        if revokes > 1:
            page.click(f"#k-revokes button[data-revokes='{revokes}']")
        if before:
            page.click(f"#k-before button[data-before='{before}']")
    expect(page.locator("#ts-send")).to_be_enabled()
    page.click("#ts-send")
    expect(page.locator("#ts-confirm")).to_be_visible()
    expect(page.locator("#ts-confirm-text")).to_contain_text(f"Board {board}: N-S {tricks} tricks")
    page.click("#ts-confirm-yes")


def test_a_whist_table_enters_tricks_and_a_revoke_on_its_phone(live_server):
    section = whist_session()
    link = services.issue_links(section)[0]
    first = section.table_rounds.get(round=1, table=1)
    second = section.table_rounds.get(round=2, table=1)
    board1, board2 = int(first.boards[0]), int(second.boards[0])
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        phone = browser.new_context(**PHONE)
        page = phone.new_page()
        page.goto(f"{live_server.url}/t/{link.token}/")
        expect(page.locator("#ts-round")).to_contain_text("Round 1 of 5")
        expect(page.locator(f"button[data-board='{board1}']")).not_to_contain_text("Vul")
        page.click(f"button[data-board='{board1}']")
        page.click("#k-tricks button[data-tricks='8']")
        page.click("#k-revoke button[data-revoke='EW']")
        expect(page.locator("#ts-summary")).to_contain_text(f"Board {board1}: N-S 8 tricks, revoke E-W")
        expect(page.locator("#ts-summary")).to_contain_text("· NS 8")  # the server's preview
        # the tricks E-W had won before their revoke: no more than the 5 they took in the deal
        expect(page.locator("#k-before-row")).to_be_visible()
        expect(page.locator("#k-before button[data-before='6']")).to_be_disabled()
        page.click("#k-before button[data-before='3']")
        expect(page.locator("#ts-summary")).to_contain_text(f"Board {board1}: N-S 8 tricks, revoke E-W after 3 tricks")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "scrolls sideways"
        page.screenshot(path=str(SHOTS / "phone-whist-keypad.png"), full_page=True)
        page.click("#ts-cancel")

        enter(page, board1, 8, "EW", revokes=2, before=3)
        expect(page.locator("#ts-traveller")).to_contain_text(f"Board {board1} so far")
        expect(page.locator("#ts-traveller th").nth(2)).to_have_text("N-S tricks")
        # two revokes cost E-W 3 of their 5 tricks, but they keep the 3 won before the first: +R2 for N-S
        expect(page.locator("#ts-traveller tr.yours")).to_contain_text("8 R E-W +R2")
        expect(page.locator("#ts-round")).to_contain_text("Round 2 of 5")
        page.screenshot(path=str(SHOTS / "phone-whist-traveller.png"), full_page=True)

        phone.set_offline(True)
        enter(page, board2, 5)
        expect(page.locator("#ts-offline")).to_contain_text("1 result is waiting to be sent")
        expect(page.locator(f"button[data-board='{board2}']")).to_contain_text("N-S 5 tricks · score to come")
        assert not Result.objects.filter(section=section, board__number=board2).exists()
        phone.set_offline(False)
        expect(page.locator("#ts-offline")).to_be_hidden(timeout=15_000)
        # Sent: the round's last board is in, so the page moves on to the next round (board 2 drawn as done only
        # until the state came back: looking for it raced that answer and lost on a loaded machine).
        expect(page.locator("#ts-round")).to_contain_text("Round 3 of 5")
        expect(page.locator("#ts-move")).to_contain_text("After round 2")
        page.screenshot(path=str(SHOTS / "phone-whist-synced.png"), full_page=True)
        browser.close()

    one = Result.objects.get(section=section, board__number=board1, ns_entry=first.ns_entry)
    assert (one.contract, one.declarer, one.tricks, one.ns_score) == ("", "", 8, 8)
    assert (one.revoke["side"], one.revoke["count"], one.revoke["tricks_before"]) == ("EW", 2, 3)
    two = Result.objects.get(section=section, board__number=board2, ns_entry=second.ns_entry)
    assert (two.tricks, two.revoke) == (5, {})
    assert TableEntry.objects.filter(link=link, board=board2).count() == 1
