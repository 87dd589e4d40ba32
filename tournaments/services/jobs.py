"""Background jobs that make PDFs: start one, run it (in a worker or from the command line), recover lost ones.

- `start_job` saves the job in a transaction and sends it to the broker only once that transaction commits.
- `run_job` is what the Celery task and the management commands both call. It is safe to run twice: a job
  already done is left alone, and rendering is deterministic, so a re-run writes the same bytes.
- A worker killed mid-job leaves the job "running" with a heartbeat that stops moving; `requeue_stale_jobs`
  (run when a worker starts, and by the status page a director is watching) sends such jobs again, up to
  `MAX_ATTEMPTS` runs in all.
- Files expire after `GENERATED_FILE_TTL_HOURS`; `delete_expired` removes them (called whenever a job starts).
"""

from __future__ import annotations

import logging
import os
import time
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from tournaments import reports
from tournaments.models import GeneratedFile, Session
from tournaments.reports.base import PAPERS, ReportError

log = logging.getLogger(__name__)

Actor = AbstractBaseUser | AnonymousUser | None

MAX_ATTEMPTS = 3
# A running job whose worker has said nothing for this long is taken for dead (rendering reports every page).
STALE_AFTER = timedelta(
    seconds=int(os.environ.get("BRIDGEDESK_JOB_STALE_SECONDS", getattr(settings, "JOB_STALE_SECONDS", 60)))
)
PROGRESS_EVERY = 0.25  # seconds between progress writes: the bar moves, the database is not hammered


def ttl() -> timedelta:
    return timedelta(hours=getattr(settings, "GENERATED_FILE_TTL_HOURS", 72))


def start_job(*, owner: Actor, session: Session, kind: str, paper: str = "a4", enqueue: bool = True) -> GeneratedFile:
    """Record a job for `kind` (a report or a book) of `session` and queue it once the transaction commits.

    Raises ValidationError for an unknown report or paper size (a form shows it at the field).
    """
    if kind not in reports.KINDS:
        raise ValidationError({"kind": f"Unknown report {kind!r}: choose one of {', '.join(reports.KINDS)}."})
    paper = (paper or "a4").lower()
    if paper not in PAPERS:
        raise ValidationError({"paper": f"Unknown paper size {paper!r}: choose A4 or US Letter."})
    user = owner if getattr(owner, "is_authenticated", False) else None
    with transaction.atomic():
        delete_expired()
        job = GeneratedFile.objects.create(
            owner=user,
            session=session,
            kind=kind,
            params={"paper": paper},
            message="Waiting for a worker",
            expires_at=timezone.now() + ttl(),
        )
        if enqueue:
            job_id = job.pk
            transaction.on_commit(lambda: send(job_id))
    return job


def analyse_deals_later(session: Session) -> bool:
    """Solve the session's new deals double dummy in the background, so hand records print at once later.

    Called when the printing panel is shown (and worth calling after deals are loaded); the answers are a
    cache (DoubleDummyAnalysis), so sending it twice costs nothing but a worker's second. Returns True if sent.
    """
    from tournaments.models import Board
    from tournaments.reports.handrecords import unanalysed

    if not unanalysed(list(Board.objects.filter(session=session).exclude(deal=""))):
        return False
    from tournaments.tasks.reports import analyse_deals

    session_id = session.pk
    transaction.on_commit(lambda: analyse_deals.delay(session_id))
    return True


PARTY_JOB_PREFIX = "party-"  # a party's papers share this runner; their kinds start with it


def send(job_id: int) -> None:
    """Put the job on the broker (the task only carries the id), to the task that makes its kind of file."""
    kind = GeneratedFile.objects.filter(pk=job_id).values_list("kind", flat=True).first() or ""
    if kind.startswith(PARTY_JOB_PREFIX):
        from tournaments.tasks.parties import render_party_paper

        render_party_paper.delay(job_id)
        return
    from tournaments.tasks.reports import render_report

    render_report.delay(job_id)


