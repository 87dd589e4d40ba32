"""Pages of the jobs, whatever their kind: watch a progress bar, download the file, list one's recent files.

Starting a job is the owning domain's page (the session page's printing panel, the party's printing page);
`status` answers JSON for scripts and tests.
Every view works without JavaScript too (forms post, the job page refreshes itself).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from tournaments.core.access import Perm, has, requires
from tournaments.printing import jobs
from tournaments.printing.models import GeneratedFile


def visible_jobs(request: HttpRequest) -> QuerySet[GeneratedFile]:
    """A director sees the files they asked for; the club administrator sees everyone's."""
    qs = GeneratedFile.objects.filter(expires_at__gt=timezone.now())
    if has(request.user, Perm.MANAGE_CLUB):
        return qs
    return qs.filter(owner=request.user) if request.user.is_authenticated else qs.none()


def _job_or_404(request: HttpRequest, job_id: int) -> GeneratedFile:
    """The current club's job, for its directors (the asker, or the club's administrator); a job of no club (a
    federation's simultaneous: printing/jobs.start_job), for the official who asked, whichever club is current."""
    job = GeneratedFile.objects.filter(pk=job_id).first()
    if job is not None and job.tenant_id is not None and not has(request.user, Perm.DIRECT):
        raise PermissionDenied
    if job is None:
        job = GeneratedFile._base_manager.filter(pk=job_id, tenant__isnull=True, owner_id=request.user.pk).first()
    if job is None or job.expires_at <= timezone.now():
        raise Http404("This file has expired or was deleted: make it again from the session page.")
    if not (job.owner_id == request.user.pk or (job.tenant_id is not None and has(request.user, Perm.MANAGE_CLUB))):
        raise Http404("This file belongs to another director.")  # no hint that it exists
    return job


@requires()  # a director of the job's club, or the official who asked for a federation's (_job_or_404)
@require_GET
def detail(request: HttpRequest, job_id: int) -> HttpResponse:
    """A job on a page of its own (the no-JavaScript path): refreshes itself until the file is ready."""
    job = _job_or_404(request, job_id)
    return render(request, "jobs/detail.html", {"job": job, "status": jobs.job_status(job)})


@requires()  # a director of the job's club, or the official who asked for a federation's (_job_or_404)
@require_GET
def row(request: HttpRequest, job_id: int) -> HttpResponse:
    """One job's line in the panel; it keeps polling itself (HTMX) until the job is finished."""
    job = _job_or_404(request, job_id)
    return render(request, "jobs/_job_row.html", {"job": job, "status": jobs.job_status(job)})


@requires()  # a director of the job's club, or the official who asked for a federation's (_job_or_404)
@require_GET
def status(request: HttpRequest, job_id: int) -> JsonResponse:
    """JSON: {status, progress, message, error, download_url}."""
    try:
        job = _job_or_404(request, job_id)
    except Http404 as exc:
        return JsonResponse({"status": "gone", "progress": 0, "error": str(exc), "download_url": None}, status=404)
    return JsonResponse(jobs.job_status(job))


@requires()  # a director of the job's club, or the official who asked for a federation's (_job_or_404)
@require_GET
def download(request: HttpRequest, job_id: int) -> HttpResponse:
    """The finished file, from the files' storage (any web process can serve what any worker made)."""
    job = _job_or_404(request, job_id)
    if job.status != GeneratedFile.Status.DONE:
        raise Http404("This file is not ready yet.")
    content = job.content
    if content is None:  # a finished file always has its bytes; never answer a 500 if the storage lost them
        raise Http404("This file is not ready yet.")
    response = HttpResponse(content, content_type=job.content_type or "application/pdf")
    disposition = "inline" if request.GET.get("inline") else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{jobs.download_filename(job)}"'
    response["Content-Length"] = str(len(content))
    return response


@requires(Perm.DIRECT)
@require_GET
def job_list(request: HttpRequest) -> HttpResponse:
    """The director's recent files, across sessions."""
    recent = list(visible_jobs(request).select_related("session", "session__event")[:50])
    return render(request, "jobs/list.html", {"jobs": [(j, jobs.job_status(j)) for j in recent]})
