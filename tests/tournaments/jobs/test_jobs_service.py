"""The job service in one process: starting on commit, idempotent re-runs, stale jobs, failures, expiry, views, CLI."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.reports.factories import make_session
from tournaments.printing import jobs, tasks
from tournaments.printing.models import GeneratedFile
from tournaments.sessions import reports

from .helpers import pdf_pages

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch) -> list[int]:
    """The ids handed to the broker (the broker itself is exercised in test_jobs_worker.py)."""
    ids: list[int] = []
    monkeypatch.setattr(jobs, "send", ids.append)
    return ids


def test_a_job_is_sent_only_when_its_transaction_commits(director, django_capture_on_commit_callbacks, sent):
    session = make_session(pairs=8, deals=False)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job = jobs.start_job(owner=director, session=session, kind="standings", paper="letter")
        assert sent == []
    assert len(callbacks) == 1
    callbacks[0]()
    assert sent == [job.pk]
    assert job.status == "queued" and job.params == {"paper": "letter", "language": "en-gb"} and job.owner == director
    assert job.expires_at > timezone.now() + timedelta(hours=71)


def test_bad_kind_or_paper_is_refused_at_the_field(director):
    session = make_session(pairs=8, deals=False, results=False)
    with pytest.raises(ValidationError) as bad_kind:
        jobs.start_job(owner=director, session=session, kind="tax-return")
    assert "kind" in bad_kind.value.message_dict
    with pytest.raises(ValidationError) as bad_paper:
        jobs.start_job(owner=director, session=session, kind="standings", paper="a3")
    assert "paper" in bad_paper.value.message_dict
    assert GeneratedFile.objects.count() == 0


def test_running_a_job_again_changes_nothing_and_same_inputs_give_same_files(director):
    session = make_session(pairs=8, rounds=4)
    job = jobs.start_job(owner=director, session=session, kind="results", enqueue=False)
    done = jobs.run_job(job.pk)
    assert done.status == "done" and done.progress == 100 and done.attempts == 1
    content = bytes(done.content)
    again = jobs.run_job(job.pk)  # a re-delivered message
    assert again.attempts == 1 and bytes(again.content) == content
    twin = jobs.start_job(owner=director, session=session, kind="results", enqueue=False)
    assert bytes(jobs.run_job(twin.pk).content) == content


def test_a_job_left_running_by_a_dead_worker_is_sent_again_and_finishes(director, sent):
    session = make_session(pairs=8, deals=False)
    job = jobs.start_job(owner=director, session=session, kind="standings", enqueue=False)
    long_ago = timezone.now() - jobs.STALE_AFTER - timedelta(seconds=5)
    GeneratedFile.objects.filter(pk=job.pk).update(
        status="running",
        attempts=1,
        progress=40,
        heartbeat_at=long_ago,
        lease_until=long_ago,  # its lease ran out
    )
    fresh = jobs.start_job(owner=director, session=session, kind="recaps", enqueue=False)  # just queued: left alone
    assert jobs.requeue_stale_jobs() == [job.pk]
    assert sent == [job.pk]
    assert jobs.requeue_stale_jobs() == []  # touched, so a second watcher does not resend it at once
    done = jobs.run_job(job.pk)  # what the worker does with the resent message
    assert done.status == "done" and done.attempts == 2 and done.progress == 100
    assert pdf_pages(bytes(done.content))
    assert GeneratedFile.objects.get(pk=fresh.pk).status == "queued"


def test_a_job_interrupted_too_often_is_given_up_in_words(director):
    session = make_session(pairs=8, deals=False)
    job = jobs.start_job(owner=director, session=session, kind="standings", enqueue=False)
    GeneratedFile.objects.filter(pk=job.pk).update(status="running", attempts=jobs.MAX_ATTEMPTS)
    failed = jobs.run_job(job.pk)
    assert failed.status == "failed"
    assert failed.error.startswith("The job was interrupted 3 times")


def test_failures_are_stored_in_words(director):
    session = make_session(pairs=8, results=False, deals=False)
    for kind, words in (
        ("recaps", "has no results yet: enter the travellers before printing recaps"),
        ("hand-records", "has no hands recorded: import the deals (a PBN file) before printing hand records"),
    ):
        job = jobs.start_job(owner=director, session=session, kind=kind, enqueue=False)
        failed = jobs.run_job(job.pk)
        assert failed.status == "failed" and words in failed.error and failed.content is None


def test_an_unexpected_error_is_told_without_a_traceback(director, monkeypatch):
    session = make_session(pairs=8, deals=False)
    job = jobs.start_job(owner=director, session=session, kind="standings", enqueue=False)

    def broken(*args, **kwargs):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(reports, "render", broken)  # the session's registered renderer calls it
    failed = jobs.run_job(job.pk)
    assert failed.status == "failed"
    assert failed.error.startswith("Bridgedesk could not make the standings (ZeroDivisionError)")
    assert "Traceback" not in failed.error


def test_expired_files_are_deleted_when_the_next_job_starts(director):
    session = make_session(pairs=8, deals=False)
    old = jobs.start_job(owner=director, session=session, kind="standings", enqueue=False)
    GeneratedFile.objects.filter(pk=old.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    jobs.start_job(owner=director, session=session, kind="recaps", enqueue=False)
    assert not GeneratedFile.objects.filter(pk=old.pk).exists()
    assert GeneratedFile.objects.count() == 1


# --- views --------------------------------------------------------------------------------------------


def test_panel_start_status_download_and_permissions(director, director_client, sent):
    session = make_session(pairs=8, deals=False, actor=director)
    panel = director_client.get(reverse("print_panel", args=[session.pk]))
    html = panel.content.decode()
    assert "Print results" in html and "Print session kit" in html and "Personal score cards" in html
    assert 'value="letter"' in html

    response = director_client.post(
        reverse("print_start", args=[session.pk]), {"kind": "scorecards", "paper": "a4"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    job = GeneratedFile.objects.get()
    html = response.content.decode()
    assert f'hx-get="{reverse("jobs:row", args=[job.pk])}"' in html and 'hx-trigger="every 1s"' in html
    assert "Waiting for a worker" in html
    # The new job's progress bar comes first in the panel, which scrolls to its top: in view as the job starts.
    assert html.index(f'id="job-{job.pk}"') < html.index('class="print-form"') and 'id="job-started"' in html
    assert 'hx-swap="innerHTML show:#print-panel:top"' in html and html.count(f'id="job-{job.pk}"') == 1

    status = director_client.get(reverse("jobs:status", args=[job.pk])).json()
    assert status["status"] == "queued" and status["download_url"] is None
    assert director_client.get(reverse("jobs:download", args=[job.pk])).status_code == 404

    jobs.run_job(job.pk)
    status = director_client.get(reverse("jobs:status", args=[job.pk])).json()
    assert status == {
        "id": job.pk,
        "kind": "scorecards",
        "title": "Personal score cards",
        "status": "done",
        "progress": 100,
        "message": "Ready",
        "error": "",
        "download_url": reverse("jobs:download", args=[job.pk]),
        "filename": f"session-{session.pk}-scorecards-a4.pdf",
        "out_of_date": False,
    }
    row = director_client.get(reverse("jobs:row", args=[job.pk])).content.decode()
    assert "every 1s" not in row and "Download" in row  # the row stops polling once done
    download = director_client.get(status["download_url"])
    assert download["Content-Type"] == "application/pdf" and pdf_pages(download.content)

    # another (non-staff) director cannot see it; an anonymous visitor is sent to log in
    other = get_user_model().objects.create_user("other", password="pw-other-director")
    client = Client()
    client.force_login(other)
    assert client.get(status["download_url"]).status_code == 403
    client.logout()
    assert client.get(status["download_url"]).status_code == 302

    # a bad kind comes back as a message in the panel, not a 500
    bad = director_client.post(reverse("print_start", args=[session.pk]), {"kind": "nope"}, HTTP_HX_REQUEST="true")
    assert bad.status_code == 200 and "Unknown report" in bad.content.decode()
    assert director_client.get(reverse("jobs:status", args=[99999])).json()["status"] == "gone"
    assert director_client.get(reverse("jobs:list")).status_code == 200
    assert director_client.get(reverse("jobs:detail", args=[job.pk])).status_code == 200


def test_a_stale_job_is_resent_by_the_scheduled_task_not_by_the_status_poll(director, director_client, sent):
    session = make_session(pairs=8, deals=False)
    job = jobs.start_job(owner=director, session=session, kind="standings", enqueue=False)
    GeneratedFile.objects.filter(pk=job.pk).update(updated_at=timezone.now() - timedelta(hours=1))
    for name in ("jobs:status", "jobs:row", "jobs:detail"):  # a GET reads: no write, nothing sent
        with CaptureQueriesContext(connection) as captured:
            assert director_client.get(reverse(name, args=[job.pk])).status_code == 200
        assert not [q for q in captured.captured_queries if q["sql"].lstrip().upper().startswith("UPDATE")]
    assert sent == []
    schedule = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "bridgedesk.requeue_stale_jobs" in schedule  # every minute, besides each worker's watchdog
    assert tasks.requeue_stale_jobs() == [job.pk] and sent == [job.pk]
    assert director_client.get(reverse("jobs:status", args=[job.pk])).json()["message"] == "Sent again to a worker"


# --- command line ---------------------------------------------------------------------------------------


def test_print_results_and_session_kit_write_named_files(tmp_path, capsys):
    session = make_session(pairs=8, rounds=4)
    call_command("print_results", str(session.pk), "--out", str(tmp_path / "results"), "--paper", "letter")
    names = sorted(p.name for p in (tmp_path / "results").iterdir())
    assert names == ["hand-records.pdf", "recaps.pdf", "scorecards.pdf", "standings.pdf"]
    assert "Standings" in pdf_pages((tmp_path / "results" / "standings.pdf").read_bytes())[0]
    call_command("print_session_kit", str(session.pk), "--out", str(tmp_path / "kit"))
    names = sorted(p.name for p in (tmp_path / "kit").iterdir())
    assert names == ["guide-cards.pdf", "pickup-slips.pdf", "travellers.pdf"]
    out = capsys.readouterr().out
    assert f"wrote {tmp_path / 'kit' / 'guide-cards.pdf'}" in out


def test_print_results_says_what_it_could_not_make(tmp_path, capsys):
    session = make_session(pairs=8, results=False, deals=False)
    with pytest.raises(CommandError, match="3 of 4 files could not be made"):
        call_command("print_results", str(session.pk), "--out", str(tmp_path))
    captured = capsys.readouterr()
    assert "standings: Session" in captured.err and "has no results yet" in captured.err
    assert "hand-records: skipped: no hands are recorded" in captured.out
    with pytest.raises(CommandError, match="Session 424242 does not exist"):
        call_command("print_results", "424242", "--out", str(tmp_path))


def test_showing_the_panel_solves_new_deals_ahead(director_client, django_capture_on_commit_callbacks):
    session = make_session(pairs=8, rounds=4, results=False)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        director_client.get(reverse("print_panel", args=[session.pk]))
    assert len(callbacks) == 1  # the warm-up task, sent once the request's work is committed
    from tournaments.sessions.models import Board, DoubleDummyAnalysis
    from tournaments.sessions.tasks import analyse_deals

    boards = Board.objects.filter(session=session).count()
    assert analyse_deals(session.pk) == boards  # what the worker runs
    assert DoubleDummyAnalysis.objects.count() == boards
    assert analyse_deals(session.pk) == 0
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        director_client.get(reverse("print_panel", args=[session.pk]))
    assert callbacks == []  # nothing left to solve
