"""Two phones (360 px) and the director: the director asks for sign-in and hands at the table on the live panel;
at table 1 one player signs in with a member number and one with an unknown number and a name; the panel shows
them and the director moves a wrong seat; table 1 enters a board's four hands on the card grid after its result,
and the table that plays the board next sees the deal once its own result is in."""

import os
import re
import tempfile
import time
from pathlib import Path

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from scoring.dealing import deal_board
from scoring.hands import hands_of_deal
from tests.e2e.test_table_phones import ARGS, PHONE, enter, no_sideways_scroll
from tests.tournaments.services.factories import make_session, section_a
from tournaments.core.access import Role, grant
from tournaments.sessions.models import Board, Member
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services
from tournaments.tableside.models import SignIn, TableEntry

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(tempfile.gettempdir()) / "bridgedesk-screenshots"
SEED = "fedcba9876543210fedcba9876543210"


def sign_in(page, seat: str, number: str, name: str = "") -> None:
    page.click(f"#si-seat button[data-si-seat='{seat}']")
    page.fill("#si-number", number)
    page.click("#si-send")
    if name:
        expect(page.locator("#si-error")).to_contain_text(f"The number {number} is not on the club's list")
        page.fill("#si-name", name)
        page.click("#si-send")
    expect(page.locator(f"#ts-signed li[data-signed='{seat}']")).not_to_contain_text("not signed in")


def test_sign_in_by_member_number_and_hands_entered_at_the_first_table(live_server, django_user_model):
    director = django_user_model.objects.create_user(username="td", password="signin-director-pw")
    grant(director, Role.DIRECTOR)
    Member.objects.create(name="Ann Archer", national_id="1001")
    Member.objects.create(name="Walt Walker", national_id="1002")
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    links = {link.table: link for link in services.issue_links(section)}
    first = section.table_rounds.get(round=1, table=1)
    board = int(first.boards[0])
    later = next(r for r in section.table_rounds.filter(round=2) if board in {int(b) for b in r.boards})
    deal = deal_board(SEED, board)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        desk = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        desk.goto(live_server.url + "/accounts/login/")
        desk.fill("input[name=username]", "td")
        desk.fill("input[name=password]", "signin-director-pw")
        desk.click("button[type=submit]")
        desk.goto(f"{live_server.url}/live/{section.session_id}/")
        desk.check(f"input[name='s{section.pk}-sign-in']")
        desk.check(f"input[name='s{section.pk}-hands']")
        desk.click(f"input[name='s{section.pk}-hands'] >> xpath=ancestor::form//button[@value='settings']")
        expect(desk.locator(f"#sign-ins-{section.letter}")).to_contain_text("Nobody has signed in yet")

        phones = {t: browser.new_context(**PHONE).new_page() for t in (1, later.table)}
        one, two = phones[1], phones[later.table]
        one.goto(f"{live_server.url}/t/{links[1].token}/")
        expect(one.locator("#ts-signin")).to_be_visible()
        sign_in(one, "N", "1001")
        expect(one.locator("#ts-signed li[data-signed='N']")).to_contain_text("Ann Archer")
        sign_in(one, "S", "7777", name="Vera Visitor")
        expect(one.locator("#ts-signed li[data-signed='S']")).to_contain_text("Vera Visitor (number to check)")
        one.click("#si-seat button[data-si-seat='W']")  # West picks his name from the club's members
        one.fill("#si-find", "walk")
        one.click("#si-found button:has-text('Walt Walker')")
        one.click("#si-send")
        expect(one.locator("#ts-signed li[data-signed='W']")).to_contain_text("Walt Walker")
        assert no_sideways_scroll(one), "the sign-in scrolls sideways at 360 px"
        one.screenshot(path=str(SHOTS / "phone-sign-in.png"), full_page=True)

        # The director sees who signed in where (the panel polls) and moves Vera from South to East.
        panel = desk.locator(f"#sign-ins-{section.letter}")
        expect(panel).to_contain_text("Ann Archer", timeout=15_000)
        expect(panel).to_contain_text("not on the club's list")
        row = panel.locator("tr[data-sign-in='1S']")
        row.locator("select[name=seat]").select_option("E")
        row.locator("button[value=sign_in_fix]").click()
        expect(panel.locator("tr[data-sign-in='1E']")).to_contain_text("Vera Visitor")
        assert section.table_rounds.get(round=1, table=1).ew_entry.players.get(seat=1).name == "Vera Visitor"

        # A second phone on the same link carries on with the sign-ins kept on the server.
        again = browser.new_context(**PHONE).new_page()
        again.goto(f"{live_server.url}/t/{links[1].token}/")
        expect(again.locator("#ts-signed li[data-signed='E']")).to_contain_text("Vera Visitor")
        expect(again.locator("#ts-signed li[data-signed='N']")).to_contain_text("Ann Archer")
        again.context.close()

        # Table 1 plays the board, then enters its hands on the card grid (West's are the cards left).
        enter(one, board, "3", "NT", "N", 0, tuple(hands_of_deal(deal)["E"][0]))
        one.click(f"button[data-hands-board='{board}']")
        cards = hands_of_deal(deal)
        for seat in "NES":
            expect(one.locator(f"#th-seats button[data-th-seat='{seat}']")).to_have_class("on")
            for card in cards[seat]:
                one.click(f"#th-grid button[data-card='{card}']")
        expect(one.locator("#th-seats button[data-th-seat='W'] .th-count")).to_have_text("13/13")
        assert no_sideways_scroll(one), "the card grid scrolls sideways at 360 px"
        one.screenshot(path=str(SHOTS / "phone-hands-grid.png"), full_page=True)
        one.click("#th-send")
        expect(one.locator(f"#ts-deals [data-deal-board='{board}']")).to_be_visible()
        assert Board.objects.get(session=section.session, number=board).deal == deal

        # The table that plays it next: round 1 first, then the board; the deal shows after its own result.
        two.goto(f"{live_server.url}/t/{links[later.table].token}/")
        for number in section.table_rounds.get(round=1, table=later.table).boards:
            enter(two, int(number), "2", "S", "S", 0, ("C", "2"))  # deals not known: any card is a lead
        expect(two.locator("#ts-round")).to_contain_text("Round 2 of 4")
        expect(two.locator(f"#ts-deals [data-deal-board='{board}']")).to_have_count(0)
        # West declares, so North leads: a card of East's is refused on the keypad with the reason, before sending.
        two.click(f"button[data-board='{board}']")
        for key in ("k-level button[data-level='4']", "k-strain button[data-strain='H']"):
            two.click("#" + key)
        two.click("#k-declarer button[data-declarer='W']")
        two.click(f"#k-lead-suit button[data-lead-suit='{cards['E'][0][0]}']")
        two.click(f"#k-lead-rank button[data-lead-rank='{cards['E'][0][1]}']")
        two.click("#k-result button[data-delta='-1']")
        expect(two.locator("#ts-error")).to_contain_text("not in North's hand")
        two.click("#ts-cancel")
        enter(two, board, "4", "H", "W", -1, tuple(cards["N"][0]))  # North's own card is taken
        shown = two.locator(f"#ts-deals [data-deal-board='{board}']")
        expect(shown).to_contain_text("Board " + str(board))
        north = deal[2:].split()[0].split(".")[0].replace("T", "10")
        expect(shown.locator(".th-n")).to_contain_text(north)
        two.screenshot(path=str(SHOTS / "phone-deal-after-playing.png"), full_page=True)
        assert SignIn.objects.filter(section=section).count() == 3
        browser.close()


