"""A phone enters the auction on the bidding box with its result; the director, signed in on a desktop, finds it
under the board's traveller (the recap), the alerted call marked, and the PBN export carries it as [Auction]."""

import os
import re
import tempfile
from pathlib import Path

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.e2e.test_table_phones import ARGS, PHONE
from tests.tournaments.services.factories import make_session, section_a
from tournaments.core.access import Role, grant
from tournaments.sessions.models import Board, Result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(tempfile.gettempdir()) / "bridgedesk-screenshots"


def test_the_auction_entered_on_a_phone_is_shown_on_the_directors_traveller(live_server, django_user_model):
    director = django_user_model.objects.create_user(username="td", password="auction-director-pw")
    grant(director, Role.DIRECTOR)
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"bidding": True}})
    link = services.issue_links(section)[0]
    row = section.table_rounds.get(round=1, table=1)
    board = Board.objects.get(session=section.session, number=int(row.boards[0]))
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{live_server.url}/t/{link.token}/")
        phone.click(f"button[data-board='{board.number}']")
        phone.click("#bid-level button[data-bid-level='1']")
        phone.click("#bid-strain button[data-bid-strain='NT']")
        phone.click("#bid-other button[data-call='P']")
        phone.click("#bid-alert")
        phone.click("#bid-level button[data-bid-level='2']")
        phone.click("#bid-strain button[data-bid-strain='C']")  # Stayman, alerted
        phone.click("#bid-other button[data-call='P']")
        phone.click("#bid-level button[data-bid-level='3']")
        phone.click("#bid-strain button[data-bid-strain='NT']")
        for _ in range(3):
            phone.click("#bid-other button[data-call='P']")
        phone.click("#k-result button[data-delta='1']")
        phone.click("#ts-send")
        phone.click("#ts-confirm-yes")
        expect(phone.locator(f"button[data-board='{board.number}']")).to_have_class(re.compile("is-done"))

        desk = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        desk.goto(live_server.url + "/accounts/login/")
        desk.fill("input[name=username]", "td")
        desk.fill("input[name=password]", "auction-director-pw")
        desk.click("button[type=submit]")
        desk.goto(f"{live_server.url}/sessions/{section.session_id}/travellers/?board={board.number}")
        card = desk.locator(f"#board-{board.number}")
        card.locator("details.auctions summary").click()
        pairs = f"{row.ns_entry.label} v {row.ew_entry.label}"
        auction = card.get_by_role("table", name=f"Auction, {pairs}")
        expect(auction).to_be_visible()
        expect(auction.locator("td.alerted")).to_have_text("2♣!")
        expect(auction.locator("tbody tr").first).to_contain_text("1NT")
        desk.screenshot(path=str(SHOTS / "traveller-auction.png"), full_page=True)
        exported = desk.request.get(f"{live_server.url}/interchange/sessions/{section.session_id}/pbn/")
        assert exported.ok, exported.status
        pbn = exported.text()
        browser.close()
    calls = "1NT P 2C! P 3NT P P P"
    result = Result.objects.get(section=section, board=board)
    assert (result.contract, result.declarer, result.tricks, result.auction) == ("3NT", board.dealer, 10, calls)
    assert (
        f'[Auction "{board.dealer}"]' in pbn
        and "1NT Pass 2C =1= Pass\n3NT Pass Pass Pass\n" in pbn
        and '[Note "1:Alert"]' in pbn
    )
