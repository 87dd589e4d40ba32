"""The table page installed and offline: a phone opens it once, loses the network, reloads (as after a restart)
and the page still opens from its service worker, takes a result into its queue and says so; with the network
back the result is sent, and stored exactly once."""

import os
import re
import tempfile
import time

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.e2e.test_table_phones import ARGS, PHONE, no_sideways_scroll
from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.models import Result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services
from tournaments.tableside.models import TableEntry

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
# The paths the service worker keeps in its caches (page.evaluate awaits the promise).
KEPT = (
    "caches.keys().then(names => Promise.all(names.map(n => caches.open(n).then(c => c.keys()))))"
    ".then(all => all.flat().map(r => new URL(r.url).pathname))"
)


def cut(phone) -> None:
    """No network: the context offline, and every request it still makes (those a page controlled by a service
    worker sends past the worker escape Chromium's offline emulation now and then) failed as offline."""
    phone.set_offline(True)
    phone.route("**/*", lambda route: route.abort("internetdisconnected"))


def test_a_phone_with_no_network_opens_the_table_page_and_queues_a_result(live_server):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    link = services.issue_links(section)[0]
    row = section.table_rounds.get(round=1, table=1)
    board = int(row.boards[0])
    url = f"{live_server.url}/t/{link.token}/"
    with sync_playwright() as p:
        profile = tempfile.mkdtemp(prefix="bridgedesk-phone-")  # the phone's storage, kept across its restart

        def start(*, offline: bool):  # the phone's browser, started on its own profile
            return p.chromium.launch_persistent_context(
                profile, executable_path="/usr/bin/chromium", headless=True, args=ARGS, offline=offline, **PHONE
            )

        phone = start(offline=False)
        page = phone.pages[0] if phone.pages else phone.new_page()
        page.goto(url)
        expect(page.locator("#ts-round")).to_contain_text("Round 1 of 4")
        manifest = page.locator("link[rel=manifest]").get_attribute("href")
        assert manifest == f"/t/{link.token}/manifest.webmanifest"
        # The worker is in charge of the page and has kept it with its state.
        # (Polled with evaluate: wait_for_function evaluates a string, which the page's CSP rightly forbids.)
        kept: list[str] = []
        for _ in range(60):
            kept = page.evaluate(KEPT)
            if page.evaluate("navigator.serviceWorker.controller !== null") and {
                f"/t/{link.token}/",
                f"/api/table/{link.token}/",
            } <= set(kept):
                break
            time.sleep(0.25)
        assert {f"/t/{link.token}/", f"/api/table/{link.token}/"} <= set(kept), kept

        cut(phone)
        page.reload()
        expect(page.locator("#ts-where")).to_contain_text("Table 1")
        expect(page.locator("#ts-round")).to_contain_text("Round 1 of 4")
        assert no_sideways_scroll(page)
        page.click(f"button[data-board='{board}']")
        page.click("#k-level button[data-level='3']")
        page.click("#k-strain button[data-strain='NT']")
        page.click("#k-declarer button[data-declarer='S']")
        page.click("#k-result button[data-delta='0']")
        page.click("#ts-send")
        page.click("#ts-confirm-yes")
        expect(page.locator("#ts-offline")).to_contain_text("1 result is waiting to be sent")
        time.sleep(1)
        assert not Result.objects.exists()
        # The phone restarts, still with no network: its browser opens the table's address from the worker's cache,
        # the queued result still waiting.
        phone.close()
        phone = start(offline=True)
        cut(phone)
        page = phone.pages[0] if phone.pages else phone.new_page()
        page.goto(url)
        expect(page.locator("#ts-round")).to_contain_text("Round 1 of 4")
        expect(page.locator("#ts-offline")).to_contain_text("1 result is waiting to be sent")
        assert not Result.objects.exists()

        phone.unroute("**/*")
        phone.set_offline(False)
        expect(page.locator("#ts-offline")).to_be_hidden(timeout=15_000)
        expect(page.locator(f"button[data-board='{board}']")).to_have_class(re.compile("is-done"))
        time.sleep(6)  # one more turn of the page's timers: nothing is sent twice
        result = Result.objects.get()
        assert (result.board.number, result.contract, result.declarer, result.tricks) == (board, "3NT", "S", 9)
        assert TableEntry.objects.filter(link=link).count() == 1
        phone.close()
