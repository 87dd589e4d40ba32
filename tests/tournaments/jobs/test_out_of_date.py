"""A PDF made before a later change to the results says so on the printing panel and the job's page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.reports.factories import make_session
from tournaments.printing import jobs
from tournaments.sessions.models import Result, Session
from tournaments.sessions.services.results import change_result
from tournaments.sessions.services.sessions import set_status

pytestmark = pytest.mark.django_db
STALE = "Out of date: the results changed after this file was made."


def test_a_correction_after_printing_marks_the_file_out_of_date(director, director_client):
    session = make_session(pairs=8, deals=False, actor=director)
    job = jobs.start_job(owner=director, session=session, kind="standings", enqueue=False)
    done = jobs.run_job(job.pk)
    assert done.status == "done" and done.params["made_from"]
    assert not jobs.job_status(done)["out_of_date"]
    panel = reverse("print_panel", args=[session.pk])
    assert STALE not in director_client.get(panel).content.decode()

    set_status(actor=director, session=session, status=Session.Status.PLAYING)
    result = Result.objects.filter(section__session=session, kind=Result.Kind.PLAYED).first()
    change_result(actor=director, result=result, contract="7NT", declarer="N", tricks="-7", why="misread")
    done.refresh_from_db()
    assert jobs.job_status(done)["out_of_date"]
    assert STALE in director_client.get(panel).content.decode()
    assert STALE in director_client.get(reverse("jobs:detail", args=[done.pk])).content.decode()

    again = jobs.run_job(jobs.start_job(owner=director, session=session, kind="standings", enqueue=False).pk)
    assert not jobs.job_status(again)["out_of_date"]
