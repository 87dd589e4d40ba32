"""Report jobs through the real broker and a real worker process: start, progress, download, parse."""

from __future__ import annotations

import math
import os
import signal
import subprocess
import time
import uuid

import pytest
from django.db import transaction
from django.urls import reverse

import scoring
from config import celery_app
from tests.tournaments.reports.factories import make_session
from tournaments.printing import jobs
from tournaments.printing.models import GeneratedFile
from tournaments.sessions import reports
from tournaments.sessions.models import Session
from tournaments.sessions.selectors.scores import score_session

from .helpers import pdf_pages, start_worker, wait_for

pytestmark = [
    pytest.mark.worker,
    pytest.mark.django_db(transaction=True),
]


def _poll_status(client, job_id: int, timeout: float = 120) -> tuple[dict, list[int]]:
    """Poll the status URL as the panel does; returns the last answer and every progress value seen."""
    seen: list[int] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answer = client.get(reverse("jobs:status", args=[job_id])).json()
        seen.append(answer["progress"])
        if answer["status"] in ("done", "failed"):
            return answer, seen
        time.sleep(0.1)
    raise AssertionError(f"job {job_id} did not finish in {timeout}s: last answer {answer}")


def test_standings_job_runs_on_the_worker_and_downloads(celery_worker_process, director, director_client):
    session = make_session(pairs=14, boards_per_round=2, actor=director)
    response = director_client.post(reverse("print_start", args=[session.pk]), {"kind": "standings", "paper": "letter"})
    assert response.status_code == 302
    job = GeneratedFile.objects.get(session=session)
    assert job.owner == director and job.kind == "standings" and job.params == {"paper": "letter", "language": "en-gb"}

    answer, seen = _poll_status(director_client, job.pk)
    assert answer["status"] == "done", answer
    assert answer["progress"] == 100
    assert seen == sorted(seen), "progress never goes backwards"
    job.refresh_from_db()
    assert job.attempts == 1 and job.filename == "standings.pdf" and job.content_type == "application/pdf"

    download = director_client.get(answer["download_url"])
    assert download.status_code == 200
    assert download["Content-Type"] == "application/pdf"
    assert f"session-{session.pk}-standings-letter.pdf" in download["Content-Disposition"]
    pages = pdf_pages(download.content)
    text = "\n".join(pages)
    assert len(pages) == 1
    for scores in score_session(session):
        for field_rows in scores.standings.values():
            for standing in field_rows:
                assert standing.entry.label in text
                assert standing.entry.players.first().name in text
                assert f"{scoring.shown(standing.percentage)}" in text


def test_a_job_that_cannot_be_made_says_why_in_words(celery_worker_process, director, director_client):
    session = make_session(pairs=8, results=False, actor=director)
    director_client.post(reverse("print_start", args=[session.pk]), {"kind": "standings"})
    job = GeneratedFile.objects.get(session=session)
    answer, _ = _poll_status(director_client, job.pk)
    assert answer["status"] == "failed"
    assert answer["error"].startswith(f"Session {session.pk} (Tuesday Pairs")
    assert "has no results yet" in answer["error"]
    assert "Traceback" not in answer["error"]
    assert answer["download_url"] is None
    row = director_client.get(reverse("jobs:row", args=[job.pk]))
    assert "has no results yet" in row.content.decode()
    assert Session.objects.filter(pk=session.pk).exists()


def test_results_book_through_the_worker(celery_worker_process, director, director_client):
    session = make_session(pairs=8, rounds=4, actor=director)
    response = director_client.post(
        reverse("print_start", args=[session.pk]), {"kind": "results", "paper": "a4"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200 and "Results" in response.content.decode()
    job = GeneratedFile.objects.get(session=session)
    answer, seen = _poll_status(director_client, job.pk)
    assert answer["status"] == "done", answer
    assert seen == sorted(seen)
    pages = pdf_pages(director_client.get(answer["download_url"]).content)
    expected = sum(len(pdf_pages(reports.render(k, session)[2])) for k in jobs.RESULTS_KINDS)
    assert len(pages) == expected
    text = "\n".join(pages)
    for bs in score_session(session)[0].boards:
        assert f"Board {bs.board.number}" in text


def _kill_and_recover(director, tmp_path, *, kill: str) -> None:
    """Start a slow job on a worker, SIGKILL the worker process (or its pool child) mid-job, and check the job
    runs again within 15 s of a live worker being there, driven by its lease, and is finished once."""
    session = make_session(pairs=24, boards_per_round=2, actor=director)  # 24 dealt boards: seconds of solving
    queue = f"test-kill-{uuid.uuid4().hex[:8]}"
    old_queue = celery_app.conf.task_default_queue
    celery_app.conf.task_default_queue = queue
    pool = "prefork" if kill == "child" else "solo"
    first = start_worker(queue, tmp_path / "first.log", pool=pool)
    second = None
    try:
        with transaction.atomic():
            job = jobs.start_job(owner=director, session=session, kind="hand-records")
        deadline = time.monotonic() + 60
        while GeneratedFile.objects.get(pk=job.pk).status == "queued":
            assert time.monotonic() < deadline, "the first worker never started the job"
            time.sleep(0.02)
        if kill == "child":
            children = subprocess.run(["pgrep", "-P", str(first.pid)], capture_output=True, text=True).stdout.split()
            assert children, "the prefork worker has no pool child"
            for child in children:
                os.kill(int(child), signal.SIGKILL)
            live_since = time.monotonic()  # the main process stays up and forks a new child
        else:
            os.kill(first.pid, signal.SIGKILL)
            first.wait(timeout=10)
        killed = GeneratedFile.objects.get(pk=job.pk)
        assert killed.status == "running" and killed.attempts == 1, "the job finished before the kill"
        assert killed.content is None
        if kill == "worker":
            second = start_worker(queue, tmp_path / "second.log")
            live_since = time.monotonic()
        while GeneratedFile.objects.get(pk=job.pk).attempts < 2:
            assert time.monotonic() - live_since < 15, "the job was not running again within 15 s"
            time.sleep(0.1)
        done = wait_for(job.pk, timeout=180)
        assert done.status == "done", done.error
        assert done.attempts == 2  # killed once, run once more: never handed to two workers at once
        pages = pdf_pages(bytes(done.content))
        assert len(pages) == math.ceil(session.boards.count() / 4)
    finally:
        celery_app.conf.task_default_queue = old_queue
        for proc in (first, second):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                proc.wait(timeout=20)


def test_a_worker_killed_mid_job_loses_nothing(director, tmp_path):
    _kill_and_recover(director, tmp_path, kill="worker")


def test_a_pool_child_killed_mid_job_loses_nothing(director, tmp_path):
    _kill_and_recover(director, tmp_path, kill="child")
