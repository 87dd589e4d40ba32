"""Pages of the report jobs: start one from the session page, watch its progress bar, download the PDF.

The panel on the session page is loaded and refreshed with HTMX; `status` answers JSON for scripts and tests.
Every view works without JavaScript too (forms post, the job page refreshes itself).
"""

from __future__ import annotations

import logging

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from tournaments import reports
from tournaments.models import GeneratedFile, Session
from tournaments.services import jobs

log = logging.getLogger(__name__)

RESULT_KINDS = jobs.RESULTS_KINDS
KIT_KINDS = jobs.KIT_KINDS
PAPER_CHOICES = (("a4", "A4"), ("letter", "US Letter"))


def _visible_jobs(request: HttpRequest):
    """A director sees the files they asked for; staff see everyone's (a club has a few directors)."""
    qs = GeneratedFile.objects.filter(expires_at__gt=timezone.now()).defer("content")
    return qs if request.user.is_staff else qs.filter(owner=request.user)


def _job_or_404(request: HttpRequest, job_id: int) -> GeneratedFile:
    job = GeneratedFile.objects.filter(pk=job_id).defer("content").first()
    if job is None or job.expires_at <= timezone.now():
        raise Http404("This file has expired or was deleted: make it again from the session page.")
    if not (request.user.is_staff or job.owner_id == request.user.pk):
        raise PermissionDenied("This file belongs to another director.")
    return job


def _watchdog(job: GeneratedFile) -> GeneratedFile:
    """A job whose worker died is sent again when someone is watching it (see services.jobs)."""
    if not job.finished and jobs.stale_jobs().filter(pk=job.pk).exists():
        jobs.requeue_stale_jobs(job_ids=[job.pk])
        job.refresh_from_db(fields=["status", "message", "progress", "updated_at", "heartbeat_at"])
    return job


def _panel_context(request: HttpRequest, session: Session, **extra: object) -> dict[str, object]:
    recent = list(_visible_jobs(request).filter(session=session)[:6])
    return {
        "session": session,
        "jobs": [(job, jobs.job_status(job)) for job in recent],
        "result_kinds": [(k, reports.title_of(k)) for k in RESULT_KINDS],
        "kit_kinds": [(k, reports.title_of(k)) for k in KIT_KINDS],
        "paper_choices": PAPER_CHOICES,
        "paper": request.POST.get("paper") or request.GET.get("paper") or "a4",
        **extra,
    }


@login_required
@require_GET
def session_panel(request: HttpRequest, session_id: int) -> HttpResponse:
    """The printing panel of the session page (loaded by HTMX into `jobs/_session_panel.html`)."""
    session = get_object_or_404(Session.objects.select_related("event"), pk=session_id)
    try:
        jobs.analyse_deals_later(session)  # hand records print at once when the director asks for them
    except Exception:  # a broker hiccup must not hide the panel; the report solves the deals itself then
        log.exception("could not send the double-dummy warm-up of session %s", session.pk)
    return render(request, "jobs/_panel_body.html", _panel_context(request, session))


@login_required
@require_POST
def start(request: HttpRequest, session_id: int) -> HttpResponse:
    """Start a job for the report or book named in the form; the panel comes back with its progress bar."""
    session = get_object_or_404(Session.objects.select_related("event"), pk=session_id)
    kind = request.POST.get("kind", "")
    paper = request.POST.get("paper", "a4")
    try:
        job = jobs.start_job(owner=request.user, session=session, kind=kind, paper=paper)
    except ValidationError as exc:
        errors = [m for messages in exc.message_dict.values() for m in messages]
        context = _panel_context(request, session, errors=errors)
        if request.htmx:
            return render(request, "jobs/_panel_body.html", context, status=200)
        return render(request, "jobs/job_error.html", context, status=400)
    if request.htmx:
        return render(request, "jobs/_panel_body.html", _panel_context(request, session, started=job))
    return redirect("jobs:detail", job.pk)


@login_required
@require_GET
def detail(request: HttpRequest, job_id: int) -> HttpResponse:
    """A job on a page of its own (the no-JavaScript path): refreshes itself until the file is ready."""
    job = _watchdog(_job_or_404(request, job_id))
    return render(request, "jobs/detail.html", {"job": job, "status": jobs.job_status(job)})


@login_required
@require_GET
def row(request: HttpRequest, job_id: int) -> HttpResponse:
    """One job's line in the panel; it keeps polling itself (HTMX) until the job is finished."""
    job = _watchdog(_job_or_404(request, job_id))
    return render(request, "jobs/_job_row.html", {"job": job, "status": jobs.job_status(job)})


@login_required
@require_GET
def status(request: HttpRequest, job_id: int) -> JsonResponse:
    """JSON: {status, progress, message, error, download_url}."""
    try:
        job = _watchdog(_job_or_404(request, job_id))
    except Http404 as exc:
        return JsonResponse({"status": "gone", "progress": 0, "error": str(exc), "download_url": None}, status=404)
    return JsonResponse(jobs.job_status(job))


@login_required
@require_GET
def download(request: HttpRequest, job_id: int) -> HttpResponse:
    """The finished file, straight from the database (any web process can serve what any worker made)."""
    job = _job_or_404(request, job_id)
    if job.status != GeneratedFile.Status.DONE:
        raise Http404("This file is not ready yet.")
    content = GeneratedFile.objects.values_list("content", flat=True).get(pk=job.pk)
    response = HttpResponse(bytes(content), content_type=job.content_type or "application/pdf")
    disposition = "inline" if request.GET.get("inline") else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{jobs.download_filename(job)}"'
    response["Content-Length"] = str(job.size or len(content))
    return response


@login_required
@require_GET
def job_list(request: HttpRequest) -> HttpResponse:
    """The director's recent files, across sessions."""
    recent = list(_visible_jobs(request).select_related("session", "session__event")[:50])
    return render(request, "jobs/list.html", {"jobs": [(j, jobs.job_status(j)) for j in recent]})
