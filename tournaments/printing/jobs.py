"""Background jobs that make files: one pipeline for every kind any domain registers (printing/registry.py).

- `start_job` saves the job in a transaction and sends it to the broker only once that transaction commits.
- `run_job` is what the Celery task and the commands call. A job is claimed with a lease (a compare-and-set
  on `lease_until`), so a job that is still beating is never run by a second worker; while it renders, a
  heartbeat thread renews the lease every HEARTBEAT seconds, even through one long step.
- A dead worker stops renewing: once its lease ran out (LEASE), a live worker's watchdog (every WATCH) sends
  the job again, running within about LEASE + WATCH. A message delivered twice finds the job leased or done.
- Rendering is deterministic and never writes to the database; a re-run writes the same bytes. They go to the
  files' storage (settings.STORAGES: a folder or S3-compatible), so any web process serves any worker's file.
- Files expire after GENERATED_FILE_TTL_HOURS; `delete_expired` removes them (when a job starts, and hourly
  from Celery beat); a deleted row's file goes once the delete commits (printing/models.py).
"""

from __future__ import annotations

import logging
import os
import secrets
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.db import InterfaceError, OperationalError, close_old_connections, connection, transaction
from django.db.models import F, FileField, Q, QuerySet
from django.utils import timezone, translation
from django.utils.translation import gettext

from tournaments.clubs.directory import club_paper
from tournaments.core.actors import Actor, user_of
from tournaments.core.languages import club_default_language
from tournaments.core.tenancy import current_club_id, using_club
from tournaments.printing import registry
from tournaments.printing.base import PAPER_NAMES, ReportError
from tournaments.printing.models import GeneratedFile
from tournaments.printing.status import download_filename as download_filename
from tournaments.printing.status import job_status as job_status
from tournaments.printing.status import out_of_date as out_of_date
from tournaments.printing.status import owner_id as _owner_id

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 3
# A running job's lease: renewed by its heartbeat; a dead worker's job is free again once it runs out.
LEASE = timedelta(
    seconds=float(os.environ.get("BRIDGEDESK_JOB_LEASE_SECONDS", getattr(settings, "JOB_LEASE_SECONDS", 8)))
)
HEARTBEAT = max(0.5, LEASE.total_seconds() / 4)
WATCH = max(1.0, LEASE.total_seconds() / 2)  # how often a worker's watchdog looks for lost jobs
STALE_AFTER = LEASE  # kept for callers that ask how long a silent job is given
PROGRESS_EVERY = 0.25  # seconds between progress writes: the bar moves, the database is not hammered
QUEUED_LOST_AFTER = timedelta(seconds=30)  # a queued job no worker took: its message was lost
# How long a job waits for a database that went away (a restart, a fail-over) before it gives the step up.
OUTAGE_LIMIT = float(os.environ.get("BRIDGEDESK_JOB_OUTAGE_SECONDS", 60))
WAITING_FOR_BROKER = "Queued: it will start when the worker is back (the job queue did not answer)"
DATABASE_AWAY = (OperationalError, InterfaceError)
T = TypeVar("T")

RESULTS_KINDS = ("standings", "recaps", "scorecards", "hand-records")
KIT_KINDS = ("guide-cards", "travellers", "pickup-slips")


def ttl() -> timedelta:
    return timedelta(hours=getattr(settings, "GENERATED_FILE_TTL_HOURS", 72))


