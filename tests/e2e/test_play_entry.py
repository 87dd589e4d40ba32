"""A phone at 360 px enters a short play card by card after the contract, with a claim: the result follows on the
keypad, the play goes with it, the table's own traveller shows it after the board, and the director's recap
shows each trick under the board's traveller."""

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
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def tap_cards(phone, cards: str) -> None:
    """Each card as the table taps it: the suit (kept for the next card), then the rank."""
    for card in cards.split():
        phone.click(f"#play-suit button[data-play-suit='{card[0]}']")
        phone.click(f"#play-rank button[data-play-rank='{card[1]}']")


def test_a_short_play_with_a_claim_entered_on_a_phone(live_server, django_user_model):
    director = django_user_model.objects.create_user(username="td", password="play-director-pw")
    grant(director, Role.DIRECTOR)
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"play": True}})
    link = services.issue_links(section)[0]
    row = section.table_rounds.get(round=1, table=1)
    board = Board.objects.get(session=section.session, number=int(row.boards[0]))
    Board.objects.filter(pk=board.pk).update(deal=DEAL)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{live_server.url}/t/{link.token}/")
        phone.click(f"button[data-board='{board.number}']")
        expect(phone.locator("#ts-play")).to_be_visible()
        expect(phone.locator("#play-turn")).to_contain_text("contract")
        phone.click("#k-level button[data-level='7']")
        phone.click("#k-strain button[data-strain='S']")
        phone.click("#k-declarer button[data-declarer='N']")
        expect(phone.locator("#play-turn")).to_contain_text("E to play")  # declarer's left-hand opponent leads
        tap_cards(phone, "ST S6 S2 SA")
        expect(phone.locator("#play-tricks li")).to_have_count(1)
        expect(phone.locator("#play-turn")).to_contain_text("N to play")  # the trick's winner leads the next
        tap_cards(phone, "HA HJ H8")
        expect(phone.locator("#play-claim-go")).to_be_disabled()  # a claim comes after a whole trick
        expect(phone.locator("#play-rank button[data-play-rank='A']")).to_be_disabled()  # HA has been played
        tap_cards(phone, "H2")
        phone.fill("#play-claim", "11")
        phone.click("#play-claim-go")
        expect(phone.locator("#play-count")).to_contain_text("13 in all")
        expect(phone.locator("#k-result button[data-delta='0']")).to_have_class(re.compile("on"))
        expect(phone.locator("#k-lead-rank button[data-lead-rank='T']")).to_have_class(re.compile("on"))
        box = phone.locator("#play-rank button").first.bounding_box()
        assert box is not None and box["width"] >= 40 and box["height"] >= 44, box  # thumb-sized at 360 px
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
        phone.screenshot(path=str(SHOTS / "phone-play.png"), full_page=True)
        phone.click("#ts-send")
        phone.click("#ts-confirm-yes")
        expect(phone.locator(f"button[data-board='{board.number}']")).to_have_class(re.compile("is-done"))
        expect(phone.locator("#ts-own-play li")).to_have_count(2)
        expect(phone.locator("#ts-own-play")).to_contain_text("claimed 11 more")

        desk = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        desk.goto(live_server.url + "/accounts/login/")
        desk.fill("input[name=username]", "td")
        desk.fill("input[name=password]", "play-director-pw")
        desk.click("button[type=submit]")
        desk.goto(f"{live_server.url}/sessions/{section.session_id}/travellers/?board={board.number}")
        card = desk.locator(f"#board-{board.number}")
        card.locator("details.auctions summary").click()
        play = card.get_by_role("table", name=f"Play, {row.ns_entry.label} v {row.ew_entry.label}")
        expect(play.locator("tbody tr")).to_have_count(2)
        expect(play).to_contain_text("Declarer claims 11 more tricks.")
        browser.close()
    result = Result.objects.get(section=section, board=board)
    assert (result.contract, result.declarer, result.tricks, result.lead) == ("7S", "N", 13, "ST")
    assert result.play == "ST S6 S2 SA HA HJ H8 H2 =11"


def test_a_revoke_tapped_on_a_phone_is_refused_with_the_reason(live_server, django_user_model):
    director = django_user_model.objects.create_user(username="td", password="play-director-pw")
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"play": True}})
    link = services.issue_links(section)[0]
    row = section.table_rounds.get(round=1, table=1)
    Board.objects.filter(session=section.session, number=int(row.boards[0])).update(deal=DEAL)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{live_server.url}/t/{link.token}/")
        phone.click(f"button[data-board='{row.boards[0]}']")
        phone.click("#k-level button[data-level='4']")
        phone.click("#k-strain button[data-strain='S']")
        phone.click("#k-declarer button[data-declarer='N']")
        tap_cards(phone, "ST")
        expect(phone.locator("#play-turn")).to_contain_text("S to play")
        tap_cards(phone, "H8")  # South holds spades: a heart is a revoke
        expect(phone.locator("#play-error")).to_contain_text("South must follow suit")
        expect(phone.locator("#play-turn")).to_contain_text("S to play")  # the card was not taken
        expect(phone.locator("#play-trick")).not_to_contain_text("8")
        tap_cards(phone, "S6")
        expect(phone.locator("#play-error")).to_be_empty()
        expect(phone.locator("#play-turn")).to_contain_text("W to play")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
        browser.close()
