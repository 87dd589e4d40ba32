"""Tallies, prizes and the printed party papers."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from tournaments.reports.base import ReportError
from tournaments.reports.parties import RENDERERS
from tournaments.selectors.parties import party_rounds, standings

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
def party_print(request: HttpRequest, pk: int) -> HttpResponse:
    """The printing page: one big button per paper."""
    party = get_party(request, pk)
    papers = [(kind, label) for kind, (label, _fn) in RENDERERS.items()]
    return render(request, "parties/print.html", {"party": party, "papers": papers, "steps": steps(party, "play")})


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
