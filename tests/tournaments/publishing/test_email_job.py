"""E-mailing the score cards as a background job on a real worker, to a real SMTP server: the director presses
the button, watches the progress bar, and the job's report says who was sent to; pressing again sends nobody
twice."""

import time
import uuid

import pytest
from aiosmtpd.controller import Controller
from django.urls import reverse

from config import celery_app
from tests.tournaments.jobs.helpers import start_worker
from tests.tournaments.services.factories import make_session
from tournaments.printing.models import GeneratedFile

from .test_email import Inbox, free_port, parts, published  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def run_to_end(client, job_id: int) -> tuple[dict, list[int]]:
    seen, deadline = [], time.monotonic() + 120
    while time.monotonic() < deadline:
        answer = client.get(reverse("jobs:status", args=[job_id])).json()
        seen.append(answer["progress"])
        if answer["status"] in ("done", "failed"):
            return answer, seen
        time.sleep(0.1)
    raise AssertionError(f"the e-mail job {job_id} did not finish")


def test_the_email_job_sends_each_card_once_and_reports_it(published, director_client, tmp_path):  # noqa: F811
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    queue = f"test-mail-{uuid.uuid4().hex[:8]}"
    old_queue = celery_app.conf.task_default_queue
    celery_app.conf.task_default_queue = queue
    worker = start_worker(
        queue, tmp_path / "worker.log", EMAIL_URL=f"smtp://127.0.0.1:{smtp.port}", SITE_URL="https://results.club.org"
    )
    try:
        session_page = director_client.get(reverse("session_detail", args=[published.session_id])).content.decode()
        assert "E-mail score cards" in session_page
        response = director_client.post(reverse("publishing:email", args=[published.session_id]))
        job = GeneratedFile.objects.get(session=published.session, kind="email-results")
        assert response.status_code == 302 and response["Location"] == reverse("jobs:detail", args=[job.pk])
        answer, seen = run_to_end(director_client, job.pk)
        assert answer["status"] == "done", answer
        assert seen == sorted(seen) and seen[-1] == 100
        report = director_client.get(answer["download_url"]).content.decode()
        assert "1 sent, 2 no address, 1 unsubscribed." in report
        assert "Ann Smith <ann@example.org>: sent" in report and "Bob Jones <bob@example.org>: unsubscribed" in report
        panel = director_client.get(reverse("publishing:email_report", args=[published.session_id]))
        assert panel.status_code == 200
        assert "<strong>1 sent, 2 no address, 1 unsubscribed.</strong>" in panel.content.decode()
        assert "Ann Smith &lt;ann@example.org&gt;: sent" in panel.content.decode()
        assert [m["To"] for m in inbox.messages] == ["ann@example.org"]
        assert "https://results.club.org/results/" in parts(inbox.messages[0])["text/plain"].decode()

        director_client.post(reverse("publishing:email", args=[published.session_id]))
        again = GeneratedFile.objects.filter(session=published.session, kind="email-results").latest("pk")
        answer, _ = run_to_end(director_client, again.pk)
        assert (
            "1 already sent before, 2 no address, 1 unsubscribed."
            in director_client.get(answer["download_url"]).content.decode()
        )
        assert len(inbox.messages) == 1
    finally:
        celery_app.conf.task_default_queue = old_queue
        worker.terminate()
        worker.wait(timeout=20)
        smtp.stop()


def test_an_unpublished_session_is_not_emailed(director_client):
    session = make_session()
    response = director_client.post(reverse("publishing:email", args=[session.pk]), follow=True)
    assert "Publish the results before e-mailing them" in response.content.decode()
    assert not GeneratedFile.objects.filter(session=session).exists()
