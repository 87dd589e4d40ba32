"""A scorer types a teams match from the keyboard (Tab from room to room, board to board), sees the IMPs and VPs;
clearing a stored board asks first and "cancel" deletes nothing."""

import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tournaments.core.access import Role, grant
from tournaments.teams import services
from tournaments.teams.models import TeamBoard

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]


def test_a_match_typed_from_the_keyboard(live_server, django_user_model):
    grant(django_user_model.objects.create_user(username="sc", password="teams-entry-pw"), Role.SCORER)
    event = services.create_event(actor=None, name="Keyboard teams", boards_per_match=3)
    for n in (1, 2):
        services.add_team(actor=None, event=event, name=f"Side {n}", players=[f"P{i} {n}" for i in range(4)])
    match = services.draw_next_round(actor=None, event=event).matches.get()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context().new_page()
        page.goto(live_server.url + "/accounts/login/")
        page.fill("input[name=username]", "sc")
        page.fill("input[name=password]", "teams-entry-pw")
        page.click("button[type=submit]")
        page.goto(f"{live_server.url}/teams/{event.pk}/match/{match.pk}/")
        # The page's script gives board 1 room 1 the focus: keys typed before it runs are lost (CI lost the "4").
        page.wait_for_function("document.activeElement && document.activeElement.tagName === 'INPUT'")
        page.keyboard.type("420")  # board 1 room 1 has the focus
        for score in ("-50", "-100", "140", "0", "0"):
            page.keyboard.press("Tab")
            page.keyboard.type(score)
        page.keyboard.press("Enter")
        expect(page.locator("tfoot")).to_contain_text("IMPs 10–6")
        expect(page.locator("tfoot")).to_contain_text("VPs")
        assert TeamBoard.objects.filter(match=match).count() == 3
        page.fill("input[name=b2_r1]", "")
        page.fill("input[name=b2_r2]", "")
        asked: list[str] = []

        def dismiss(dialog):
            asked.append(dialog.message)
            dialog.dismiss()

        page.once("dialog", dismiss)
        page.click("#teams-entry-form button[type=submit]")
        page.wait_for_timeout(500)
        assert asked and "board 2" in asked[0]
        assert TeamBoard.objects.filter(match=match).count() == 3
        browser.close()