def start_job(
    *,
    owner: Actor,
    kind: str,
    session: Any = None,
    party: Any = None,
    team_event: Any = None,
    simultaneous: Any = None,
    competition: Any = None,
    paper: str = "",
    enqueue: bool = True,
) -> GeneratedFile:
    """Record a job for `kind` of a session, a party, a teams event, a simultaneous or a season competition;
    queue it once committed.

    Raises ValidationError for an unknown kind, a missing owner or paper size (a form shows it at the field).
    """
    if kind not in registry.KINDS:
        names = ", ".join(k for k in registry.KINDS if not k.startswith(("party-", "teams-", "simul-", "competition-")))
        raise ValidationError(
            {
                "kind": gettext("Unknown report %(kind)s: choose one of %(names)s.")
                % {"kind": repr(kind), "names": names}
            }
        )
    spec = registry.KINDS[kind]
    targets = {"session": session, "party": party, "team_event": team_event, "simultaneous": simultaneous}
    target = (targets | {"competition": competition})[spec.owner]
    if target is None:
        raise ValidationError(
            {
                "kind": gettext("A %(what)s belongs to a %(owner)s: say which.")
                % {"what": registry.title_of(kind).lower(), "owner": spec.owner}
            }
        )
    club = club_of(target)  # the object's own club, not whichever the request or command has current
    if club is None and getattr(target, "federation_id", None) is not None:
        return _federation_job(owner, kind, spec.owner, target, paper, enqueue)
    with using_club(club if club is not None else current_club_id()):
        return _record_job(owner, kind, spec.owner, target, paper, enqueue)


def _federation_job(owner: Actor, kind: str, owned_by: str, target: Any, paper: str, enqueue: bool) -> GeneratedFile:
    """A federation's simultaneous belongs to no club, whichever club is current where the official asked: its
    job has no club either, and takes the federation's paper and language (the asker's language first)."""
    with using_club(None):
        fed = target.federation
        return _record_job(owner, kind, owned_by, target, paper or fed.paper, enqueue, True, fed.language)


def club_of(target: Any) -> int | None:
    """The club a job's object belongs to: a party's, teams event's or club simultaneous's own `tenant`, a session's
    through its event; None for a federation's simultaneous (it belongs to no club)."""
    tenant = getattr(target, "tenant_id", None)
    if tenant is None and getattr(target, "event_id", None) is not None:
        tenant = getattr(target.event, "tenant_id", None)  # a forward relation: read whatever the current club
    return int(tenant) if tenant is not None else None


def _record_job(
    owner: Actor,
    kind: str,
    owned_by: str,
    target: Any,
    paper: str,
    enqueue: bool,
    no_club: bool = False,
    language: str = "",
) -> GeneratedFile:
    """The job's row in the current club (its `tenant`; `no_club`: in none, a federation's), with the club's
    paper and language as the defaults (`language`: the default instead of the club's, a federation's)."""
    paper = (paper or club_paper()).lower()  # none asked: the club's paper size
    if paper not in PAPER_NAMES:
        raise ValidationError(
            {"paper": gettext("Unknown paper size %(paper)s: choose A4 or US Letter.") % {"paper": repr(paper)}}
        )
    with transaction.atomic():
        delete_expired()
        job = GeneratedFile.objects.create(
            owner=user_of(owner),
            session=target if owned_by == "session" else None,
            party=target if owned_by == "party" else None,
            team_event=target if owned_by == "team_event" else None,
            simultaneous=target if owned_by == "simultaneous" else None,
            competition=target if owned_by == "competition" else None,
            kind=kind,
            # The language of the request that asked: the worker writes the file and its messages in it.
            params={"paper": paper, "language": translation.get_language() or language or club_default_language()}
            | ({owned_by: target.pk} if owned_by != "session" else {}),
            **({"tenant": None} if no_club else {}),
            message=gettext("Waiting for a worker"),
            expires_at=timezone.now() + ttl(),
        )
        if enqueue:
            job_id = job.pk
            transaction.on_commit(lambda: send(job_id))
    return job


_sender: list[Callable[[int], None]] = []


def set_sender(sender: Callable[[int], None]) -> None:
    """The function that queues a job by id, registered at start-up (tournaments/apps.py), so that this module
    need not import the task module (and Celery) itself."""
    _sender[:] = [sender]


def send(job_id: int) -> None:
    """Put the job on the broker; the task carries only the id, and every kind goes to the one runner."""
    if not _sender:
        raise RuntimeError("No job task is registered: the app config names it at start-up.")
    _sender[0](job_id)


