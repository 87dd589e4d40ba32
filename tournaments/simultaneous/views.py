"""Simultaneous pages: the list, a new one, the clubs (their files, or sessions run here), the overall and
per-club standings and each board's frequency table across the field. Scores come from field.py; writes from
services.py."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

import scoring
from tournaments.core import notation
from tournaments.core.access import Perm, requires
from tournaments.printing import jobs
from tournaments.sessions.models import Result
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.selectors.visibility import sight_for_user
from tournaments.sessions.services.results import ResultEntryError
from tournaments.simultaneous import services
from tournaments.simultaneous.field import score_field
from tournaments.simultaneous.forms import AddSessionForm, ClubFilesForm, CorrectResultForm, SimultaneousForm
from tournaments.simultaneous.jobs import PAPERS, SIMUL_JOB_PREFIX
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
        messages.success(request, _("%(count)s clubs joined the field.") % {"count": len(outcome.joined)})
    for filename, reason in outcome.refused[:MAX_SHOWN]:
        messages.error(
            request, _("%(filename)s was not imported: %(reason)s") % {"filename": filename, "reason": reason}
        )
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
        form.add_error("session", _("This session cannot join: %(exc)s") % {"exc": exc})
        return _page(request, simul, session_form=form)
    messages.success(request, _("%(club)s joined the field as %(code)s.") % {"club": joined.club, "code": joined.code})
    return redirect(simul.get_absolute_url())


@requires(Perm.VIEW_RESULTS)
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    simul = get_object_or_404(Simultaneous, pk=pk)
    scores = score_field(simul)
    return render(request, "simultaneous/standings.html", {"simul": simul, "scores": scores})


@requires(Perm.DIRECT)
@require_POST
def print_paper(request: HttpRequest, pk: int) -> HttpResponse:
    """Start the standings PDF as a background job; its progress and download are on the job's page."""
    simul = get_object_or_404(Simultaneous, pk=pk)
    kind = request.POST.get("kind", "")
    if kind not in PAPERS:
        messages.error(request, _("Choose a paper to print."))
        return redirect("simultaneous:standings", pk=simul.pk)
    try:
        job = jobs.start_job(
            owner=request.user, kind=f"{SIMUL_JOB_PREFIX}{kind}", simultaneous=simul,
            paper=request.POST.get("paper", "a4"),
        )  # fmt: skip
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("simultaneous:standings", pk=simul.pk)
    return redirect("jobs:detail", job_id=job.pk)


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
    context = {"simul": simul, "club": member, "rows": rows, "boards": range(1, simul.boards + 1)}
    return render(request, "simultaneous/club.html", context)


@requires(Perm.VIEW_RESULTS)
def board(request: HttpRequest, pk: int, board: int) -> HttpResponse:
    """A board's recap: the deal and the field's frequency table (every score, how often, what it earned)."""
    simul = get_object_or_404(Simultaneous, pk=pk)
    if not 1 <= board <= simul.boards:
        raise Http404("The simultaneous has no such board.")
    clubs = list(SimultaneousClub.objects.filter(simultaneous=simul).select_related("session").order_by("id"))
    if not all(sight_for_user(c.session, request.user).sees(board) for c in clubs):
        raise Http404(f"Board {board} is shown once you have played it or the sessions are finished.")
    scores = score_field(simul)
    recap = scores.boards.get(board)
    chosen = next((c for c in clubs if str(c.session_id) == request.GET.get("club")), None)
    lines = list(_lines(simul, board, chosen.session_id)) if chosen is not None else []
    percents = scores.percent_of([r.pk for r in lines])
    context = {
        "from_club": request.GET.get("from") == "club",
        "clubs": clubs,
        "chosen": chosen,
        "lines": [(r, _made(r), percents.get(r.pk)) for r in lines],
        "simul": simul,
        "number": board,
        "recap": recap,
        "deal": simul.deals.get(str(board), ""),
        "previous": board - 1 if board > 1 else None,
        "next": board + 1 if board < simul.boards else None,
    }
    return render(request, "simultaneous/board.html", context)


def _lines(simul: Simultaneous, board: int, session_id: int) -> QuerySet[Result]:
    """One club's traveller lines of a simultaneous board (the lines a director may correct)."""
    return (
        Result.objects.filter(
            section__session_id=session_id,
            section__session__simultaneous_club__simultaneous=simul,
            board__number=board,
        )
        .select_related("board", "ns_entry", "ew_entry", "section")
        .order_by("section__letter", "ns_entry__number")
    )


def _made(result: Result) -> str:
    """The line's result as a slip writes it: "=", "+1", "-2" (empty for a pass or a score-only line)."""
    if result.tricks is None or not result.contract or result.contract == "PASS":
        return ""
    return scoring.result_text(result.contract, result.tricks)


def _initial(result: Result) -> dict[str, object]:
    score = "" if result.contract else result.ns_score
    return {"version": result.version, "contract": notation.for_typing(result.contract), "declarer": result.declarer,
            "tricks": _made(result), "lead": result.lead, "score": score}  # fmt: skip


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def correct(request: HttpRequest, pk: int, result_id: int) -> HttpResponse:
    """Correct one club's line after the event: versioned (a save built on a stale page is refused), audited."""
    simul = get_object_or_404(Simultaneous, pk=pk)
    result = get_object_or_404(
        Result.objects.select_related("board", "ns_entry", "ew_entry", "section__session__simultaneous_club"),
        pk=result_id,
        section__session__simultaneous_club__simultaneous=simul,
        board__number__lte=simul.boards,
    )
    member = result.section.session.simultaneous_club
    if request.GET.get("from") == "club":
        back = reverse("simultaneous:club", args=[simul.pk, member.session_id])
    else:
        back = reverse("simultaneous:board", args=[simul.pk, result.board.number]) + f"?club={member.session_id}"
    form = CorrectResultForm(request.POST) if request.method == "POST" else CorrectResultForm(initial=_initial(result))
    stale: Result | None = None
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            services.correct_result(
                actor=request.user, result=result, version=d["version"], contract=notation.read_typed(d["contract"]),
                declarer=d["declarer"], tricks=d["tricks"], lead=d["lead"], score=d["score"], why=d["why"],
            )  # fmt: skip
        except services.StaleCorrection as exc:
            stale = exc.stored
            data = request.POST.copy()
            data["version"] = str(stale.version)  # saving again now replaces the line as it stands, knowingly
            form = CorrectResultForm(data)
            form.is_valid()
            form.add_error(None, str(exc))
        except services.CorrectionError as exc:
            form.add_error(exc.field, str(exc))
        except ValidationError as exc:
            form.add_error(None, exc)
        except ResultEntryError as exc:
            form.add_error(None, " ".join(m for e in exc.errors.values() for m in e.values()))
        except services.SimultaneousError as exc:
            form.add_error(None, str(exc)[:1].upper() + str(exc)[1:])
        else:
            messages.success(
                request,
                _("Board %(number)s, %(club)s: the line was corrected.")
                % {"number": result.board.number, "club": member.club},
            )
            return redirect(back)
    shown = stale or result
    context = {"simul": simul, "club": member, "result": result, "form": form, "back": back,
               "stale": stale, "now": (shown, _made(shown))}  # fmt: skip
    return render(request, "simultaneous/correct.html", context)