def test_the_auction_on_the_bidding_box_sets_the_contract_and_goes_with_the_result(live_server, django_user_model):
    director = django_user_model.objects.create_user(username="td2", password="bidding-director-pw")
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"bidding": True}})
    link = services.issue_links(section)[0]
    board = Board.objects.get(session=section.session, number=int(section.table_rounds.get(round=1, table=1).boards[0]))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context(**PHONE).new_page()
        page.goto(f"{live_server.url}/t/{link.token}/")
        page.click(f"button[data-board='{board.number}']")
        expect(page.locator("#ts-bidding")).to_be_visible()
        page.click("#bid-level button[data-bid-level='1']")
        page.click("#bid-strain button[data-bid-strain='H']")
        page.click("#bid-other button[data-call='X']")  # the opponent doubles
        page.click("#bid-level button[data-bid-level='1']")
        page.click("#bid-strain button[data-bid-strain='C']")  # partner bids lower: refused with the reason
        expect(page.locator("#bid-error")).to_contain_text("1♣ is not higher than 1♥")
        page.click("#bid-alert")
        page.click("#bid-level button[data-bid-level='2']")
        page.click("#bid-strain button[data-bid-strain='H']")  # partner raises, alerted
        for _ in range(3):
            page.click("#bid-other button[data-call='P']")
        expect(page.locator("#k-level button[data-level='2']")).to_have_class("on")
        expect(page.locator(f"#k-declarer button[data-declarer='{board.dealer}']")).to_have_class("on")
        assert no_sideways_scroll(page), "the bidding box scrolls sideways at 360 px"
        page.screenshot(path=str(SHOTS / "phone-bidding-box.png"), full_page=True)
        page.click("#k-result button[data-delta='0']")
        page.click("#ts-send")
        page.click("#ts-confirm-yes")
        expect(page.locator(f"button[data-board='{board.number}']")).to_have_class(re.compile("is-done"))
        # The board shows as entered as soon as it is queued: the phone stays open until the queue was sent.
        for _ in range(60):
            if TableEntry.objects.exists():
                break
            time.sleep(0.25)
        browser.close()
    entry = TableEntry.objects.get()
    assert (entry.contract, entry.declarer, entry.tricks) == ("2H", board.dealer, 8)
    assert entry.auction == "1H X 2H! P P P"
