"""Tallies, prizes and the printed party papers."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from tournaments.core.access import Perm, requires
from tournaments.parties import services
from tournaments.parties.jobs import render_paper
from tournaments.parties.papers import PAPERS
from tournaments.parties.selectors import standings
from tournaments.parties.services import EntryError
from tournaments.parties.tally_rows import kept_tally_body
from tournaments.parties.views.common import get_party, steps
from tournaments.printing import registry
from tournaments.printing.base import ReportError
from tournaments.printing.models import GeneratedFile


@requires(Perm.DIRECT)
def party_standings(request: HttpRequest, pk: int) -> HttpResponse:
    party = get_party(request, pk)
    table = standings(party)
    return render(
        request,
        "parties/standings.html",
        {
            "party": party,
            "standings": table,
            "tally_rows": kept_tally_body(party, table),  # a row per guest, written once per version (issue 24)
            "steps": steps(party, "standings"),
        },
    )


@requires(Perm.DIRECT)
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
    papers = [(kind, gettext(label)) for kind, label in PAPERS.items()]
    recent = GeneratedFile.objects.filter(party=party, expires_at__gt=timezone.now()).order_by("-id")[:8]
    return render(
        request,
        "parties/print.html",
        {"party": party, "papers": papers, "jobs": recent, "labels": dict(papers), "steps": steps(party, "play")},
    )


@requires(Perm.DIRECT)
def party_print_job(request: HttpRequest, pk: int, job_id: int) -> HttpResponse:
    """A print job's progress; the page refreshes itself until the PDF is ready to open."""
    party = get_party(request, pk)
    job = GeneratedFile.objects.filter(pk=job_id, party=party).first()
    if job is None:
        raise Http404("No such print job (files are kept for a few days).")
    label = registry.title_of(job.kind)
    return render(request, "parties/print_job.html", {"party": party, "job": job, "label": label})


@requires(Perm.DIRECT)
def party_pdf(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """A paper rendered straight away (a party is small: a few pages)."""
    party = get_party(request, pk)
    if kind not in PAPERS:
        raise Http404("No such paper.")
    try:
        filename, content_type, data = render_paper(kind, party)
    except ReportError as exc:
        messages.error(request, str(exc))
        return redirect("parties:print", pk=party.pk)
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
