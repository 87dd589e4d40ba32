"""The whole path in real browsers: the director publishes, an anonymous reader sees the standings and a score
card, the director corrects a result, the reader sees the correction listed with the percentage change, the
e-mail job (a real worker) delivers to a real SMTP server, and the unsubscribe link in the e-mail works."""

import os
import re
import tempfile
import time
import uuid
from pathlib import Path

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import expect, sync_playwright

from config import celery_app
from tests.tournaments.jobs.helpers import start_worker
from tests.tournaments.publishing.test_email import Inbox, free_port, parts
from tests.tournaments.reports.factories import make_session
from tournaments.core.access import Role, grant
from tournaments.sessions.models import Member, Session
from tournaments.sessions.services.sessions import set_players, set_status

pytestmark = [pytest.mark.e2e, pytest.mark.worker, pytest.mark.django_db(transaction=True)]
SHOTS = Path(tempfile.gettempdir()) / "bridgedesk-screenshots"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]


def test_publish_read_correct_email_unsubscribe(live_server, django_user_model, tmp_path):
    grant(django_user_model.objects.create_user(username="td", password="publish-director-pw"), Role.DIRECTOR)
    session = make_session(pairs=8, boards_per_round=2, deals=False, adjusted=False)
    set_status(actor=None, session=session, status=Session.Status.PLAYING)
    section = session.sections.get()
    ann = Member.objects.create(name="Ann Reader", email="ann@example.org")
    first = section.entries.get(label="1NS")
    set_players(actor=None, entry=first, players=[("", ann), ("Bob Partner", None)])

    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    queue = f"test-path-{uuid.uuid4().hex[:8]}"
    old_queue = celery_app.conf.task_default_queue
    celery_app.conf.task_default_queue = queue
    worker = start_worker(
        queue, tmp_path / "worker.log", EMAIL_URL=f"smtp://127.0.0.1:{smtp.port}", SITE_URL=live_server.url
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
            desk = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            desk.goto(live_server.url + "/accounts/login/")
            desk.fill("input[name=username]", "td")
            desk.fill("input[name=password]", "publish-director-pw")
            desk.click("button[type=submit]")
            desk.goto(f"{live_server.url}/sessions/{session.pk}/")
            desk.click("button:has-text('Publish results')")
            expect(desk.locator(".messages")).to_contain_text("Results published")

            reader = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
            reader.goto(f"{live_server.url}/results/")
            reader.click(f"a[href='/results/{session.pk}/']")
            expect(reader.locator("body")).to_contain_text("Provisional")
            row = reader.locator("table.standings tr", has_text="Ann Reader")
            before = row.locator("td").last.inner_text()
            assert re.fullmatch(r"\d+\.\d\d", before), before
            row.locator("a").click()
            expect(reader.locator("main")).to_contain_text("Ann Reader")
            assert reader.url.endswith(f"/pairs/{first.pk}/")
            reader.screenshot(path=str(SHOTS / "public-scorecard.png"), full_page=True)

            # The director corrects pair 1NS's first board, with a reason.
            row1 = section.table_rounds.get(round=1, table=1)
            desk.goto(f"{live_server.url}/sessions/{session.pk}/A/traveller/{row1.boards[0]}/")
            shown = desk.input_value("input[name='line-0-tricks']")
            desk.fill("input[name='line-0-contract']", "7NT")
            desk.fill("input[name='line-0-declarer']", "N" if shown != "N" else "S")
            desk.fill("input[name='line-0-tricks']", "-7")
            desk.fill("input[name='why']", "traveller misread")
            desk.click("#save-lines")
            expect(desk.locator(".messages")).to_contain_text("saved")

            reader.goto(f"{live_server.url}/results/{session.pk}/")
            corrections = reader.locator("section", has_text="Corrections since publishing")
            expect(corrections).to_contain_text("traveller misread")
            moved = corrections.locator("tr", has_text="Ann Reader")
            expect(moved).to_contain_text(f"{before}%")
            after = re.findall(r"(\d+\.\d\d)%", moved.inner_text())
            assert len(after) == 2 and after[0] == before and after[1] != before
            reader.screenshot(path=str(SHOTS / "public-correction.png"), full_page=True)

            # E-mail the score cards: the job's page shows its progress to the end.
            desk.goto(f"{live_server.url}/sessions/{session.pk}/")
            desk.click("#email-results")
            expect(desk.locator("body")).to_contain_text("1 sent", timeout=60_000)
            deadline = time.monotonic() + 30
            while not inbox.messages and time.monotonic() < deadline:
                time.sleep(0.1)
            (message,) = inbox.messages
            assert message["To"] == "ann@example.org"
            text = parts(message)["text/plain"].decode()
            unsubscribe = re.search(r"(http\S+/results/unsubscribe/\S+/)", text).group(1)
            assert unsubscribe.startswith(live_server.url)

            reader.goto(unsubscribe)
            reader.click("button:has-text('Stop the e-mails')")
            expect(reader.locator("body")).to_contain_text("will get no more results e-mails")
            ann.refresh_from_db()
            assert ann.email_opt_out
            browser.close()
    finally:
        celery_app.conf.task_default_queue = old_queue
        worker.terminate()
        worker.wait(timeout=20)
        smtp.stop()