def claim(job_id: int) -> GeneratedFile | None:
    """Take the job for this worker: only if it is not done, not given up, and nobody holds a live lease on it.

    A compare-and-set: the UPDATE names the state it expects and one row must change, so two workers (or a
    redelivered message) cannot both take it.
    """
    now = timezone.now()
    free = Q(lease_until__isnull=True) | Q(lease_until__lt=now)
    runnable = GeneratedFile.objects.filter(
        pk=job_id, status__in=[GeneratedFile.Status.QUEUED, GeneratedFile.Status.RUNNING]
    )
    spent = runnable.filter(free, attempts__gte=MAX_ATTEMPTS).update(
        status=GeneratedFile.Status.FAILED,
        message="Failed",
        error=gettext(
            "The job was interrupted %(times)s times (the worker making it stopped each time), so it was "
            "given up. Start it again; if it keeps failing, the worker may be short of memory."
        )
        % {"times": MAX_ATTEMPTS},
        finished_at=now,
        updated_at=now,
    )
    if spent:
        return None
    taken = runnable.filter(free).update(
        status=GeneratedFile.Status.RUNNING,
        attempts=F("attempts") + 1,
        progress=0,
        heartbeat_at=now,
        lease_until=now + LEASE,
        message="Starting",
        error="",
        updated_at=now,
    )
    return GeneratedFile.objects.filter(pk=job_id).first() if taken == 1 else None


class _Heartbeat:
    """Renews the job's lease from a thread of its own while the render runs, however long one step takes."""

    def __init__(self, job_id: int) -> None:
        self.job_id = job_id
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._beat, name=f"job-{job_id}-heartbeat", daemon=True)

    def __enter__(self) -> _Heartbeat:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=HEARTBEAT * 2)

    def _beat(self) -> None:
        try:
            while not self.stop.wait(HEARTBEAT):
                now = timezone.now()
                try:
                    GeneratedFile.objects.filter(pk=self.job_id, status=GeneratedFile.Status.RUNNING).update(
                        heartbeat_at=now, lease_until=now + LEASE
                    )
                except DATABASE_AWAY:  # away for a moment: reconnect at the next beat, and keep beating
                    log.warning("heartbeat of job %s: the database is not answering; trying again", self.job_id)
                    _reconnect()
        finally:
            connection.close()


def _reconnect() -> None:
    """Drop this thread's broken connection, so the next query opens a new one."""
    try:
        connection.close()
    except DATABASE_AWAY:
        connection.connection = None


def _through_outages(step: Callable[[], T], job_id: int, what: str) -> tuple[T, float]:
    """Run a step that only reads (or writes once at its end); while the database is away, wait for it and run
    the step again from its start, for up to OUTAGE_LIMIT seconds. Returns the result and the seconds waited."""
    began: float | None = None
    while True:
        attempt = time.monotonic()
        try:
            return step(), (attempt - began if began is not None else 0.0)
        except DATABASE_AWAY:
            began = began if began is not None else time.monotonic()
            if time.monotonic() - began > OUTAGE_LIMIT:
                raise
            log.warning("job %s: the database went away while %s; waiting to run it again", job_id, what)
            _reconnect()
            time.sleep(min(2.0, max(0.2, HEARTBEAT / 2)))


class _ProgressWriter:
    """Writes progress (never backwards) at most every PROGRESS_EVERY seconds."""

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
        try:
            GeneratedFile.objects.filter(pk=self.job_id, status=GeneratedFile.Status.RUNNING).update(
                progress=percent, message=message[:200]
            )
        except DATABASE_AWAY:  # the bar waits; the render goes on (and is run again if it needs the database)
            _reconnect()


def run_job(job_id: int) -> GeneratedFile | None:
    """Render the job's file and store it; a failure is stored in words. Safe to call again for the same job.

    A database that goes away for up to OUTAGE_LIMIT seconds does not fail the job: the heartbeat reconnects,
    the render (which only reads) is run again once the database is back, and the message says so. The file
    and every message are in the language of the request that queued the job (its params), else the club's.
    """
    job, _ = _through_outages(lambda: claim(job_id), job_id, "claiming it")
    if job is None:
        return GeneratedFile.objects.filter(pk=job_id).first()
    with translation.override(str(job.params.get("language") or club_default_language())):
        return _run_claimed(job)


