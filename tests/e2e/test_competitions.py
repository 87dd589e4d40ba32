"""The director's season competition in a real browser: a refused rule put right, the sessions ticked, the
standings read, the competition made public and read by a visitor, and the PDF made by a job and downloaded."""

import os
import re
import tempfile
from pathlib import Path

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from playwright.sync_api import expect, sync_playwright

from tournaments.core.access import Role, grant
from tournaments.printing import jobs
from tournaments.printing.models import GeneratedFile
from tournaments.sessions.models import Competition
from tournaments.sessions.selectors.competitions import competition_table
from tournaments.sessions.services.demo import build_demo_session

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(tempfile.gettempdir()) / "bridgedesk-screenshots"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]


def test_the_director_runs_a_best_of_competition(live_server, django_user_model):
    grant(django_user_model.objects.create_user(username="td", password="season-director-pw"), Role.DIRECTOR)
    evenings = [build_demo_session(tables=3, movement="howell", seed=seed, quick=True) for seed in (41, 42)]
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.goto(live_server.url + "/accounts/login/")
        page.fill("input[name=username]", "td")
        page.fill("input[name=password]", "season-director-pw")
        page.click("button[type=submit]")

        page.goto(f"{live_server.url}/competitions/")
        page.click("#new-competition")
        page.fill("input[name=name]", "Best 1 of 2")
        page.fill("input[name=counting]", "500")
        for evening in evenings:
            page.check(f"input[name=sessions][value='{evening.pk}']")
        page.click("#save-competition")
        expect(page.locator("#competition-form")).to_contain_text("At most 200 sessions can count.")
        page.fill("input[name=counting]", "1")
        page.click("#save-competition")
        expect(page.locator(".messages")).to_contain_text("The competition is saved.")

        competition = Competition.objects.get(name="Best 1 of 2")
        best = competition_table(competition).rows[0]
        first = page.locator("#competition-standings tbody tr").first
        expect(first).to_contain_text(best.member.name)
        expect(first).to_contain_text(f"{best.standing.total:.2f}")
        page.screenshot(path=str(SHOTS / "competition-standings.png"), full_page=True)

        page.click("#competition-pdf")  # a background job, as every PDF: its page shows the progress
        expect(page).to_have_url(re.compile(r"/jobs/\d+/$"))
        job = GeneratedFile.objects.get(competition=competition)
        jobs.run_job(job.pk)  # what the worker does with the queued job
        page.reload()
        with page.expect_download() as download:
            page.click("a.job-download")
        assert re.fullmatch(
            rf"competition-{competition.pk}-best-1-of-2-standings-\w+\.pdf", download.value.suggested_filename
        )

        page.goto(f"{live_server.url}/competitions/{competition.pk}/")
        page.click("#edit-competition")
        page.check("input[name=public]")
        page.click("#save-competition")
        visitor = browser.new_context().new_page()
        visitor.goto(f"{live_server.url}/results/competitions/{competition.pk}/")
        expect(visitor.locator("#competition-standings")).to_contain_text(best.member.name)
        browser.close()
