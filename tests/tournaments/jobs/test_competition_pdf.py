"""A season competition's printed standings: a job of the registry (owned by the competition), run by the
worker's runner, read back with pdftotext, and shown out of date once the competition changes."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from django.test import Client

from tournaments.core.access import Role, grant
from tournaments.printing import jobs
from tournaments.printing.models import GeneratedFile
from tournaments.sessions.models import Competition
from tournaments.sessions.selectors.competitions import competition_table
from tournaments.sessions.services import competitions
from tournaments.sessions.services.demo import build_demo_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    return [build_demo_session(tables=3, movement="howell", seed=seed, quick=True) for seed in (31, 32)]


def _text(pdf: bytes) -> str:
    if not shutil.which("pdftotext"):
        pytest.skip("needs poppler-utils (pdftotext) to read the printed standings back")
    done = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True)
    return done.stdout.decode()


def test_the_standings_print_through_a_job_owned_by_the_competition(director_client, director, season):
    comp = competitions.save_competition(
        actor=director, competition=Competition(name="Winter Cup", counting=1), sessions=season
    )
    response = director_client.post(f"/competitions/{comp.pk}/pdf/", {"paper": "a4"})
    job = GeneratedFile.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/jobs/{job.pk}/"
    assert job.root_kind == "competition" and job.root_id == comp.pk and job.status == GeneratedFile.Status.QUEUED
    page = director_client.get(response["Location"]).content.decode()
    assert "Winter Cup" in page and f'href="/competitions/{comp.pk}/" id="back-to-competition"' in page
    done = jobs.run_job(job.pk)
    assert done is not None and done.status == GeneratedFile.Status.DONE and done.progress == 100
    assert jobs.download_filename(done) == f"competition-{comp.pk}-winter-cup-standings-a4.pdf"
    download = director_client.get(f"/jobs/{job.pk}/download/")
    assert download.status_code == 200 and download.content.startswith(b"%PDF")
    printed = _text(download.content)
    leader = competition_table(comp).rows[0]
    assert "Winter Cup" in printed and leader.member.name in printed
    assert f"{leader.standing.total:.2f}" in printed
    assert not jobs.out_of_date(done)
    comp.counting = 2
    competitions.save_competition(actor=director, competition=comp, sessions=season)
    assert jobs.out_of_date(GeneratedFile.objects.get(pk=job.pk))  # the standings changed since it was printed


def test_an_empty_competition_fails_in_words(director_client, director):
    empty = competitions.save_competition(actor=director, competition=Competition(name="Empty"), sessions=[])
    director_client.post(f"/competitions/{empty.pk}/pdf/")
    failed = jobs.run_job(GeneratedFile.objects.get().pk)
    assert failed is not None and failed.status == GeneratedFile.Status.FAILED
    assert failed.error == "No finished sessions with club members yet."


def test_only_directors_print_and_a_bad_paper_is_said(director_client, director, django_user_model, season):
    comp = competitions.save_competition(actor=director, competition=Competition(name="Spring"), sessions=season)
    response = director_client.post(f"/competitions/{comp.pk}/pdf/", {"paper": "a0"}, follow=True)
    assert "Unknown paper size" in response.content.decode() and not GeneratedFile.objects.exists()
    assert director_client.get(f"/competitions/{comp.pk}/pdf/").status_code == 405  # no GET writes
    player = django_user_model.objects.create_user(username="pdf-player", password="pdf-pw-12345")
    grant(player, Role("player"))
    client = Client()
    client.force_login(player)
    assert client.post(f"/competitions/{comp.pk}/pdf/").status_code == 403
    assert "competition-pdf" not in client.get(f"/competitions/{comp.pk}/").content.decode()
    assert not GeneratedFile.objects.exists()
