"""A party table at the one table terminal, pushed, not polled: a table's phone (360 px), the host's round page and
the host's party page hold their party's event stream; for longer than a poll's period neither asks the server
anything, then the score typed on table 1's phone appears on the host's round page (and the round's progress on
the party page) and on another phone open at the same table within a second or two, each fetching because it was
told; a correction typed with no network waits on the phone (the page says so) and is sent once the network is
back."""

import datetime
import os
import time
import uuid

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.e2e.test_table_push import QUIET_SECONDS, asked
from tests.e2e.test_teams_phones import ARGS, PHONE
from tournaments.core.access import Role, grant
from tournaments.parties import services, table_links
from tournaments.parties.models import PartyTable
from tournaments.tableside import hub

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_score_sent_from_a_party_tables_phone_is_pushed_to_the_host_and_the_other_phone(
    live_server, django_user_model, settings
):
    settings.PUSH_URL, settings.PUSH_WATCH_SECONDS = "local://", 0  # the write's own publish, nothing else
    settings.PUSH_CHANNEL = f"push-e2e-{uuid.uuid4().hex[:12]}"
    host = django_user_model.objects.create_user(username="host", password="party-host-pw")
    grant(host, Role.DIRECTOR)
    party = services.create_party(
        actor=host, name="Pushed party", date=datetime.date(2026, 3, 14), tables=2, tie_rule="north_south"
    )
    services.set_guests(actor=host, party=party, text="\n".join(f"Guest {c}" for c in "ABCDEFGH"))
    services.start_party(actor=host, party=party)
    link = table_links.live_links(party)[0]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        desk = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        desk.goto(live_server.url + "/accounts/login/")
        desk.fill("input[name=username]", "host")
        desk.fill("input[name=password]", "party-host-pw")
        desk.click("button[type=submit]")
        desk.goto(f"{live_server.url}/parties/{party.pk}/round/1/")
        expect(desk.locator("#table-1")).to_contain_text("Enter table 1")
        # The host's party page, in a window of its own (a background tab would be throttled), same login.
        dash = browser.new_context(storage_state=desk.context.storage_state(), viewport={"width": 1280, "height": 900})
        dash = dash.new_page()
        dash.goto(f"{live_server.url}/parties/{party.pk}/")
        expect(dash.locator("#round-progress")).to_contain_text("0 of 2 tables")
        phone, other = (browser.new_context(**PHONE).new_page() for _ in range(2))
        for page in (phone, other):
            page.goto(f"{live_server.url}/t/{link.token}/")
            expect(page.locator("#ts-round")).to_contain_text("Round 1")
            expect(page.locator("#ts-party-result")).to_contain_text("Not entered yet.")
        for page, held in ((desk, "#party-live"), (dash, "#party-live"), (phone, "#table-app"), (other, "#table-app")):
            expect(page.locator(held)).to_have_attribute("data-push-open", "1", timeout=10_000)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360  # fits the phone, no sideways scroll

        requests: list[tuple[float, str]] = []
        for page in (desk, other):
            page.on("request", lambda r: requests.append((time.monotonic(), r.url)))
        quiet_from = time.monotonic()
        desk.wait_for_timeout(QUIET_SECONDS * 1000)  # not time.sleep: the pages' requests are heard meanwhile
        assert asked(requests, quiet_from, "/api/table/", f"/parties/{party.pk}/round/") == [], "a page polled"

        phone.fill("#ts-party-ns", "1240")
        phone.fill("#ts-party-ew", "830")
        sent = time.monotonic()
        phone.click("#ts-party-send")
        expect(desk.locator("#table-1")).to_contain_text("1240", timeout=3_000)
        expect(desk.locator("#table-1")).to_contain_text("North-South won")
        expect(dash.locator("#round-progress")).to_contain_text("1 of 2 tables", timeout=3_000)
        expect(other.locator("#ts-party-result")).to_contain_text("N-S 1240, E-W 830", timeout=3_000)
        arrived = time.monotonic() - sent
        assert arrived < 3, f"pushed in {arrived:.1f} s"
        # Both fetched because they were told, not on a timer (their polls would wait 5 and 10 s).
        assert asked(requests, sent, f"/api/table/{link.token}/") != []
        assert asked(requests, sent, f"/parties/{party.pk}/round/1/") != []
        expect(phone.locator("#ts-offline")).to_be_hidden()

        # The other phone corrects the score with no network: kept, counted, sent once the network is back.
        other.context.set_offline(True)
        other.fill("#ts-party-ns", "1310")
        other.click("#ts-party-send")
        expect(other.locator("#ts-offline")).to_contain_text("1 result is waiting to be sent")
        expect(other.locator("#ts-party-result")).to_contain_text("Kept on this phone")
        other.context.set_offline(False)
        expect(other.locator("#ts-offline")).to_be_hidden(timeout=10_000)
        expect(desk.locator("#table-1")).to_contain_text("1310", timeout=5_000)
        expect(phone.locator("#ts-party-result")).to_contain_text("N-S 1310, E-W 830", timeout=5_000)
        browser.close()
    table = PartyTable.objects.get(round__party=party, round__number=1, number=1)
    assert (table.ns_total, table.ew_total, table.winner) == (1310, 830, "NS")
    hub.current().stop()


def test_a_bridge_party_table_enters_its_round_deal_by_deal_on_the_phone(live_server, django_user_model):
    host = django_user_model.objects.create_user(username="host2", password="party-host-pw")
    party = services.create_party(actor=host, name="Deal party", date=datetime.date(2026, 3, 14), tables=2)
    services.set_guests(actor=host, party=party, text="\n".join(f"Guest {c}" for c in "ABCDEFGH"))
    services.start_party(actor=host, party=party)
    link = table_links.live_links(party)[1]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{live_server.url}/t/{link.token}/")
        expect(phone.locator("#ts-round")).to_contain_text("Round 1")
        phone.click("[data-party-mode=deals]")
        rows = phone.locator("#ts-party-deal-rows tr")
        expect(rows).to_have_count(4)
        for n, (contract, declarer, tricks) in enumerate(
            [("4S", "N", "10"), ("3NT", "E", "9"), ("PASS", "", ""), ("2H", "S", "8")]
        ):
            rows.nth(n).locator("[data-deal=contract]").fill(contract)
            if declarer:
                rows.nth(n).locator("[data-deal=declarer]").select_option(declarer)
                rows.nth(n).locator("[data-deal=tricks]").fill(tricks)
        phone.click("#ts-party-send")
        expect(phone.locator("#ts-party-result")).to_contain_text("move up", timeout=5_000)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
        browser.close()
    table = PartyTable.objects.get(round__party=party, round__number=1, number=2)
    assert table.entry == "deals" and table.deals.count() == 4 and table.winner
