"""The printed papers: parsed back with pypdf and checked for what a host needs on them."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from pypdf import PdfReader

from tournaments.parties import score_pads, services
from tournaments.parties.deals import DealEntry
from tournaments.parties.models import PartyTable
from tournaments.parties.reports import render_score_pads, render_standings, render_table_cards, render_tally_cards
from tournaments.parties.selectors import standings
from tournaments.printing.pdf import ReportError

pytestmark = pytest.mark.django_db

KEEP = os.environ.get("PARTY_PDF_DIR")  # set to a folder to keep the PDFs for looking at


def pages(rendered: tuple[str, str, bytes]) -> list[str]:
    filename, content_type, data = rendered
    assert content_type == "application/pdf" and filename.endswith(".pdf") and data.startswith(b"%PDF")
    if KEEP:
        Path(KEEP, filename).write_bytes(data)
    return [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages]


def test_tally_cards_one_per_guest_in_two_piles(started) -> None:
    text = pages(render_tally_cards(started))
    assert len(text) == 3  # 12 cards, four to a page
    joined = "\n".join(text)
    assert joined.count("Ladies' tally") == 6 and joined.count("Gentlemen's tally") == 6
    first = PartyTable.objects.get(round__party=started, round__number=1, number=2)
    assert first.north.name in joined and "Table 2 · North" in joined
    assert "My score" in joined and "Opponents'" in joined and "Net score" in joined


def test_tally_cards_need_the_draw(party) -> None:
    with pytest.raises(ReportError, match="Draw the tally cards first"):
        render_tally_cards(party)


def test_table_cards_and_score_pads(started) -> None:
    cards = pages(render_table_cards(started))
    assert len(cards) == 3 and "Head table" in cards[0] and "Last table" in cards[2]
    assert all(f"TABLE\n {n}\n" in cards[n - 1] for n in (1, 2, 3))
    pads = pages(render_score_pads(started))
    assert len(pads) == 3
    assert "Score pad · Table 1" in pads[0]
    assert "300 not vulnerable · 500 vulnerable" in pads[0]
    assert "No side scores more than 1,000 on a deal, except for a slam bid and made" in pads[0]
    assert "Neither" in pads[0] and "Both" in pads[0]


def test_standings_with_prizes_and_the_check(started, director) -> None:
    for i, t in enumerate(PartyTable.objects.filter(round__party=started).order_by("number")):
        if i == 0:
            score_pads.record_deals(
                actor=director, table=t,
                deals=[DealEntry("6S", "N", 12), DealEntry("PASS"), DealEntry("2H", "E", 8), DealEntry("3NT", "W", 8)],
            )  # fmt: skip
        else:
            score_pads.record_totals(actor=director, table=t, ns_total=300 + 100 * i, ew_total=420)
    services.finish_party(actor=director, party=started)
    text = "\n".join(pages(render_standings(started)))
    st = standings(started)
    assert "final standings" in text and "Prizes" in text and "First slam bid and made" in text
    assert st.rows[0].guest.name in text
    assert f"add up to {st.my_total:,}" in text and "they agree" in text


def test_print_job_runs_and_stores_the_pdf(started, director, director_client) -> None:
    from django.urls import reverse

    from tournaments.printing import jobs
    from tournaments.printing.models import GeneratedFile

    job = services.start_print_job(actor=director, party=started, kind="tally-cards", enqueue=False)
    assert job.status == GeneratedFile.Status.QUEUED and job.params["party"] == started.pk
    page = director_client.get(reverse("parties:print_job", args=[started.pk, job.pk])).content.decode()
    assert 'http-equiv="refresh"' in page  # the page polls until the job is done
    jobs.run_job(job.pk)  # what the worker does: the one pipeline for every kind
    job.refresh_from_db()
    assert job.status == GeneratedFile.Status.DONE and job.progress == 100
    assert bytes(job.content).startswith(b"%PDF") and job.filename == "spring-party-tally-cards.pdf"
    page = director_client.get(reverse("parties:print_job", args=[started.pk, job.pk])).content.decode()
    assert "Open the PDF" in page and 'http-equiv="refresh"' not in page
    download = director_client.get(reverse("jobs:download", args=[job.pk]))
    assert download.status_code == 200 and bytes(download.content).startswith(b"%PDF")
    jobs.run_job(job.pk)  # running it again leaves it as it is
    job.refresh_from_db()
    assert job.status == GeneratedFile.Status.DONE and job.attempts == 1


def test_print_job_failure_is_in_words(party, director) -> None:
    from tournaments.printing import jobs
    from tournaments.printing.models import GeneratedFile

    job = services.start_print_job(actor=director, party=party, kind="tally-cards", enqueue=False)
    jobs.run_job(job.pk)  # what the worker does: the one pipeline for every kind
    job.refresh_from_db()
    assert job.status == GeneratedFile.Status.FAILED and "Draw the tally cards first" in job.error
    with pytest.raises(services.EntryError, match="Unknown paper"):
        services.start_print_job(actor=director, party=party, kind="menu", enqueue=False)


def test_print_page_starts_a_job(started, director_client, django_capture_on_commit_callbacks) -> None:
    from unittest import mock

    from django.urls import reverse

    from tournaments.printing import jobs

    with (
        mock.patch("tournaments.printing.jobs.send") as delay,
        django_capture_on_commit_callbacks(execute=True),
    ):
        response = director_client.post(reverse("parties:print", args=[started.pk]), {"kind": "score-pads"})
    assert response.status_code == 302 and "/print/job/" in response["Location"]
    (call,) = delay.call_args_list
    job_id = call.args[0]
    jobs.run_job(job_id)
    page = director_client.get(reverse("parties:print", args=[started.pk])).content.decode()
    assert "Made recently" in page and "score-pads" in page
