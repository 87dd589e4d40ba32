"""Issue 27's two flows in a real browser, with the shipped catalogues (not the pseudo language): a phone whose
browser asks for French enters a result on the French keypad and sees the French traveller; a director switches
to Polish and prints the standings, which a real worker makes in Polish."""

import os
import tempfile
import time
from pathlib import Path

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import polib
import pytest
from django.conf import settings
from django.utils import translation
from playwright.sync_api import expect, sync_playwright

from tests.tournaments.jobs.helpers import pdf_pages, wait_for
from tests.tournaments.reports.factories import make_session as make_played_session
from tests.tournaments.services.factories import make_session, section_a
from tournaments.core.access import Role, grant
from tournaments.printing.models import GeneratedFile
from tournaments.sessions.models import Result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(tempfile.gettempdir()) / "bridgedesk-screenshots"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def js_translation(language: str, msgid: str) -> str:
    """What the phone's JavaScript catalogue says for `msgid` in `language` (the committed djangojs.po)."""
    po = polib.pofile(str(Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "djangojs.po"))
    entry = po.find(msgid)
    assert entry is not None and entry.msgstr, f"{msgid!r} is not translated in {language}"
    return str(entry.msgstr)


def test_a_french_phone_enters_a_result_with_french_letters_and_sees_the_french_traveller(live_server):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    link = {link.table: link for link in services.issue_links(section)}[1]
    row = section.table_rounds.get(round=1, table=1)
    board = int(row.boards[0])
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context(**PHONE, locale="fr-FR").new_page()
        page.goto(f"{live_server.url}/t/{link.token}/")
        assert page.get_attribute("html", "lang") == "fr"
        no_trump = page.locator("#k-strain button[data-strain='NT']")
        expect(no_trump).to_have_text("SA")  # the French keypad's no-trump key
        page.click(f"button[data-board='{board}']")
        page.click("#k-level button[data-level='3']")
        no_trump.click()
        page.click("#k-declarer button[data-declarer='S']")
        page.click("#k-lead-suit button[data-lead-suit='S']")
        page.click("#k-lead-rank button[data-lead-rank='K']")
        page.click("#k-result button[data-delta='0']")
        page.click("#ts-send")
        expect(page.locator("#ts-confirm")).to_be_visible()
        page.click("#ts-confirm-yes")
        so_far = js_translation("fr", "Board %(board)s so far").replace("%(board)s", str(board))
        traveller = page.locator("#ts-traveller")
        expect(traveller).to_contain_text(so_far)
        expect(traveller).to_contain_text(js_translation("fr", "Contract"))
        assert "so far" not in traveller.inner_text()
        page.screenshot(path=str(SHOTS / "phone-fr-traveller-360.png"), full_page=True)
        browser.close()
    stored = Result.objects.get(section=section, board__number=board, ns_entry=row.ns_entry)
    assert (stored.contract, stored.declarer, stored.tricks, stored.ns_score) == ("3NT", "S", 9, 400)


@pytest.mark.worker
def test_a_director_switches_to_polish_and_prints_polish_standings(
    celery_worker_process, live_server, django_user_model
):
    grant(django_user_model.objects.create_user(username="dyrektor", password="polish-standings-pw"), Role.DIRECTOR)
    session = make_played_session(pairs=8, boards_per_round=2)  # every result in: the standings can be printed
    with translation.override("pl"):
        place, players = translation.gettext("Place"), translation.gettext("Players")
    assert (place, players) != ("Place", "Players"), "the Polish catalogue translates the standings' columns"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        desk = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB").new_page()
        desk.goto(live_server.url + "/accounts/login/")
        desk.fill("input[name=username]", "dyrektor")
        desk.fill("input[name=password]", "polish-standings-pw")
        desk.click("button[type=submit].primary")
        desk.wait_for_url(live_server.url + "/")
        desk.select_option("form.language-switch select[name=language]", "pl")
        desk.wait_for_function("document.documentElement.lang === 'pl'")
        desk.goto(f"{live_server.url}/sessions/{session.pk}/")
        assert desk.get_attribute("html", "lang") == "pl"
        desk.click("button[name=kind][value=standings]")  # the print panel posts it (HTMX) and shows progress
        jobs = GeneratedFile.objects.filter(session=session, kind="standings")
        deadline = time.monotonic() + 30
        while not jobs.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        browser.close()
    job = wait_for(GeneratedFile.objects.get(session=session, kind="standings").pk)
    assert job.status == GeneratedFile.Status.DONE and job.params["language"] == "pl", (job.status, job.error)
    text = "\n".join(pdf_pages(bytes(job.file.read() if job.file else job.content or b"")))
    assert place in text and players in text
