"""What a job's progress bar and download link say of it: its status, its file's name, and whether it is out of
date. Kept apart from the job runner (jobs.py), which re-exports these names for its callers."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from tournaments.printing import registry
from tournaments.printing.base import ReportError
from tournaments.printing.models import GeneratedFile


def owner_id(job: GeneratedFile, spec: registry.JobKind) -> int | None:
    """The id of the event (or competition) a job's file is of, if it is of the kind's owner (its foreign key)."""
    return job.root_id if job.root_kind == spec.owner else None


def download_filename(job: GeneratedFile) -> str:
    """What the browser saves: "session-12-standings-a4.pdf", so files of different evenings do not collide."""
    paper = job.params.get("paper", "a4")
    stem, _, ext = job.filename.rpartition(".")
    if job.competition_id:
        owner = f"competition-{job.competition_id}"
    elif job.simultaneous_id:
        owner = f"simultaneous-{job.simultaneous_id}"
    elif job.team_event_id:
        owner = f"teams-{job.team_event_id}"
    else:
        owner = f"party-{job.party_id}" if job.party_id else f"session-{job.session_id}"
    return f"{owner}-{stem}-{paper}.{ext or 'pdf'}"


def out_of_date(job: GeneratedFile) -> bool:
    """True when what the file shows has changed since it was made (a result corrected after printing)."""
    spec = registry.KINDS.get(job.kind)
    made_from = (job.params or {}).get("made_from")
    if job.status != GeneratedFile.Status.DONE or spec is None or spec.stamp is None or made_from is None:
        return False
    owner = owner_id(job, spec)
    try:
        return owner is not None and spec.stamp(spec.load(owner)) != made_from
    except ReportError:
        return False


def job_status(job: GeneratedFile) -> dict[str, Any]:
    """What the progress bar polls: status, progress, message, error and, once done, the download URL."""
    return {
        "out_of_date": out_of_date(job),
        "id": job.pk,
        "kind": job.kind,
        "title": registry.title_of(job.kind),
        "status": job.status,
        "progress": job.progress,
        "message": job.message,
        "error": job.error,
        "download_url": reverse("jobs:download", args=[job.pk]) if job.status == GeneratedFile.Status.DONE else None,
        "filename": download_filename(job) if job.status == GeneratedFile.Status.DONE else None,
    }