def _run_claimed(job: GeneratedFile) -> GeneratedFile | None:
    """The rest of run_job, once the job is ours, in the job's language."""
    spec = registry.KINDS.get(job.kind)
    paper = str(job.params.get("paper", "a4"))
    try:
        if spec is None:
            raise ReportError(gettext("Bridgedesk no longer makes %(kind)s files.") % {"kind": repr(job.kind)})
        owner_id = _owner_id(job, spec)
        if owner_id is None:
            raise ReportError(gettext("The %(owner)s of this job has been deleted.") % {"owner": spec.owner})
        with _Heartbeat(job.pk), using_club(job.tenant_id):  # the worker reads as the job's club
            made, away = _through_outages(lambda: _render(spec, owner_id, paper, job.pk), job.pk, "making the file")
    except ReportError as exc:
        return _fail(job, str(exc))
    except Exception as exc:  # the director gets words; the log gets the traceback
        log.exception("job %s (%s) failed", job.pk, job.kind)
        title = registry.title_of(job.kind).lower()
        if isinstance(exc, DATABASE_AWAY):
            return _fail(job, gettext("The database did not answer for over %(seconds).0f seconds while the %(title)s "
                         "was being made. Start it again once the database is back.")
                         % {"seconds": OUTAGE_LIMIT, "title": title})  # fmt: skip
        return _fail(job, gettext("Bridgedesk could not make the %(title)s (%(error)s). Check the results and boards, "
                                  "then try again; the error is in the worker's log.")
                     % {"title": title, "error": type(exc).__name__})  # fmt: skip
    made_from, (filename, content_type, content) = made
    message = spec.summary(content) if spec.summary is not None else "Ready"
    if away:
        away_words = gettext("(the database was away for %(seconds).0f s; that step was run again once it was back)")
        message += " " + away_words % {"seconds": away}
    try:
        stored = _save_file(job, filename, content)
    except Exception as exc:  # the storage (a bucket, a disk) refused: the director gets words, the log the rest
        log.exception("job %s (%s): the file could not be stored", job.pk, job.kind)
        title = registry.title_of(job.kind).lower()
        wrong = gettext("Bridgedesk made the %(title)s but could not store it (%(error)s). Try again.")
        return _fail(job, wrong % {"title": title, "error": type(exc).__name__})
    kept = (filename, content_type, stored, len(content), message)
    _through_outages(lambda: _store(job, made_from, *kept), job.pk, "storing it")
    return GeneratedFile.objects.filter(pk=job.pk).first()


def _save_file(job: GeneratedFile, filename: str, content: bytes) -> str:
    """Put the bytes in the files' storage (settings.STORAGES) under a name no other job's can take."""
    field = GeneratedFile._meta.get_field("file")
    assert isinstance(field, FileField)
    name = field.generate_filename(job, f"{job.pk}-{secrets.token_hex(8)}-{filename or 'file'}")
    return field.storage.save(name, ContentFile(content))


def _render(spec: registry.JobKind, owner_id: int, paper: str, job_id: int) -> tuple[Any, tuple[str, str, bytes]]:
    """One whole render, from loading the owner on: it only reads, so it may be run again from the start."""
    target = spec.load(owner_id)
    spec.run_prepare(target)
    made_from = spec.stamp(target) if spec.stamp is not None else None
    return made_from, spec.run_render(target, paper, _ProgressWriter(job_id))


def _store(
    job: GeneratedFile, made_from: Any, filename: str, content_type: str, stored: str, size: int, message: str
) -> None:
    now = timezone.now()
    updated = GeneratedFile.objects.filter(pk=job.pk, status=GeneratedFile.Status.RUNNING).update(
        status=GeneratedFile.Status.DONE,
        progress=100,
        message=message[:200],
        params={**job.params, "made_from": made_from} if made_from is not None else job.params,
        filename=filename,
        content_type=content_type,
        file=stored,
        size=size,
        heartbeat_at=now,
        lease_until=None,
        finished_at=now,
        updated_at=now,
    )
    if not updated:
        log.info("job %s finished after it was given up or done elsewhere; result discarded", job.pk)
        GeneratedFile._meta.get_field("file").storage.delete(stored)


