"""The teams room's and the party table's pages are the same table terminal (/t/<token>/): installable (their
manifest), kept by the service worker, so each opens with no network after the phone was restarted."""

import datetime
import os
import tempfile
import time

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.e2e.test_table_offline import KEPT, cut
from tests.e2e.test_table_phones import ARGS, PHONE
from tests.e2e.test_teams_phones import rooms
from tournaments.parties import services as parties
from tournaments.parties import table_links

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def party_link(django_user_model):
    host = django_user_model.objects.create_user(username="host", password="party-host-pw")
    party = parties.create_party(
        actor=host, name="Offline party", date=datetime.date(2026, 3, 14), tables=2, tie_rule="north_south"
    )
    parties.set_guests(actor=host, party=party, text="\n".join(f"Guest {c}" for c in "ABCDEFGH"))
    parties.start_party(actor=host, party=party)
    return table_links.live_links(party)[0]


@pytest.mark.parametrize(("kind", "where"), [("room", "match 1 · room 1"), ("party", "Offline party · Table 1")])
def test_a_teams_room_or_party_table_page_opens_offline_after_a_restart(live_server, django_user_model, kind, where):
    link = rooms("Offline teams")[0] if kind == "room" else party_link(django_user_model)
    url = f"{live_server.url}/t/{link.token}/"
    mine = {f"/t/{link.token}/", f"/api/table/{link.token}/"}
    with sync_playwright() as p:
        profile = tempfile.mkdtemp(prefix="bridgedesk-phone-")

        def start(*, offline: bool):
            return p.chromium.launch_persistent_context(
                profile, executable_path="/usr/bin/chromium", headless=True, args=ARGS, offline=offline, **PHONE
            )

        phone = start(offline=False)
        page = phone.pages[0] if phone.pages else phone.new_page()
        page.goto(url)
        expect(page.locator("#ts-where")).to_contain_text(where)
        assert page.locator("link[rel=manifest]").get_attribute("href") == f"/t/{link.token}/manifest.webmanifest"
        kept: list[str] = []
        for _ in range(120):
            kept = page.evaluate(KEPT)
            if page.evaluate("navigator.serviceWorker.controller !== null") and mine <= set(kept):
                break
            time.sleep(0.25)
        assert mine <= set(kept), kept
        phone.close()

        phone = start(offline=True)  # restarted with no network at all
        cut(phone)
        page = phone.pages[0] if phone.pages else phone.new_page()
        page.goto(url)
        expect(page.locator("#ts-where")).to_contain_text(where)
        if kind == "room":
            expect(page.locator("#board-1")).to_be_visible()  # its boards, from the state the worker kept
        else:
            expect(page.locator("#ts-round")).to_contain_text("Round 1")
        phone.close()
