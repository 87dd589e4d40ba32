"""The Content-Security-Policy holds in a real browser: the main pages (the director's, the public results, the
phone at the table, the big screen, a party and a teams match) run with no violation reported and no
"Refused to ..." in the console, and a confirm question still asks before a party is ended."""

import datetime
import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import sync_playwright

from tests.tournaments.services.factories import make_session, section_a
from tournaments.core.access import Role, grant
from tournaments.parties import services as parties
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services as tableside
from tournaments.teams import services as teams

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + e.sourceFile);
});
"""


def test_the_main_pages_run_under_the_policy_without_a_violation(live_server, django_user_model):
    director = django_user_model.objects.create_user(username="td", password="csp-director-pw")
    grant(director, Role.DIRECTOR)
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="3NT", declarer="S", tricks="9")
    link = tableside.issue_links(section)[0]
    party = parties.create_party(actor=director, name="Spring", date=datetime.date(2026, 3, 14), tables=2)
    parties.set_guests(actor=director, party=party, text="\n".join("ABCDEFGH"))
    parties.start_party(actor=director, party=party)
    event = teams.create_event(actor=director, name="Club teams", boards_per_match=2)
    for n in (1, 2):
        teams.add_team(actor=director, event=event, name=f"T{n}", players=["A", "B", "C", "D"])
    match = teams.draw_next_round(actor=director, event=event).matches.get()
    s = section.session_id
    pages = [
        "/", f"/sessions/{s}/", f"/sessions/{s}/A/traveller/1/", f"/sessions/{s}/standings/",
        f"/sessions/{s}/travellers/", f"/sessions/{s}/rulings/", f"/live/{s}/", f"/live/{s}/screen/",
        f"/parties/{party.pk}/", f"/parties/{party.pk}/screen/", f"/teams/{event.pk}/",
        f"/teams/{event.pk}/match/{match.pk}/", "/results/", f"/t/{link.token}/",
    ]  # fmt: skip
    refused: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_init_script(WATCH)
        page = context.new_page()
        page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
        page.goto(live_server.url + "/accounts/login/")
        page.fill("input[name=username]", "td")
        page.fill("input[name=password]", "csp-director-pw")
        page.click("button[type=submit]")
        page.wait_for_url(live_server.url + "/")
        seen = {}
        for url in pages:
            response = page.goto(live_server.url + url)
            assert response is not None and response.status == 200, url
            assert "script-src 'self'" in response.headers["content-security-policy"], url
            page.wait_for_timeout(300)  # the pages' own scripts start (polls, the phone's first fetch)
            seen[url] = page.evaluate("window.__violations")
        # The end-of-party question is asked by static/js/confirm.js now: dismissing it sends nothing.
        page.goto(f"{live_server.url}/parties/{party.pk}/")
        asked: list[str] = []
        page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
        page.click("form[data-confirm] button")
        assert asked == ["End the party now? Rounds not yet entered are dropped."]
        assert page.url == f"{live_server.url}/parties/{party.pk}/"
        console = list(refused)
        # The watch itself works: a script injected into the page is refused, and reported.
        page.evaluate("document.body.appendChild(Object.assign(document.createElement('script'), {text: '1'}))")
        page.wait_for_timeout(200)
        control = page.evaluate("window.__violations")
        browser.close()
    assert len(control) == 1 and control[0].startswith("script-src-elem inline")
    assert {url: v for url, v in seen.items() if v} == {}
    assert console == [] and len(refused) == 1
