"""A phone whose browser asks for French enters a result on the keypad in French letters (issue 27): West is
"O", the spade king "♠R"; what is stored is the English "W" and "SK"."""

import os
import re
import time

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.models import Result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def test_a_french_phone_enters_a_result_in_french_letters(live_server):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    link = services.issue_links(section)[0]
    board = int(section.table_rounds.get(round=1, table=link.table).boards[0])
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context(locale="fr-FR", extra_http_headers={"Accept-Language": "fr"}, **PHONE).new_page()
        page.goto(f"{live_server.url}/t/{link.token}/")
        page.click(f"button[data-board='{board}']")
        expect(page.locator("#k-declarer button[data-declarer='W']")).to_have_text("O")
        expect(page.locator("#k-lead-rank button[data-lead-rank='K']")).to_have_text("R")
        page.click("#k-level button[data-level='4']")
        page.click("#k-strain button[data-strain='S']")
        page.click("#k-declarer button[data-declarer='W']")
        page.click("#k-lead-suit button[data-lead-suit='S']")
        page.click("#k-lead-rank button[data-lead-rank='K']")
        page.click("#k-result button[data-delta='0']")
        summary = page.locator("#ts-summary")
        expect(summary).to_contain_text("♠R")
        expect(summary).to_contain_text(re.compile(r"4♠ \w+ O\b"))
        page.click("#ts-send")
        if page.locator("#ts-confirm").is_visible():
            page.click("#ts-confirm-yes")
        expect(page.locator(f"button[data-board='{board}'] .done")).to_contain_text("4♠ O", timeout=15000)
        # The board is drawn done from the phone's queue; the server may still be storing it (a loaded machine).
        deadline = time.monotonic() + 15
        while not Result.objects.filter(board__number=board).exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        browser.close()
    stored = Result.objects.get(board__number=board)
    assert (stored.contract, stored.declarer, stored.lead) == ("4S", "W", "SK")


def test_a_french_phone_shows_vulnerability_and_the_teams_room_in_french_letters(live_server):
    from tournaments.teams import services as teams
    from tournaments.teams import tables

    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    vul = {b.number: b.vulnerability for b in section.session.boards.all()}

    def plays_ew(link):  # a table with an East-West vulnerable board in round 1
        return any(vul[int(n)] == "EW" for n in section.table_rounds.get(round=1, table=link.table).boards)

    link = next(x for x in services.issue_links(section) if plays_ew(x))
    event = teams.create_event(actor=None, name="Équipes", boards_per_match=2)
    for n in (1, 2):
        teams.add_team(actor=None, event=event, name=f"Side {n}", players=[f"P{i} {n}" for i in range(4)])
    room = tables.issue_links(actor=None, rnd=teams.draw_next_round(actor=None, event=event))[0]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context(locale="fr-FR", extra_http_headers={"Accept-Language": "fr"}, **PHONE).new_page()
        page.goto(f"{live_server.url}/t/{link.token}/")
        boards = page.locator(".ts-board .muted")
        expect(boards.first).to_be_visible()
        shown = " ".join(boards.all_inner_texts())
        wanted = {"NS": "NS", "EW": "EO"}
        for number in section.table_rounds.get(round=1, table=link.table).boards:
            if vul[int(number)] in wanted:
                assert wanted[vul[int(number)]] in shown, shown
        assert " EW" not in shown  # never the English letters for East-West
        page.goto(f"{live_server.url}/t/{room.token}/")
        expect(page.locator("#ts-seats")).to_contain_text("EO")
        expect(page.locator("#ts-seats")).not_to_contain_text("EW")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        browser.close()


def test_a_french_party_phone_types_its_deals_in_french_letters(live_server):
    import datetime

    from tournaments.parties import services as parties
    from tournaments.parties import table_links
    from tournaments.parties.models import PartyTable

    party = parties.create_party(
        actor=None, name="Soirée", date=datetime.date(2026, 3, 14), tables=2, tie_rule="north_south"
    )
    parties.set_guests(actor=None, party=party, text="\n".join(f"Invité {c}" for c in "ABCDEFGH"))
    parties.start_party(actor=None, party=party)
    link = table_links.live_links(party)[0]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context(locale="fr-FR", extra_http_headers={"Accept-Language": "fr"}, **PHONE).new_page()
        page.goto(f"{live_server.url}/t/{link.token}/")
        expect(page.locator("#ts-seats")).to_contain_text("O")
        page.click("[data-party-mode='deals']")
        rows = page.locator("#ts-party-deal-rows tr")
        expect(rows).to_have_count(4)
        typed = [("4C", "W", "10"), ("3SA", "E", "9"), ("PASSE", "", ""), ("2P", "S", "8")]
        for row, (contract, declarer, tricks) in zip(rows.all(), typed, strict=True):
            row.locator("[data-deal='contract']").fill(contract)
            if declarer:
                row.locator("[data-deal='declarer']").select_option(declarer)
                row.locator("[data-deal='tricks']").fill(tricks)
        expect(rows.first.locator("[data-deal='declarer'] option[value='W']")).to_have_text("O")
        page.click("#ts-party-send")
        expect(page.locator("#ts-party")).to_have_class(re.compile("is-done"), timeout=15000)
        expect(page.locator("#ts-party-error")).to_be_empty()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        browser.close()
    table = PartyTable.objects.get(round__party=party, round__number=1, number=link.table)
    stored = [(d.contract, d.declarer) for d in table.deals.order_by("number")]
    assert stored == [("4H", "W"), ("3NT", "E"), ("PASS", ""), ("2S", "S")]
