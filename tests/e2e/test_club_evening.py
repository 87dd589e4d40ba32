"""The director's evening in a real browser: set up a session, type a traveller, watch the standings change."""

import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tournaments.sessions.models import Result, Session

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.django_db(transaction=True),
]

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        yield b
        b.close()


def test_create_a_session_enter_a_traveller_and_see_the_standings_change(live_server, browser, django_user_model):
    django_user_model.objects.create_superuser(username="director", password="bridge-director-pw")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(live_server.url + "/accounts/login/")
    page.fill("input[name=username]", "director")
    page.fill("input[name=password]", "bridge-director-pw")
    page.click("button[type=submit]")

    # Set up: 8 pairs turned up; look at the suggestions, then play a relay Mitchell of 3-board rounds.
    page.goto(live_server.url + "/sessions/new/")
    page.fill("input[name=event_name]", "Tuesday pairs")
    page.fill("input[name=pairs_a]", "8")
    page.click("text=Suggest movements")
    expect(page.locator("label.choice").first).to_contain_text("boards a pair")
    page.check("input[value='mitchell|||']")
    page.fill("input[name=sec-A-boards_per_round]", "3")
    page.click("#create-session")
    expect(page.locator("h1")).to_have_text("Pairs & players")
    session = Session.objects.get()
    assert session.sections.get().tables == 4

    page.fill("input[aria-label='1NS player 1']", "Rixi Markus")
    page.fill("input[aria-label='1NS player 2']", "Fritzi Gordon")
    page.click("text=Save names")
    expect(page.locator(".messages")).to_contain_text("Names saved")

    # A second window shows the live standings before any result.
    standings = context.new_page()
    standings.goto(f"{live_server.url}/sessions/{session.pk}/standings/")
    expect(standings.locator("#standings-live")).to_contain_text("0 boards with results")

    # Board 1's traveller: pairs pre-filled from the movement; type from the keyboard.
    page.goto(f"{live_server.url}/sessions/{session.pk}/A/traveller/1/")
    expect(page.locator("input[name='line-0-ns']")).to_have_value("1")
    expect(page.locator("input[name='line-0-ew']")).to_have_value("1")
    page.locator("input[name='line-0-contract']").focus()
    page.keyboard.type("4S")
    page.keyboard.press("Tab")
    page.keyboard.type("N")
    page.keyboard.press("Tab")
    page.keyboard.type("=")
    expect(page.locator("#preview-line-0")).to_have_text("420")  # computed while typing
    page.keyboard.press("Tab")  # the lead, left empty
    page.keyboard.press("Tab")
    page.keyboard.type("450")  # the slip's score disagrees: flagged at once
    expect(page.locator("#preview-line-0")).to_contain_text("scores 420")
    page.keyboard.press("Enter")  # saving refuses the whole traveller, with the message at the field
    expect(page.locator("td.field-error")).to_contain_text("scores 420")
    assert Result.objects.count() == 0

    page.fill("input[name='line-0-score']", "")
    page.fill("input[name='line-1-contract']", "4S")
    page.fill("input[name='line-1-declarer']", "N")
    page.fill("input[name='line-1-tricks']", "-1")
    page.fill("input[name='line-2-contract']", "3NT")
    page.fill("input[name='line-2-declarer']", "S")
    page.fill("input[name='line-2-tricks']", "+1")
    page.locator("input[name='line-2-tricks']").press("Enter")
    expect(page.locator(".messages")).to_contain_text("Board 1 saved: 3 results")
    expect(page.locator("h1")).to_contain_text("Traveller: board 2")
    assert sorted(Result.objects.values_list("ns_score", flat=True)) == [-50, 420, 430]

    # The standings window refreshes itself (every 5 s) and now ranks the pairs on board 1.
    expect(standings.locator("#standings-live")).to_contain_text("1 board with results", timeout=12000)
    expect(standings.locator("#standings-live")).to_contain_text("Rixi Markus & Fritzi Gordon")
    standings.screenshot(path=str(_shot_dir() / "e2e-standings.png"), full_page=True)
    page.goto(f"{live_server.url}/sessions/{session.pk}/travellers/?board=1")
    expect(page.locator("table.traveller")).to_contain_text("3NT")
    context.close()


def _shot_dir():
    from django.conf import settings

    path = settings.DATA_DIR / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path