def _claim(job_id: int) -> GeneratedFile | None:
    """Mark the job running (one more attempt) unless it is finished or has used up its attempts."""
    with transaction.atomic():
        job = GeneratedFile.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status in (GeneratedFile.Status.DONE, GeneratedFile.Status.FAILED):
            return None
        now = timezone.now()
        if job.attempts >= MAX_ATTEMPTS:
            job.status = GeneratedFile.Status.FAILED
            job.error = (
                f"The job was interrupted {job.attempts} times (the worker making it stopped each time), so it "
                "was given up. Start it again; if it keeps failing, the worker may be short of memory."
            )
            job.message = "Failed"
            job.finished_at = now
            job.save(update_fields=["status", "error", "message", "finished_at", "updated_at"])
            return None
        job.status = GeneratedFile.Status.RUNNING
        job.attempts += 1
        job.progress = 0
        job.heartbeat_at = now
        job.message = "Starting"
        job.error = ""
        job.save(update_fields=["status", "attempts", "progress", "heartbeat_at", "message", "error", "updated_at"])
        return job


class _ProgressWriter:
    """Writes progress (never backwards) at most every PROGRESS_EVERY seconds; each write is a heartbeat."""

    def __init__(self, job_id: int) -> None:
        self.job_id = job_id
        self.last_write = 0.0
        self.best = 0

    def __call__(self, fraction: float, message: str) -> None:
        percent = max(self.best, min(99, int(fraction * 100)))
        now = time.monotonic()
        if now - self.last_write < PROGRESS_EVERY and percent < 99:
            return
        self.best, self.last_write = percent, now
        GeneratedFile.objects.filter(pk=self.job_id, status=GeneratedFile.Status.RUNNING).update(
            progress=percent, message=message[:200], heartbeat_at=timezone.now()
        )


def run_job(job_id: int) -> GeneratedFile | None:
    """Render the job's file and store it; a failure is stored in words. Safe to call again for the same job."""
    kind = GeneratedFile.objects.filter(pk=job_id).values_list("kind", flat=True).first() or ""
    if kind.startswith(PARTY_JOB_PREFIX):
        from tournaments.services.parties import run_print_job

        return run_print_job(job_id)
    job = _claim(job_id)
    if job is None:
        return GeneratedFile.objects.filter(pk=job_id).first()
    paper = str(job.params.get("paper", "a4"))
    try:
        if job.session_id is None:
            raise ReportError("The session of this job has been deleted.")
        filename, content_type, content = reports.render(
            job.kind, job.session_id, paper=paper, progress=_ProgressWriter(job.pk)
        )
    except ReportError as exc:
        return _fail(job, str(exc))
    except Exception as exc:  # the director gets words; the log gets the traceback
        log.exception("report job %s (%s of session %s) failed", job.pk, job.kind, job.session_id)
        return _fail(
            job,
            f"Bridgedesk could not make the {reports.title_of(job.kind).lower()} ({type(exc).__name__}). "
            "Check the session's results and boards, then try again; the error is in the worker's log.",
        )
    with transaction.atomic():
        updated = (
            GeneratedFile.objects.filter(pk=job.pk)
            .exclude(status=GeneratedFile.Status.FAILED)
            .update(
                status=GeneratedFile.Status.DONE,
                progress=100,
                message="Ready",
                filename=filename,
                content_type=content_type,
                content=content,
                size=len(content),
                heartbeat_at=timezone.now(),
                finished_at=timezone.now(),
                updated_at=timezone.now(),
            )
        )
    if not updated:
        log.info("report job %s finished after it was given up; result discarded", job.pk)
    return GeneratedFile.objects.filter(pk=job.pk).first()


def download_filename(job: GeneratedFile) -> str:
    """What the browser saves: "session-12-standings-a4.pdf", so files of different evenings do not collide."""
    paper = job.params.get("paper", "a4")
    stem, _, ext = job.filename.rpartition(".")
    owner = f"party-{job.params['party']}" if job.kind.startswith(PARTY_JOB_PREFIX) else f"session-{job.session_id}"
    return f"{owner}-{stem}-{paper}.{ext or 'pdf'}"