def waiting_for_broker(job_id: int) -> None:
    """The job is kept but its message could not be sent: say so; the workers' watchdog sends it again."""
    GeneratedFile.objects.filter(pk=job_id, status=GeneratedFile.Status.QUEUED).update(message=WAITING_FOR_BROKER)


def _fail(job: GeneratedFile, error: str) -> GeneratedFile | None:
    GeneratedFile.objects.filter(pk=job.pk).update(
        status=GeneratedFile.Status.FAILED,
        error=error,
        message="Failed",
        lease_until=None,
        finished_at=timezone.now(),
        updated_at=timezone.now(),
    )
    return GeneratedFile.objects.filter(pk=job.pk).first()


def stale_jobs(now: datetime | None = None) -> QuerySet[GeneratedFile]:
    """Jobs that should be moving but are not: running with a lapsed lease, or queued and never taken."""
    now = now or timezone.now()
    return GeneratedFile.objects.filter(
        Q(status=GeneratedFile.Status.RUNNING, lease_until__lt=now)
        | Q(status=GeneratedFile.Status.QUEUED, updated_at__lt=now - QUEUED_LOST_AFTER)
    )


def requeue_stale_jobs(*, job_ids: list[int] | None = None) -> list[int]:
    """Send lost jobs to the broker again (a worker died with them); returns their ids.

    Each is touched with a compare-and-set first, so two watchdogs do not both send it at once (and if they
    did, the claim would still let only one render it).
    """
    jobs = stale_jobs()
    if job_ids is not None:
        jobs = jobs.filter(pk__in=job_ids)
    sent = []
    for job_id, status, lease, updated in jobs.values_list("pk", "status", "lease_until", "updated_at"):
        now = timezone.now()
        touched = GeneratedFile.objects.filter(pk=job_id, status=status, lease_until=lease, updated_at=updated)
        # Back to the queue with a fresh time stamp: other watchdogs leave it alone until it is lost again.
        changed = touched.update(
            status=GeneratedFile.Status.QUEUED,
            lease_until=None,
            message=gettext("Sent again to a worker"),
            updated_at=now,
        )
        if changed:
            send(job_id)
            sent.append(job_id)
            log.warning("job %s looked abandoned; sent again", job_id)
    return sent


class Watchdog:
    """In each worker: every WATCH seconds, send again the jobs a dead worker left (their lease ran out)."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._watch, name="job-watchdog", daemon=True)

    def start(self) -> Watchdog:
        self.thread.start()
        return self

    def _watch(self) -> None:
        while not self.stop.wait(WATCH):
            try:
                close_old_connections()
                requeue_stale_jobs()
            except Exception:  # the database or broker is away for a moment: look again next time
                log.exception("the job watchdog could not look for lost jobs")


def delete_expired(now: datetime | None = None) -> int:
    """Delete jobs and files past their expiry date; returns how many went."""
    deleted, _ = GeneratedFile.objects.filter(expires_at__lt=now or timezone.now()).delete()
    return deleted


def run_to_folder(
    *, session: Any, kinds: tuple[str, ...], out_dir: Path, paper: str = "a4", owner: Actor = None
) -> list[tuple[str, Path | None, str]]:
    """Run one job per report right here (the command line's way) and write each file into `out_dir`.

    Returns (kind, path or None, error) per report; a report that cannot be made does not stop the others.
    """
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    made: list[tuple[str, Path | None, str]] = []
    for kind in kinds:
        job = start_job(owner=owner, session=session, kind=kind, paper=paper, enqueue=False)
        done = run_job(job.pk)
        if done is None or done.status != GeneratedFile.Status.DONE:
            error = done.error if done else "The job disappeared while it ran."
            if kind == "hand-records" and "no hands" in error.lower():
                made.append((kind, None, "skipped: no hands are recorded for this session"))
                continue
            made.append((kind, None, error))
            continue
        path = folder / done.filename
        path.write_bytes(bytes(done.content or b""))
        made.append((kind, path, ""))
    return made
