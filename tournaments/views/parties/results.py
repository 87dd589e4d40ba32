"""Tallies, prizes and the printed party papers."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from tournaments.models import GeneratedFile
from tournaments.reports.base import ReportError
from tournaments.reports.parties import RENDERERS
from tournaments.selectors.parties import party_rounds, standings
from tournaments.services import parties as services
from tournaments.services.parties import PARTY_JOB_PREFIX, EntryError

from .common import get_party, steps


@login_required
def party_standings(request: HttpRequest, pk: int) -> HttpResponse:
    party = get_party(request, pk)
    return render(
        request,
        "parties/standings.html",
        {
            "party": party,
            "standings": standings(party),
            "rounds": party_rounds(party),
            "steps": steps(party, "standings"),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def party_print(request: HttpRequest, pk: int) -> HttpResponse:
    """The printing page: one big button per paper; each starts a background job with a progress page."""
    party = get_party(request, pk)
    if request.method == "POST":
        try:
            job = services.start_print_job(actor=request.user, party=party, kind=request.POST.get("kind", ""))
        except EntryError as exc:
            messages.error(request, str(exc))
        else:
            return redirect("parties:print_job", pk=party.pk, job_id=job.pk)
    papers = [(kind, label) for kind, (label, _fn) in RENDERERS.items()]
    recent = (
        GeneratedFile.objects.filter(
            kind__startswith=PARTY_JOB_PREFIX, params__party=party.pk, expires_at__gt=timezone.now()
        )
        .defer("content")
        .order_by("-id")[:8]
    )
    return render(
        request,
        "parties/print.html",
        {"party": party, "papers": papers, "jobs": recent, "labels": dict(papers), "steps": steps(party, "play")},
    )


@login_required
def party_print_job(request: HttpRequest, pk: int, job_id: int) -> HttpResponse:
    """A print job's progress; the page refreshes itself until the PDF is ready to open."""
    party = get_party(request, pk)
    job = (
        GeneratedFile.objects.filter(pk=job_id, kind__startswith=PARTY_JOB_PREFIX, params__party=party.pk)
        .defer("content")
        .first()
    )
    if job is None:
        raise Http404("No such print job (files are kept for a few days).")
    label = RENDERERS.get(job.kind.removeprefix(PARTY_JOB_PREFIX), ("Paper", None))[0]
    return render(request, "parties/print_job.html", {"party": party, "job": job, "label": label})


@login_required
def party_pdf(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """A paper rendered straight away (a party is small: a few pages)."""
    party = get_party(request, pk)
    if kind not in RENDERERS:
        raise Http404("No such paper.")
    try:
        filename, content_type, data = RENDERERS[kind][1](party)
    except ReportError as exc:
        messages.error(request, str(exc))
        return redirect("parties:print", pk=party.pk)
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
