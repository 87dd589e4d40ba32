"""Simultaneous pages: the list, a new one, the clubs (their files, or sessions run here), the overall and
per-club standings and each board's frequency table across the field. Scores come from field.py; writes from
services.py."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from tournaments.core.access import Perm, requires
from tournaments.sessions.selectors.scores import score_section
from tournaments.simultaneous import services
from tournaments.simultaneous.field import score_field
from tournaments.simultaneous.forms import AddSessionForm, ClubFilesForm, SimultaneousForm
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub

MAX_SHOWN = 12


@requires(Perm.VIEW_RESULTS)
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "simultaneous/index.html", {"events": Simultaneous.objects.all()[:100]})


@requires(Perm.DIRECT)
def new(request: HttpRequest) -> HttpResponse:
    form = SimultaneousForm(request.POST) if request.method == "POST" else SimultaneousForm()
    if request.method == "POST" and form.is_valid():
        try:
            simul = services.create_simultaneous(actor=request.user, **form.cleaned_data)
        except services.SimultaneousError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect(simul.get_absolute_url())
    return render(request, "simultaneous/new.html", {"form": form})


def _page(request: HttpRequest, simul: Simultaneous, **forms: object) -> HttpResponse:
    clubs = SimultaneousClub.objects.filter(simultaneous=simul).select_related("session")
    context = {
        "simul": simul,
        "clubs": clubs,
        "files_form": forms.get("files_form") or ClubFilesForm(),
        "session_form": forms.get("session_form") or AddSessionForm(),
        "boards": range(1, simul.boards + 1),
    }
    return render(request, "simultaneous/detail.html", context)


@requires(Perm.VIEW_RESULTS)
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, get_object_or_404(Simultaneous, pk=pk))


@requires(Perm.DIRECT)
def import_files(request: HttpRequest, pk: int) -> HttpResponse:
    """The clubs' USEBIO files: each joins the field or is refused with its reason; the rest still join."""
    simul = get_object_or_404(Simultaneous, pk=pk)
    form = ClubFilesForm(request.POST, request.FILES) if request.method == "POST" else ClubFilesForm()
    if request.method != "POST" or not form.is_valid():
        return _page(request, simul, files_form=form)
    files = [(f.name, f.read()) for f in form.cleaned_data["files"]]
    outcome = services.import_club_files(actor=request.user, simul=simul, files=files)
    if outcome.joined:
        messages.success(request, f"{len(outcome.joined)} clubs joined the field.")
    for filename, reason in outcome.refused[:MAX_SHOWN]:
        messages.error(request, f"{filename} was not imported: {reason}")
    for warning in outcome.warnings[:MAX_SHOWN]:
        messages.warning(request, warning)
    return redirect(simul.get_absolute_url())


@requires(Perm.DIRECT)
def add_session(request: HttpRequest, pk: int) -> HttpResponse:
    simul = get_object_or_404(Simultaneous, pk=pk)
    form = AddSessionForm(request.POST) if request.method == "POST" else AddSessionForm()
    if request.method != "POST" or not form.is_valid():
        return _page(request, simul, session_form=form)
    try:
        joined = services.add_session(
            actor=request.user, simul=simul, session=form.cleaned_data["session"], club=form.cleaned_data["club"]
        )
    except services.SimultaneousError as exc:
        form.add_error("session", f"This session cannot join: {exc}")
        return _page(request, simul, session_form=form)
    messages.success(request, f"{joined.club} joined the field as {joined.code}.")
    return redirect(simul.get_absolute_url())


@requires(Perm.VIEW_RESULTS)
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    simul = get_object_or_404(Simultaneous, pk=pk)
    scores = score_field(simul)
    return render(request, "simultaneous/standings.html", {"simul": simul, "scores": scores})


@requires(Perm.VIEW_RESULTS)
def club(request: HttpRequest, pk: int, session_id: int) -> HttpResponse:
    """One club's pairs: their place in the club (the club's own match points) and across the field."""
    simul = get_object_or_404(Simultaneous, pk=pk)
    member = get_object_or_404(
        SimultaneousClub.objects.select_related("session"), simultaneous=simul, session_id=session_id
    )
    field = {s.entry_id: s for s in score_field(simul).of_club(session_id)}
    rows = []
    for section in member.session.sections.select_related("session", "session__event").order_by("letter"):
        own = score_section(section)
        for name, field_standings in own.standings.items():
            for standing in field_standings:
                rows.append((name, standing, field.get(standing.entry.pk)))
    context = {"simul": simul, "club": member, "rows": rows}
    return render(request, "simultaneous/club.html", context)


@requires(Perm.VIEW_RESULTS)
def board(request: HttpRequest, pk: int, board: int) -> HttpResponse:
    """A board's recap: the deal and the field's frequency table (every score, how often, what it earned)."""
    simul = get_object_or_404(Simultaneous, pk=pk)
    if not 1 <= board <= simul.boards:
        raise Http404("The simultaneous has no such board.")
    recap = score_field(simul).boards.get(board)
    context = {
        "simul": simul,
        "number": board,
        "recap": recap,
        "deal": simul.deals.get(str(board), ""),
        "previous": board - 1 if board > 1 else None,
        "next": board + 1 if board < simul.boards else None,
    }
    return render(request, "simultaneous/board.html", context)
