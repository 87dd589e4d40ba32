"""Setting up and running a teams event: the list, a new event, its page (teams, draw, tie-breaks, penalties)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.core.access import Perm, requires
from tournaments.teams import selectors, services, tables
from tournaments.teams.forms import EventForm, PenaltyForm, TeamForm, TieBreakForm
from tournaments.teams.models import Team, TeamEvent


def _field_error(form: forms.BaseForm, exc: services.TeamsError) -> None:
    form.add_error(exc.field if exc.field in form.fields else None, str(exc))


@requires(Perm.DIRECT)
def event_list(request: HttpRequest) -> HttpResponse:
    events = TeamEvent.objects.filter(archived_at__isnull=True)[:200]
    archived = TeamEvent.objects.filter(archived_at__isnull=False).count()
    return render(request, "teams/list.html", {"events": events, "archived": archived})


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def event_new(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.create_event(actor=request.user, **form.cleaned_data)
        except services.TeamsError as exc:
            _field_error(form, exc)
        else:
            messages.success(request, _("%(name)s is set up. Now enter the teams.") % {"name": event.name})
            return redirect("teams:detail", pk=event.pk)
    return render(request, "teams/new.html", {"form": form})


def _detail(request: HttpRequest, event: TeamEvent, **forms: object) -> HttpResponse:
    played = selectors.played_rounds(event)
    context = {
        "event": event,
        "teams": event.teams.prefetch_related("players"),
        "rounds": played,
        "team_form": TeamForm(limits=event.player_limits),
        "tie_form": TieBreakForm(initial=dict(zip(("first", "second", "third"), event.tie_breaks, strict=False))),
        "penalty_form": PenaltyForm(event=event),
        "penalties": [p for t in event.teams.prefetch_related("penalties") for p in t.penalties.all()],
        **forms,
    }
    return render(request, "teams/detail.html", context, status=400 if forms else 200)


@requires(Perm.DIRECT)
def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _detail(request, get_object_or_404(TeamEvent, pk=pk))


@requires(Perm.DIRECT)
@require_POST
def team_add(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(TeamEvent, pk=pk)
    form = TeamForm(request.POST, limits=event.player_limits)
    if form.is_valid():
        try:
            team = services.add_team(actor=request.user, event=event, name=form.cleaned_data["name"],
                                     players=form.player_list())  # fmt: skip
        except services.TeamsError as exc:
            _field_error(form, exc)
        else:
            messages.success(
                request, _("Team %(number)s, %(name)s, entered.") % {"number": team.number, "name": team.name}
            )
            return redirect("teams:detail", pk=event.pk)
    return _detail(request, event, team_form=form)


@requires(Perm.DIRECT)
@require_POST
def draw(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(TeamEvent, pk=pk)
    try:
        rnd = services.draw_next_round(actor=request.user, event=event)
    except services.TeamsError as exc:
        messages.error(request, str(exc))
        return redirect("teams:detail", pk=event.pk)
    tables.issue_links(actor=request.user, rnd=rnd)  # the rooms' links now, so the links page only reads them
    messages.success(request, _("Round %(number)s is drawn.") % {"number": rnd.number})
    return redirect("teams:round", pk=event.pk, number=rnd.number)


@requires(Perm.DIRECT)
@require_POST
def add_round(request: HttpRequest, pk: int) -> HttpResponse:
    """One round more than planned (the draw button then offers it)."""
    event = get_object_or_404(TeamEvent, pk=pk)
    try:
        event = services.add_round(actor=request.user, event=event)
    except services.TeamsError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("The event now plans %(rounds)s rounds.") % {"rounds": event.rounds})
    return redirect("teams:detail", pk=event.pk)


@requires(Perm.DIRECT)
@require_POST
def tie_breaks(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(TeamEvent, pk=pk)
    form = TieBreakForm(request.POST)
    if form.is_valid():
        try:
            services.set_tie_breaks(actor=request.user, event=event, tie_breaks=form.chosen())
        except services.TeamsError as exc:
            _field_error(form, exc)
        else:
            messages.success(request, _("Tie-breaks saved."))
            return redirect("teams:detail", pk=event.pk)
    return _detail(request, event, tie_form=form)


@requires(Perm.DIRECT)
@require_POST
def penalty(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(TeamEvent, pk=pk)
    form = PenaltyForm(request.POST, event=event)
    if form.is_valid():
        team = get_object_or_404(Team, pk=form.cleaned_data["team"], event=event)
        try:
            services.add_penalty(actor=request.user, team=team, vp=form.cleaned_data["vp"],
                                 why=form.cleaned_data["why"])  # fmt: skip
        except services.TeamsError as exc:
            _field_error(form, exc)
        else:
            messages.success(
                request, _("%(vp)s VP taken from %(name)s.") % {"vp": form.cleaned_data["vp"], "name": team.name}
            )
            return redirect("teams:detail", pk=event.pk)
    return _detail(request, event, penalty_form=form)


@requires(Perm.DIRECT)
@require_POST
def event_status(request: HttpRequest, pk: int) -> HttpResponse:
    """Finish the event, or reopen a finished one to correct it (both audited, as a session's are)."""
    event = get_object_or_404(TeamEvent, pk=pk)
    try:
        event = services.set_status(actor=request.user, event=event, status=request.POST.get("status", ""))
    except services.TeamsError as exc:
        messages.error(request, str(exc))
    else:
        if event.status == TeamEvent.Status.FINISHED:
            messages.success(request, _("The event is finished: its results stand."))
        else:
            messages.success(request, _("The event is open again."))
    return redirect("teams:detail", pk=event.pk)
