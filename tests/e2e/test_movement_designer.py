"""The movement designer in a real browser: a director opens a Howell's grid, types a cell that makes two pairs
meet twice, sees the validator's message appear without a page load (HTMX), puts it right and saves the movement."""

import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tournaments.core.access import Role, grant
from tournaments.movements import generate
from tournaments.movements.designer import grid_of
from tournaments.sessions.models import ClubMovement, Session
from tournaments.sessions.services.designs import save_design

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]


def test_the_director_edits_a_cell_and_reads_the_validator(live_server, django_user_model):
    grant(django_user_model.objects.create_user(username="td", password="designer-director-pw"), Role.DIRECTOR)
    howell = generate("howell", 8)
    stored = save_design(actor=None, name="Eight pairs", kind="howell", tables=4, rounds=7, cells=grid_of(howell))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.goto(live_server.url + "/accounts/login/")
        page.fill("input[name=username]", "td")
        page.fill("input[name=password]", "designer-director-pw")
        page.click("button[type=submit]")

        page.goto(f"{live_server.url}/movements/designer/?movement={stored.pk}")
        expect(page.locator("#designer-sound")).to_be_visible()
        first_ew = howell.row_at(1, 1).ew
        round_two_ns = howell.row_at(2, 1).ns
        # Round 2, table 1: seat round 1's EW pair there again against the same NS pair -> they meet twice.
        page.fill("input[name=r2t1ns]", howell.row_at(1, 1).ns or "")
        page.fill("input[name=r2t1ew]", first_ew or "")
        expect(page.locator("#designer-errors")).to_contain_text("seated at 2 tables")
        page.fill("input[name=r2t1ns]", round_two_ns or "")
        page.fill("input[name=r2t1ew]", howell.row_at(2, 1).ew or "")
        expect(page.locator("#designer-sound")).to_be_visible()
        page.click("#designer-save")
        expect(page.locator(".messages")).to_contain_text("is saved for the club")
        browser.close()
    assert ClubMovement.objects.get().version == 2


def test_the_director_reaches_the_designer_and_sets_a_session_up_from_a_club_movement(live_server, django_user_model):
    django_user_model.objects.create_superuser(username="director", password="bridge-director-pw")
    stored = save_design(
        actor=None, name="Our eight", kind="howell", tables=4, rounds=7, cells=grid_of(generate("howell", 8))
    )
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.goto(live_server.url + "/accounts/login/")
        page.fill("input[name=username]", "director")
        page.fill("input[name=password]", "bridge-director-pw")
        page.click("button[type=submit]")

        page.goto(live_server.url + "/")
        page.click("#movement-designer")
        expect(page.locator("#club-movements")).to_contain_text("Our eight")

        page.goto(live_server.url + "/sessions/new/")
        page.fill("input[name=event_name]", "Club night")
        page.fill("input[name=pairs_a]", "8")
        page.click("text=Suggest movements")
        page.locator("label.choice", has_text="Our eight").locator("input").check()
        page.click("#create-session")
        expect(page.locator("h1")).to_have_text("Pairs & players")
        browser.close()
    section = Session.objects.get().sections.get()
    assert (section.movement_kind, section.movement_variant, section.tables) == ("howell", f"club:{stored.pk}", 4)
