"""Shared by the jobs tests: wait for a job, read a PDF's pages."""

from __future__ import annotations

import io
import re
import time

from pypdf import PdfReader

from tournaments.models import GeneratedFile


def wait_for(job_id: int, timeout: float = 90) -> GeneratedFile:
    """Poll the database until the job is finished (done or failed)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = GeneratedFile.objects.get(pk=job_id)
        if job.finished:
            return job
        time.sleep(0.2)
    job = GeneratedFile.objects.get(pk=job_id)
    raise AssertionError(f"job {job_id} still {job.status} at {job.progress}% ({job.message}) after {timeout}s")


def pdf_pages(content: bytes) -> list[str]:
    """The text of each page of a PDF."""
    pages = PdfReader(io.BytesIO(content)).pages
    return [
        "\n".join(re.sub(r"\s+", " ", ln).strip() for ln in page.extract_text(extraction_mode="layout").splitlines())
        for page in pages
    ]
