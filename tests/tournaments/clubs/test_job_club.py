"""A PDF job belongs to the club of the object it prints (issue 30): `start_job` takes the club from the session
(party, teams event), not from whichever club the request or command has current, for its row, paper and
language."""

from __future__ import annotations

import pytest

from tournaments.clubs.models import Club
from tournaments.core.tenancy import using_club
from tournaments.printing.jobs import club_of, start_job
from tournaments.printing.models import GeneratedFile
from tournaments.sessions.services.demo import build_demo_session

pytestmark = pytest.mark.django_db


def test_the_job_is_the_session_s_club_s_with_its_paper_and_language():
    riverside = Club.objects.create(slug="riverside", name="Riverside BC", paper="letter", language="fr")
    hillside = Club.objects.create(slug="hillside", name="Hillside BC", paper="a4")
    with using_club(riverside.pk):
        session = build_demo_session(tables=3, movement="mitchell", seed=3, quick=True)
    assert club_of(session) == riverside.pk
    with using_club(hillside.pk):  # the request's club is another: the job is still Riverside's
        job = start_job(owner=None, kind="standings", session=session, enqueue=False)
    stored = GeneratedFile._base_manager.get(pk=job.pk)
    assert stored.tenant_id == riverside.pk and stored.params["paper"] == "letter"
    with using_club(hillside.pk):
        assert not GeneratedFile.objects.filter(pk=job.pk).exists()  # not in Hillside's jobs
        asked = start_job(owner=None, kind="standings", session=session, paper="A4", enqueue=False)
    assert GeneratedFile._base_manager.get(pk=asked.pk).params["paper"] == "a4"  # a paper asked for is kept
