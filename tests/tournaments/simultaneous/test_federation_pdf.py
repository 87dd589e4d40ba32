"""A federation's simultaneous belongs to no club, yet its standings PDF is made (issue 30): the job has no club,
takes the federation's paper and language, and only the official who asked sees and downloads it, whichever club
is current (or none, on a service of several clubs)."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.utils import translation

from tournaments.clubs.models import Club, ClubRole, Federation, FederationRole
from tournaments.core.access import Role
from tournaments.core.tenancy import using_club
from tournaments.printing import jobs
from tournaments.printing.models import GeneratedFile
from tournaments.sessions.services.demo import build_demo_session
from tournaments.simultaneous import federation as fed
from tournaments.simultaneous.models import Simultaneous

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler-utils (pdftotext)"),
]
DAY = dt.date(2026, 11, 24)
LETTER = re.compile(rb"/MediaBox\s*\[\s*0\s+0\s+612(\.0+)?\s+792(\.0+)?\s*\]")


@pytest.fixture
def field(django_user_model) -> dict[str, object]:
    """Two member clubs of a county on US Letter in French, each with a played session joined to the county's
    simultaneous; the official holds no club role (no current club on this service of several clubs)."""
    county = Federation.objects.create(slug="county", name="County BA", paper="letter", language="fr")
    official = django_user_model.objects.create_user(username="official", password="official-pw-123")
    FederationRole.objects.create(user=official, federation=county)
    simul = None
    directors = {}
    for slug in ("riverside", "hillside"):
        club = Club.objects.create(slug=slug, name=f"{slug.title()} BC", federation=county, paper="a4")
        directors[slug] = django_user_model.objects.create_user(username=f"d-{slug}", password="director-pw-123")
        ClubRole.objects.create(user=directors[slug], club=club, role=Role.DIRECTOR.value)
        with using_club(club.pk):  # the same deals at every club (the same seed)
            session = build_demo_session(tables=3, movement="mitchell", seed=11, quick=True)
            if simul is None:
                simul = fed.create_for_federation(
                    actor=official, federation=county, name="County sim", date=DAY, boards=session.boards.count()
                )
            fed.join_session(actor=directors[slug], simul=simul, session=session)
    return {"simul": simul, "official": official, "directors": directors}


def pdftotext(data: bytes, tmp_path: Path) -> str:
    pdf = tmp_path / "standings.pdf"
    pdf.write_bytes(data)
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout


def test_the_job_has_no_club_and_the_federations_paper_and_language(field, tmp_path):
    simul = field["simul"]
    assert isinstance(simul, Simultaneous) and simul.tenant_id is None
    with using_club(None), translation.override(None):  # a command or a worker: no club, no language active
        job = jobs.start_job(owner=field["official"], kind="simul-standings", simultaneous=simul, enqueue=False)
    assert job.tenant_id is None and job.params["paper"] == "letter" and job.params["language"] == "fr"
    done = jobs.run_job(job.pk)
    assert done is not None and done.status == "done", done and done.error
    data = bytes(done.content)
    assert data.startswith(b"%PDF") and LETTER.search(data)
    words = pdftotext(data, tmp_path)
    assert "County sim" in words and "Riverside BC" in words and "Hillside BC" in words
    assert "mardi 24 novembre 2026" in words.lower()  # the date in the federation's language, not the service's


def test_a_current_club_does_not_take_the_federations_job(field):
    """An official who is also a club's director asks from the club's pages: the job is still the federation's."""
    simul, riverside = field["simul"], Club.objects.get(slug="riverside")
    with using_club(riverside.pk):
        job = jobs.start_job(
            owner=field["directors"]["riverside"], kind="simul-standings", simultaneous=simul, paper="a4"
        )
        assert job.tenant_id is None and job.params["paper"] == "a4"  # the paper asked for wins
        assert not GeneratedFile.objects.filter(pk=job.pk).exists()  # not among the club's files


def test_the_official_prints_from_the_field_page_and_only_they_download_it(field, client):
    simul = field["simul"]
    client.force_login(field["official"])
    page = client.get(f"/simultaneous/federation/{simul.pk}/").content.decode()
    assert f'action="/simultaneous/federation/{simul.pk}/print/"' in page and 'value="letter" selected' in page
    response = client.post(f"/simultaneous/federation/{simul.pk}/print/", {"kind": "standings"})
    job = GeneratedFile.objects.get(simultaneous=simul)
    assert response.status_code == 302 and response["Location"] == f"/jobs/{job.pk}/"
    assert job.tenant_id is None and job.owner_id == field["official"].pk and job.params["paper"] == "letter"
    job_page = client.get(f"/jobs/{job.pk}/").content.decode()
    assert "County sim" in job_page and f'href="/simultaneous/federation/{simul.pk}/"' in job_page
    assert jobs.run_job(job.pk).status == "done"
    download = client.get(f"/jobs/{job.pk}/download/")
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    assert download.content.startswith(b"%PDF")

    # a member club's director (not an official, not the asker) neither prints it nor sees the file
    client.force_login(field["directors"]["hillside"])
    refused = client.post(f"/c/hillside/simultaneous/federation/{simul.pk}/print/", {"kind": "standings"})
    assert refused.status_code == 404
    assert client.get(f"/c/hillside/jobs/{job.pk}/").status_code == 404
    assert client.get(f"/c/hillside/jobs/{job.pk}/download/").status_code == 404
    assert GeneratedFile._base_manager.count() == 1
    client.logout()
    assert client.get(f"/jobs/{job.pk}/download/").status_code == 302  # to the login
    assert client.post(f"/simultaneous/federation/{simul.pk}/print/", {"kind": "standings"}).status_code == 302
