"""Shared by the jobs tests: wait for a job, read a PDF's pages."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from pypdf import PdfReader

from tournaments.printing.models import GeneratedFile


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


def start_worker(queue: str, log: Path, pool: str = "solo", **env: str) -> subprocess.Popen[bytes]:
    """A `celery worker` process of our own on `queue`, against the test database (as tests/conftest.py starts
    its shared one), for tests that kill a worker. `log` must be a new file; returns once the worker is ready."""
    from tests.conftest import _database_url_for_tests

    environment = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "DATABASE_URL": _database_url_for_tests(),
        "CELERY_TASK_DEFAULT_QUEUE": queue,
        "CELERY_TASK_ALWAYS_EAGER": "0",
        **env,
    }
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", queue, "--concurrency", "1"]
    command += ["--pool", pool, "--loglevel", "INFO", "--without-heartbeat", "--without-gossip", "--without-mingle"]
    with log.open("wb") as out:
        proc = subprocess.Popen(command, cwd=settings.BASE_DIR, env=environment, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while b"ready." not in log.read_bytes():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise AssertionError(f"the Celery worker did not start:\n{log.read_text()[-3000:]}")
        time.sleep(0.1)
    return proc