def _fail(job: GeneratedFile, error: str) -> GeneratedFile | None:
    GeneratedFile.objects.filter(pk=job.pk).update(
        status=GeneratedFile.Status.FAILED,
        error=error,
        message="Failed",
        finished_at=timezone.now(),
        updated_at=timezone.now(),
    )
    return GeneratedFile.objects.filter(pk=job.pk).first()


def stale_jobs(now: Any = None) -> Any:
    """Jobs that should be moving but are not: queued or running with no sign of life for STALE_AFTER."""
    now = now or timezone.now()
    cutoff = now - STALE_AFTER
    return GeneratedFile.objects.filter(
        Q(status=GeneratedFile.Status.QUEUED, updated_at__lt=cutoff)
        | Q(status=GeneratedFile.Status.RUNNING, heartbeat_at__lt=cutoff)
    )


def requeue_stale_jobs(*, job_ids: list[int] | None = None) -> list[int]:
    """Send stale jobs to the broker again (a worker died with them); returns their ids."""
    jobs = stale_jobs()
    if job_ids is not None:
        jobs = jobs.filter(pk__in=job_ids)
    ids = []
    for job_id, status in jobs.values_list("pk", "status"):
        # Touch it so two watchers do not both resend it at once.
        now = timezone.now()
        touch: dict[str, Any] = {"updated_at": now, "message": "Sent again to a worker"}
        if status == GeneratedFile.Status.RUNNING:
            touch["heartbeat_at"] = now
        GeneratedFile.objects.filter(pk=job_id, status=status).update(**touch)
        send(job_id)
        ids.append(job_id)
        log.warning("report job %s looked abandoned; sent again", job_id)
    return ids


def delete_expired(now: Any = None) -> int:
    """Delete jobs and files past their expiry date; returns how many went."""
    deleted, _ = GeneratedFile.objects.filter(expires_at__lt=now or timezone.now()).delete()
    return deleted


def job_status(job: GeneratedFile) -> dict[str, Any]:
    """What the progress bar polls: status, progress, message, error and, once done, the download URL."""
    return {
        "id": job.pk,
        "kind": job.kind,
        "title": reports.title_of(job.kind) if job.kind in reports.KINDS else job.kind,
        "status": job.status,
        "progress": job.progress,
        "message": job.message,
        "error": job.error,
        "download_url": reverse("jobs:download", args=[job.pk]) if job.status == GeneratedFile.Status.DONE else None,
        "filename": download_filename(job) if job.status == GeneratedFile.Status.DONE else None,
    }


RESULTS_KINDS = ("standings", "recaps", "scorecards", "hand-records")
KIT_KINDS = ("guide-cards", "travellers", "pickup-slips")


def run_to_folder(
    *, session: Session, kinds: tuple[str, ...], out_dir: Any, paper: str = "a4", owner: Actor = None
) -> list[tuple[str, Any, str]]:
    """Run one job per report right here (the command line's way) and write each file into `out_dir`.

    Returns (kind, path or None, error) per report; a report that cannot be made does not stop the others.
    Hand records are left out, with a note rather than an error, when no hands were recorded.
    """
    from pathlib import Path

    from tournaments.models import Board

    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    made: list[tuple[str, Any, str]] = []
    for kind in kinds:
        if kind == "hand-records" and not Board.objects.filter(session=session).exclude(deal="").exists():
            made.append((kind, None, "skipped: no hands are recorded for this session"))
            continue
        job = start_job(owner=owner, session=session, kind=kind, paper=paper, enqueue=False)
        done = run_job(job.pk)
        if done is None or done.status != GeneratedFile.Status.DONE:
            made.append((kind, None, done.error if done else "The job disappeared while it ran."))
            continue
        path = folder / done.filename
        path.write_bytes(bytes(done.content))
        made.append((kind, path, ""))
    return made
