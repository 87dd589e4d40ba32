"""Languages in a real browser: a phone asking for French gets the table page in French with the switch on it; a
director who switches to Polish keeps Polish on every page after, and on another browser once logged in."""

import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import sync_playwright

from tests.e2e.test_table_phones import ARGS, PHONE
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.sessions import set_status
from tournaments.tableside.services import issue_links

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(settings.DATA_DIR) / "screenshots"


def test_a_french_phone_gets_the_table_page_in_french_with_the_switch(live_server):
    session = build_demo_session(tables=3, movement="mitchell", seed=5, quick=True)
    set_status(actor=None, session=session, status="playing")
    link = issue_links(session.sections.get())[0]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        phone = browser.new_context(**PHONE, locale="fr-FR").new_page()
        phone.goto(live_server.url + f"/t/{link.token}/")
        assert phone.get_attribute("html", "lang") == "fr"
        switch = phone.locator("form.language-switch select[name=language]")
        assert switch.is_visible() and switch.input_value() == "fr"
        # The page's script ran with the French catalogue: its boards are drawn, numbers take a decimal comma.
        phone.wait_for_selector("#ts-boards button.ts-board")
        assert phone.evaluate("typeof gettext === 'function' && get_format('DECIMAL_SEPARATOR')") == ","
        assert phone.evaluate("formatNumber(54.1666, 2)") == "54,17"
        width = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] == width[1], f"the page is wider than the phone: {width}"
        SHOTS.mkdir(parents=True, exist_ok=True)
        phone.screenshot(path=str(SHOTS / "table-page-fr-360.png"), full_page=True)
        # Switching on the phone: Polish from now on, by its cookie, whatever the browser asks.
        switch.select_option("pl")
        phone.wait_for_load_state()
        phone.wait_for_function("document.documentElement.lang === 'pl'")
        phone.goto(live_server.url + "/results/")
        assert phone.get_attribute("html", "lang") == "pl"
        browser.close()


def test_a_director_switches_to_polish_and_it_stays_on_every_page_and_device(live_server, django_user_model):
    from tournaments.core.access import Role, grant

    user = django_user_model.objects.create_user(username="dyrektor", password="languages-pw-123")
    grant(user, Role.DIRECTOR)
    build_demo_session(tables=3, movement="mitchell", seed=5, quick=True)

    def login(browser):
        page = browser.new_context(locale="en-GB").new_page()
        page.goto(live_server.url + "/accounts/login/")
        page.fill("input[name=username]", "dyrektor")
        page.fill("input[name=password]", "languages-pw-123")
        page.click("button[type=submit].primary")
        page.wait_for_url(live_server.url + "/")
        return page

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = login(browser)
        assert page.get_attribute("html", "lang") == "en-gb"
        page.select_option("form.language-switch select[name=language]", "pl")
        page.wait_for_function("document.documentElement.lang === 'pl'")
        assert page.url == live_server.url + "/"  # back on the page it was switched on
        for path in ("/results/", "/parties/", "/teams/"):
            page.goto(live_server.url + path)
            assert page.get_attribute("html", "lang") == "pl", path
        page.set_viewport_size({"width": 360, "height": 740})
        page.screenshot(path=str(SHOTS / "director-home-pl-360.png"), full_page=True)
        other = login(browser)  # another browser of the same login: its choice follows it
        assert other.get_attribute("html", "lang") == "pl"
        browser.close()


def test_the_big_screen_has_the_switch_in_a_corner(live_server, django_user_model):
    from tournaments.tableside import screenlinks

    session = build_demo_session(tables=3, movement="mitchell", seed=5, quick=True)
    link = screenlinks.issue_screen_link(actor=None, session=session)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        screen = browser.new_context(viewport={"width": 1280, "height": 720}, locale="nl-NL").new_page()
        screen.goto(live_server.url + f"/screen/{link.token}/")
        assert screen.get_attribute("html", "lang") == "nl"
        switch = screen.locator("form.language-switch select[name=language]")
        assert switch.is_visible() and not screen.locator(".topbar nav").is_visible()
        box = switch.bounding_box()
        assert box is not None and box["x"] > 1000 and box["y"] > 600  # bottom right, out of the ranking's way
        screen.screenshot(path=str(SHOTS / "big-screen-nl.png"))
        switch.select_option("sv")
        screen.wait_for_function("document.documentElement.lang === 'sv'")
        browser.close()
