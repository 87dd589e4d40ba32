"""Five hundred typed deal by deal on a party table's phone (360 px): the rows carry the game module's fields
(bidder, bid, bidders' tricks), a bad bid is answered at its deal before anything is queued, and the round sent
is scored by the Avondale schedule on the server; cinch offers another row until the bell."""

import datetime
import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.e2e.test_teams_phones import ARGS, PHONE
from tests.e2e.test_whist_phone import SHOTS
from tournaments.core.access import Role, grant
from tournaments.parties import services, table_links
from tournaments.parties.models import PartyTable

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def started(host, form: str):
    party = services.create_party(actor=host, name=form, date=datetime.date(2026, 3, 14), tables=2, form=form)
    services.set_guests(actor=host, party=party, text="\n".join(f"Guest {c}" for c in "ABCDEFGH"))
    services.start_party(actor=host, party=party)
    return party, table_links.live_links(party)[0]


def fill(page, deal: int, **values: str) -> None:
    row = page.locator("#ts-party-game-rows tr").nth(deal - 1)
    for field, value in values.items():
        cell = row.locator(f"[data-game='{field}']")
        if field in ("bidder", "double"):
            cell.select_option(value)
        else:
            cell.fill(value)


def test_five_hundred_deal_by_deal_on_a_party_phone(live_server, django_user_model):
    host = django_user_model.objects.create_user(username="host", password="party-host-pw")
    grant(host, Role.DIRECTOR)
    party, link = started(host, "five-hundred")
    _cinch, cinch_link = started(host, "cinch")
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context(**PHONE).new_page()
        page.goto(f"{live_server.url}/t/{link.token}/")
        expect(page.locator("#ts-round")).to_contain_text("Round 1")
        page.click("[data-party-mode='games']")
        expect(page.locator("#ts-party-game-head")).to_have_text("#BidderBidBidders' tricks")
        expect(page.locator("#ts-party-game-rows tr")).to_have_count(4)
        expect(page.locator("#ts-party-totals")).to_be_hidden()
        expect(page.locator("[data-party-mode='deals']")).to_be_hidden()  # bridge's pad, not five hundred's
        expect(page.locator("[data-party-mode='seats']")).to_be_hidden()
        expect(page.locator("#ts-party-game-more")).to_be_hidden()  # a round is one deal per player
        fill(page, 1, bidder="N", bid="7H", tricks="8")
        fill(page, 2, bidder="E", bid="11H", tricks="7")  # no such bid: the laws' schedule is 6 to 10
        page.click("#ts-party-send")
        expect(page.locator("#ts-party-error")).to_contain_text("Deal 2")
        expect(page.locator("#ts-party-error")).to_contain_text("is not a bid")
        assert not PartyTable.objects.get(round__party=party, round__number=1, number=link.table).entered
        fill(page, 2, bid="8S")
        fill(page, 3, bidder="S", bid="NULLO", tricks="0")
        fill(page, 4, bidder="W", bid="6NT", tricks="10")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "scrolls sideways"
        page.screenshot(path=str(SHOTS / "party-phone-five-hundred.png"), full_page=True)
        page.click("#ts-party-send")
        expect(page.locator("#ts-party-result")).to_contain_text("N-S 480, E-W 30", timeout=15_000)
        expect(page.locator("#ts-party-error")).to_have_text("")

        cinch = browser.new_context(**PHONE).new_page()
        errors: list[str] = []
        cinch.on("pageerror", lambda e: errors.append(str(e)))
        cinch.goto(f"{live_server.url}/t/{cinch_link.token}/")
        expect(cinch.locator("#ts-round")).to_contain_text("Round 1")
        cinch.click("[data-party-mode='games']")
        expect(cinch.locator("#ts-party-game-head")).to_have_text("#BidderBidBidders' pointsOthers' points")
        assert not errors, errors
        cinch.click("#ts-party-game-more")
        expect(cinch.locator("#ts-party-game-rows tr")).to_have_count(5)
        browser.close()
    table = PartyTable.objects.get(round__party=party, round__number=1, number=link.table)
    assert (table.ns_total, table.ew_total) == (480, 30)


