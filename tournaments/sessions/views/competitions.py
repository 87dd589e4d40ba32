"""Season competitions: the club's list, the director's form, and the standings (the public page is in
publishing/competitions.py; the rules are scoring/competitions.py)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.core.access import Perm, requires
from tournaments.printing import jobs
from tournaments.sessions.competition_sources import SOURCES
from tournaments.sessions.forms import add_service_errors
from tournaments.sessions.jobs import COMPETITION_KIND
from tournaments.sessions.models import Competition, Session
from tournaments.sessions.selectors.competitions import competition_table
from tournaments.sessions.services import competitions


class CompetitionForm(forms.ModelForm[Competition]):
    sessions = forms.ModelMultipleChoiceField(
        queryset=Session.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Sessions"),
        help_text=gettext_lazy("Only finished sessions count; add the season's sessions as they are played."),
    )

    class Meta:
        model = Competition
        fields = ["name", "kind", "counting", "carry_from", "carry_percent", "public"]
        labels = {
            "name": gettext_lazy("Name"),
            "kind": gettext_lazy("Kind"),
            "counting": gettext_lazy("Sessions that count"),
            "carry_from": gettext_lazy("Carry over from"),
            "carry_percent": gettext_lazy("Carry-over percent"),
            "public": gettext_lazy("Public"),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # the current club's, read when the form is made (not when this module loaded)
        sessions = self.fields["sessions"]
        assert isinstance(sessions, forms.ModelMultipleChoiceField)
        sessions.queryset = Session.objects.select_related("event").order_by("-date", "-number", "-pk")
        sessions.label_from_instance = _session_label  # type: ignore[method-assign,assignment]
        carry = self.fields["carry_from"]
        assert isinstance(carry, forms.ModelChoiceField)
        others = Competition.objects.all()
        carry.queryset = others.exclude(pk=self.instance.pk) if self.instance.pk else others
        if self.instance.pk and not self.is_bound:
            self.initial["sessions"] = list(self.instance.sessions.values_list("pk", flat=True))
        self._add_sources()

    def _add_sources(self) -> None:
        """One list per registered source of other apps' events (teams events), in the current club."""
        named = self.instance.events.values_list("source", "object_id") if self.instance.pk else []
        for kind, source in SOURCES.items():
            self.fields[f"source_{kind}"] = forms.TypedMultipleChoiceField(
                choices=source.choices(), coerce=int, required=False, widget=forms.CheckboxSelectMultiple,
                label=_(source.title),
                help_text=_("A finished teams event gives each member who played in a team the team's VPs."),
            )  # fmt: skip
            if not self.is_bound:
                self.initial[f"source_{kind}"] = [pk for k, pk in named if k == kind]

    def chosen_events(self) -> dict[str, list[int]]:
        return {kind: list(self.cleaned_data.get(f"source_{kind}") or []) for kind in SOURCES}


def _session_label(session: Session) -> str:
    return f"{date_format(session.date, 'SHORT_DATE_FORMAT')} · {session.event.name} · {session.get_status_display()}"


def _save(request: HttpRequest, form: CompetitionForm) -> Competition | None:
    if not form.is_valid():
        return None
    try:
        return competitions.save_competition(
            actor=request.user,
            competition=form.instance,
            sessions=form.cleaned_data["sessions"],
            events=form.chosen_events(),
        )
    except ValidationError as exc:
        add_service_errors(form, exc)
        return None


@requires(Perm.VIEW_RESULTS)
@require_GET
def competition_list(request: HttpRequest) -> HttpResponse:
    """Directors and players: the club's season competitions."""
    rows = Competition.objects.all()
    return render(request, "sessions/competitions.html", {"rows": rows})


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def competition_new(request: HttpRequest) -> HttpResponse:
    """Director: a new competition: its rule and its sessions."""
    form = CompetitionForm(request.POST or None, instance=Competition())
    if request.method == "POST":
        made = _save(request, form)
        if made is not None:
            messages.success(request, _("The competition is saved."))
            return redirect("competition_standings", competition_id=made.pk)
    status = 400 if form.is_bound else 200
    return render(request, "sessions/competition_form.html", {"form": form, "competition": None}, status=status)


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def competition_edit(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Director: change a competition's rule or its sessions (the standings follow at once)."""
    competition = get_object_or_404(Competition, pk=competition_id)
    form = CompetitionForm(request.POST or None, instance=competition)
    if request.method == "POST":
        made = _save(request, form)
        if made is not None:
            messages.success(request, _("The competition is saved."))
            return redirect("competition_standings", competition_id=made.pk)
    status = 400 if form.is_bound else 200
    context = {"form": form, "competition": competition}
    return render(request, "sessions/competition_form.html", context, status=status)


@requires(Perm.VIEW_RESULTS)
@require_GET
def competition_standings(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Directors and players: the competition's standings, session by session."""
    competition = get_object_or_404(Competition, pk=competition_id)
    return render(request, "sessions/competition.html", {"table": competition_table(competition)})


@requires(Perm.DIRECT)
@require_POST
def competition_pdf(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Director: print the standings for the club's notice board, as a background job like every other PDF (its
    progress and download on the job's page; it is shown out of date once a result or the competition changes)."""
    competition = get_object_or_404(Competition, pk=competition_id)
    try:
        job = jobs.start_job(
            owner=request.user, kind=COMPETITION_KIND, competition=competition, paper=request.POST.get("paper", "")
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("competition_standings", competition_id=competition.pk)
    return redirect("jobs:detail", job_id=job.pk)
