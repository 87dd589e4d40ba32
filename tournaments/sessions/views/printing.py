"""The session page's printing panel: start the results book, the session kit or one report; see recent files.

Loaded and refreshed with HTMX; the forms work without JavaScript too. The job runner itself knows no domain
(printing/jobs.py); this is where a session asks it for its files.
"""

from __future__ import annotations

import logging

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from tournaments.clubs.directory import club_paper
from tournaments.core.access import Perm, requires
from tournaments.core.htmx import HtmxHttpRequest
from tournaments.printing import jobs
from tournaments.printing.views import visible_jobs
from tournaments.sessions import printables
from tournaments.sessions.jobs import solve_deals_later
from tournaments.sessions.models import Session

log = logging.getLogger(__name__)

RESULT_KINDS = jobs.RESULTS_KINDS
KIT_KINDS = jobs.KIT_KINDS
PAPER_CHOICES = (("a4", "A4"), ("letter", gettext_lazy("US Letter")))


def _panel_context(request: HttpRequest, session: Session, **extra: object) -> dict[str, object]:
    recent = list(visible_jobs(request).filter(session=session)[:6])
    return {
        "session": session,
        "jobs": [(job, jobs.job_status(job)) for job in recent],
        "result_kinds": [(k, printables.title_of(k)) for k in RESULT_KINDS],
        "kit_kinds": [(k, printables.title_of(k)) for k in KIT_KINDS],
        "paper_choices": PAPER_CHOICES,
        "paper": request.POST.get("paper") or request.GET.get("paper") or club_paper(),
        **extra,
    }


@requires(Perm.DIRECT)
@require_GET
def print_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The printing panel of the session page (loaded by HTMX into `jobs/_session_panel.html`)."""
    session = get_object_or_404(Session.objects.select_related("event"), pk=pk)
    try:
        # hand records print at once when the director asks for them (Celery loads with the first call)
        solve_deals_later(session)
    except Exception:  # a broker hiccup must not hide the panel; the report solves the deals itself then
        log.exception("could not send the double-dummy warm-up of session %s", session.pk)
    return render(request, "jobs/_panel_body.html", _panel_context(request, session))


@requires(Perm.DIRECT)
@require_POST
def print_start(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Start a job for the report or book named in the form; the panel comes back with its progress bar."""
    session = get_object_or_404(Session.objects.select_related("event"), pk=pk)
    kind = request.POST.get("kind", "")
    paper = request.POST.get("paper", "")
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
