"""Teams of eight on phones (360 px): rooms 3 and 4 of a pairing play its second match on the one table page; each
phone shows its own match's boards 1..n, and their scores are stored as the pairing's boards n+1..2n."""

import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tournaments.teams import lineups, selectors, services, tables

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def enter(page, board: int, score: str) -> None:
    page.click(f"#board-{board}")
    page.fill("#ts-room-score", score)
    page.click("#ts-room-send")


def test_rooms_three_and_four_enter_the_second_match(live_server):
    event = services.create_event(actor=None, name="Eights", boards_per_match=2, scoring_form="teams8")
    for n in (1, 2):
        services.add_team(actor=None, event=event, name=f"Side {n}", players=[f"P{i} {n}" for i in range(8)])
    rnd = services.draw_next_round(actor=None, event=event)
    match = rnd.matches.select_related("home", "away").get()
    for team in (match.home, match.away):  # each room's phone shows the pairs its line-ups seat there
        names = [f"P{i} {team.number}" for i in range(8)]
        lineups.set_lineup(actor=None, match=match, team=team, room1_pair=names[0:2], room2_pair=names[2:4],
                           room3_pair=names[4:6], room4_pair=names[6:8])  # fmt: skip
    links = tables.issue_links(actor=None, rnd=rnd)
    room3, room4 = links[2], links[3]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        three, four = (browser.new_context(**PHONE).new_page() for _ in range(2))
        three.goto(live_server.url + f"/t/{room3.token}/")
        expect(three.locator("#ts-where")).to_contain_text("room 3")
        expect(three.locator("#board-3")).to_have_count(0)  # only its own match's two boards
        expect(three.locator("#ts-seats")).to_contain_text("P4 1 & P5 1")
        expect(three.locator("#ts-seats")).to_contain_text("P4 2 & P5 2")
        enter(three, 1, "-100")
        expect(three.locator("#board-1")).to_contain_text("Here -100")
        four.goto(live_server.url + f"/t/{room4.token}/")
        expect(four.locator("#ts-seats")).to_contain_text("Side 2")
        expect(four.locator("#ts-seats")).to_contain_text("P6 2 & P7 2")
        enter(four, 1, "-50")
        expect(four.locator("#board-1")).to_contain_text("Other room -100")
        assert four.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        browser.close()
    assert selectors.match_view(room3.room_match).boards == ((3, -100, -50),)
