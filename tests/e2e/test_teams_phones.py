"""The two rooms of a teams match enter their scores on phones (360 px) through the one table terminal: the room's
old link /teams/t/<token>/ opens the table page /t/<token>/, which sends each board through the table API (its
offline queue, no form post); a bad score is refused on the page; each room sees the other room's score and the
IMPs once both are in; a score typed with no network waits in the queue and is sent once."""

import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.tableside.models import TableLink
from tournaments.teams import selectors, services, tables
from tournaments.teams.models import TeamRoomScore

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def rooms(name: str) -> list[TableLink]:
    """The two rooms' links of the first match of a new two-team, two-board event."""
    event = services.create_event(actor=None, name=name, boards_per_match=2)
    for n in (1, 2):
        services.add_team(actor=None, event=event, name=f"Side {n}", players=[f"P{i} {n}" for i in range(4)])
    return tables.issue_links(actor=None, rnd=services.draw_next_round(actor=None, event=event))


def enter(page, board: int, score: str) -> None:
    page.click(f"#board-{board}")
    page.fill("#ts-room-score", score)
    page.click("#ts-room-send")


def test_two_rooms_enter_a_match_on_their_phones(live_server):
    room1, room2 = rooms("Phone teams")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        one, two = (browser.new_context(**PHONE).new_page() for _ in range(2))
        posts: list[str] = []
        one.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
        one.goto(live_server.url + f"/teams/t/{room1.token}/")  # a QR code printed before: redirected
        assert one.url == live_server.url + f"/t/{room1.token}/"
        expect(one.locator("#ts-where")).to_contain_text("match 1 · room 1")
        expect(one.locator("#ts-seats")).to_contain_text("Side 1")
        enter(one, 1, "420")
        expect(one.locator("#board-1")).to_contain_text("Here 420")
        enter(one, 2, "-100")
        expect(one.locator("#board-2")).to_contain_text("Here -100")
        expect(one.locator("#board-1")).not_to_contain_text("IMPs")  # nothing of the other room yet
        expect(one.locator("#ts-offline")).to_be_hidden()  # the queue is empty: both were sent
        assert all("/api/table/" in url for url in posts) and posts

        two.goto(live_server.url + f"/t/{room2.token}/")
        enter(two, 1, "-50")
        expect(two.locator("#board-1")).to_contain_text("Here -50")
        enter(two, 2, "abc")
        expect(two.locator("#ts-room-error")).to_contain_text("Type the N-S score")
        two.fill("#ts-room-score", "145")
        two.click("#ts-room-send")
        expect(two.locator("#ts-room-error")).to_contain_text("145 is not a bridge score")
        expect(two.locator("#ts-room-score")).to_have_attribute("aria-invalid", "true")
        two.fill("#ts-room-score", "140")
        two.click("#ts-room-send")
        expect(two.locator("#board-2")).to_contain_text("Other room -100")
        expect(two.locator("#board-1")).to_contain_text("Other room 420")
        expect(two.locator("#ts-total")).to_contain_text("IMPs Side 1 10 – 6 Side 2")
        expect(two.locator("#ts-total")).to_contain_text("VPs")
        assert two.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

        one.reload()
        expect(one.locator("#board-2")).to_contain_text("Other room 140")
        browser.close()
    assert selectors.match_view(room1.room_match).boards == ((1, 420, -50), (2, -100, 140))


def test_a_room_with_no_network_queues_its_score_and_sends_it_once(live_server):
    room1, _room2 = rooms("Offline teams")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        phone = browser.new_context(**PHONE)
        page = phone.new_page()
        page.goto(live_server.url + f"/t/{room1.token}/")
        expect(page.locator("#board-1")).to_contain_text("Here —")
        phone.set_offline(True)
        phone.route("**/*", lambda route: route.abort("internetdisconnected"))
        enter(page, 1, "620")
        expect(page.locator("#board-1")).to_contain_text("Here 620 · to send")
        expect(page.locator("#ts-offline")).to_contain_text("1 result is waiting to be sent")
        assert not TeamRoomScore.objects.exists()
        phone.unroute("**/*")
        phone.set_offline(False)
        expect(page.locator("#ts-offline")).to_be_hidden(timeout=15000)  # sent by the queue's next try
        expect(page.locator("#board-1")).not_to_contain_text("to send")
        browser.close()
    assert TeamRoomScore.objects.get().ns == 620
    assert AuditEntry.objects.filter(action=AuditAction.TEAMS_ROOM_SCORE).count() == 1  # stored once