def test_five_hundred_at_a_five_hand_table_on_its_phone(live_server, django_user_model):
    """A table of five: the phone's rows follow the module's seats (bidder's seat 1-5, bid, partners named, each
    seat's tricks), a lone bidder is refused at his deal, and the round is stored seat by seat, the two highest
    moving up (figures as in tests/tournaments/parties/test_party_phone_hands.py)."""
    host = django_user_model.objects.create_user(username="host5", password="party-host-pw")
    grant(host, Role.DIRECTOR)
    party = services.create_party(
        actor=host, name="Five-hand", date=datetime.date(2026, 3, 14), tables=2, form="five-hundred", hands=5,
        tie_rule="north_south",
    )  # fmt: skip
    services.set_guests(actor=host, party=party, text="\n".join(f"Guest {c}" for c in "ABCDEFGHIJ"))
    services.start_party(actor=host, party=party)
    link = table_links.live_links(party)[0]
    deals = [
        ("1", "8H", "3", {"1": "5", "3": "3", "2": "1", "4": "1"}),
        ("2", "9NT", "4 5", {"2": "3", "4": "2", "5": "2", "1": "2", "3": "1"}),
        ("3", "NULLO", "", {"3": "1", "1": "9"}),
        ("4", "6D", "1", {"4": "4", "1": "2", "2": "2", "3": "1", "5": "1"}),
        ("5", "7C", "2", {"5": "4", "2": "4", "1": "1", "3": "1"}),
    ]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context(**PHONE).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{live_server.url}/t/{link.token}/")
        expect(page.locator("#ts-round")).to_contain_text("Round 1")
        expect(page.locator("#ts-party-modes")).to_be_hidden()  # deal by deal only: no pairs' totals
        expect(page.locator("#ts-party-totals")).to_be_hidden()
        expect(page.locator("#ts-party-game-rows tr")).to_have_count(5)  # one deal dealt by each player
        expect(page.locator("#ts-party-game-head th")).to_have_count(9)
        expect(page.locator("#ts-party-game-head")).to_contain_text("Partners (seats)")
        expect(page.locator("#ts-party-game-head th").last).to_have_text("5")  # a seat's tricks, by its number
        expect(page.locator("#ts-party-game-head th").last).to_have_attribute("title", "Tricks, seat 5")
        expect(page.locator("#ts-party-game-seats")).to_be_visible()
        expect(page.locator("#ts-seats .seat")).to_have_count(5)
        expect(page.locator("#ts-party-game-rows tr").first.locator("[data-game='bidder'] option")).to_have_count(6)
        for n, (bidder, bid, partners, tricks) in enumerate(deals, start=1):
            fill(page, n, bidder=bidder, bid=bid, partners="" if n == 1 else partners,
                 **{f"tricks_{s}": t for s, t in tricks.items()})  # fmt: skip
        page.click("#ts-party-send")
        expect(page.locator("#ts-party-error")).to_contain_text("Deal 1")
        expect(page.locator("#ts-party-error")).to_contain_text("one or two partners")
        assert not PartyTable.objects.get(round__party=party, round__number=1, number=link.table).entered
        fill(page, 1, partners="3")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "scrolls sideways"
        page.screenshot(path=str(SHOTS / "party-phone-five-hand.png"), full_page=True)
        page.click("#ts-party-send")
        expect(page.locator("#ts-party-result")).to_contain_text("1 +420 · 2 -220 · 3 +80 · 4 -320 · 5 -240",
                                                                 timeout=15_000)  # fmt: skip
        assert not errors, errors
        browser.close()
    table = PartyTable.objects.get(round__party=party, round__number=1, number=link.table)
    assert table.seat_totals == {"1": 420, "2": -220, "3": 80, "4": -320, "5": -240} and table.winner == "13"
