"""A party paper printed by a real Celery worker process: start from the print page, watch, download."""

from __future__ import annotations

import io
import time

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournaments.parties.models import Party
from tournaments.printing.models import GeneratedFile

pytestmark = [pytest.mark.worker]


def test_tally_cards_are_made_by_the_worker(
    celery_worker_process, transactional_db, director, director_client, started: Party
) -> None:
    response = director_client.post(reverse("parties:print", args=[started.pk]), {"kind": "tally-cards"})
    assert response.status_code == 302
    job = GeneratedFile.objects.get(params__party=started.pk)
    assert response["Location"] == reverse("parties:print_job", args=[started.pk, job.pk])
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.finished:
            break
        time.sleep(0.2)
    assert job.status == GeneratedFile.Status.DONE, job.error
    page = director_client.get(response["Location"]).content.decode()
    assert "Open the PDF" in page
    download = director_client.get(reverse("jobs:download", args=[job.pk]))
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(download.content)).pages)
    assert text.count("Ladies' tally") == 6 and text.count("Gentlemen's tally") == 6


@pytest.mark.django_db
def test_a_stale_party_job_is_sent_back_to_the_party_runner(director, started: Party):
    """Recovery of interrupted jobs goes through the shared runner; a party paper must come out a party paper."""
    from tournaments.parties import services as party_services
    from tournaments.printing import jobs

    job = party_services.start_print_job(actor=director, party=started, kind="tally-cards", enqueue=False)
    done = jobs.run_job(job.pk)
    assert done.status == GeneratedFile.Status.DONE, done.error
    assert done.content[:4] == b"%PDF"
    assert jobs.download_filename(done).startswith(f"party-{started.pk}-")
