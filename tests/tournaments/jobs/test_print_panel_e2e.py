"""The printing panel in a real browser, with a real worker: press the button, watch the bar, download the PDF."""

from __future__ import annotations

import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.tournaments.reports.factories import make_session
from tournaments.printing.models import GeneratedFile
from tournaments.sessions import reports

from .helpers import pdf_pages

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.worker,
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
SHOTS = Path(os.environ.get("BRIDGEDESK_SCREENSHOTS", "/tmp/bridgedesk-screenshots"))


@pytest.fixture
def page(live_server, django_user_model):
    django_user_model.objects.create_superuser(username="director", password="bridge-director-pw")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
        page = context.new_page()
        page.goto(live_server.url + "/accounts/login/")
        page.fill("input[name=username]", "director")
        page.fill("input[name=password]", "bridge-director-pw")
        page.click("button[type=submit]")
        yield page
        browser.close()


def test_print_results_from_the_session_page(celery_worker_process, live_server, page, tmp_path):
    session = make_session(pairs=8, rounds=4)
    page.goto(f"{live_server.url}/sessions/{session.pk}/")
    panel = page.locator("#print-panel")
    expect(panel.locator("h2")).to_have_text("Print")
    expect(panel.locator(".job-list")).to_have_count(0)
    page.wait_for_load_state("networkidle")  # HTMX swaps the full panel in on load: choose the paper after that
    panel.locator("select[name=paper]").select_option("letter")
    panel.get_by_role("button", name="Print results").click()

    row = panel.locator("li.job").first
    expect(row).to_contain_text("Results")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "print-panel-started.png"), full_page=True)
    download_link = row.locator("a.job-download")
    expect(download_link).to_be_visible(timeout=120_000)
    expect(row).to_contain_text("LETTER")
    page.screenshot(path=str(SHOTS / "print-panel-done.png"), full_page=True)

    with page.expect_download() as info:
        download_link.click()
    download = info.value
    assert download.suggested_filename == f"session-{session.pk}-results-letter.pdf"
    target = tmp_path / download.suggested_filename
    download.save_as(target)
    pages = pdf_pages(target.read_bytes())
    expected = sum(len(pdf_pages(reports.render(k, session, paper="letter")[2])) for k in reports.BOOKS["results"][2])
    assert len(pages) == expected
    assert GeneratedFile.objects.get(session=session).status == "done"


def test_a_failing_job_says_why_on_the_page(celery_worker_process, live_server, page):
    session = make_session(pairs=8, rounds=4, results=False, deals=False)
    page.goto(f"{live_server.url}/sessions/{session.pk}/")
    panel = page.locator("#print-panel")
    panel.get_by_role("button", name="Standings").click()
    error = panel.locator(".job-error")
    expect(panel.locator("li.job").first).to_contain_text("Standings")
    expect(error).to_contain_text("has no results yet: enter the travellers before printing standings", timeout=60_000)
    # the session kit needs only the movement: it is made while the standings are refused
    panel.get_by_role("button", name="Print session kit").click()
    expect(panel.locator("li.job").first.locator("a.job-download")).to_be_visible(timeout=120_000)
    page.screenshot(path=str(SHOTS / "print-panel-error.png"), full_page=True)
