"""The federation's simultaneous pages: its field ranked across the clubs (public once every club has published),
and the join form a member club's director uses to bring in a session of their club."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.clubs.models import Club, Federation
from tournaments.core.access import Perm, has, public, requires
from tournaments.core.errors import CONFLICT
from tournaments.core.replica import reads_from_replica
from tournaments.core.tenancy import current_club_id
from tournaments.printing import jobs
from tournaments.sessions.models import Entry, Session
from tournaments.simultaneous import federation, federation_start
from tournaments.simultaneous.field import score_field
from tournaments.simultaneous.jobs import PAPERS, SIMUL_JOB_PREFIX
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub
from tournaments.simultaneous.services import SimultaneousError


class JoinForm(forms.Form):
    session = forms.ModelChoiceField(queryset=Session.objects.none(), label=gettext_lazy("Your club's session"))

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        # read now, in the request: the current club's sessions only (a class-level queryset would be unscoped)
        field = self.fields["session"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Session.objects.filter(simultaneous_club__isnull=True).select_related("event")


class SetUpForm(forms.Form):
    """A member club's session set up from the event: the pairs who came, and a movement the event allows."""

    pairs = forms.IntegerField(label=gettext_lazy("Pairs at your club"), min_value=3, max_value=200)
    movement = forms.CharField(
        label=gettext_lazy("Movement"),
        required=False,
        help_text=gettext_lazy("Blank: the simultaneous's own movement for your pairs."),
    )

    def __init__(self, simul: Simultaneous, *args: object, pairs: int | None = None, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        pairs = pairs or int(simul.movement.get("pairs") or federation_start.DEFAULT_PAIRS)
        self.fields["pairs"].initial = pairs
        try:  # what the event allows for the pairs it expects, named as the form takes them
            allowed = federation_start.allowed_movements(pairs, simul.boards)
        except SimultaneousError:
            allowed = []
        self.fields["movement"].widget = forms.Select(
            choices=[("", _("The simultaneous's movement"))]
            + [(federation_start.choice_of(a), federation_start.label_of(a)) for a in allowed]
        )


def _federation_simul(pk: int) -> Simultaneous:
    return get_object_or_404(Simultaneous._base_manager.select_related("federation"), pk=pk, federation__isnull=False)


def _page(
    request: HttpRequest,
    simul: Simultaneous,
    form: JoinForm | None = None,
    setup: SetUpForm | None = None,
    status: int = 200,
) -> HttpResponse:
    assert simul.federation is not None
    official = federation.is_official(request.user, simul.federation)
    shown = official or federation.all_published(simul)
    club = current_club_id()
    may_join = (
        club is not None
        and simul.federation_id in federation.member_federations(club)
        and has(request.user, Perm.DIRECT)
    )
    mine = federation_start.joined_of(simul, club) if may_join and club is not None else None
    pairs = Entry.objects.filter(section__session=mine.session_id).count() if mine is not None else None
    context = {
        "simul": simul,
        "clubs": SimultaneousClub.objects.filter(simultaneous=simul).order_by("code"),
        "scores": score_field(simul) if shown else None,
        "official": official,
        "form": form if form is not None else (JoinForm() if may_join else None),  # a refused post: the reason
        "setup": setup if setup is not None else (SetUpForm(simul, pairs=pairs) if may_join else None),
        "mine": mine,  # the club's session already in the field: the set-up form sets it up again
    }
    return render(request, "simultaneous/federation_field.html", context, status=status)


@public  # the ranking shows once every club has published (officials see it before)
@reads_from_replica
@require_GET
def field(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, _federation_simul(pk))


@requires(Perm.DIRECT)  # a director of a member club, in their club
@require_POST
def join(request: HttpRequest, pk: int) -> HttpResponse:
    simul = _federation_simul(pk)
    form = JoinForm(request.POST)
    if not form.is_valid():
        return _page(request, simul, form)
    try:
        joined = federation.join_session(actor=request.user, simul=simul, session=form.cleaned_data["session"])
    except SimultaneousError as exc:
        form.add_error("session", str(exc))
        return _page(request, simul, form)
    messages.success(request, _("%(club)s joined the field as %(code)s.") % {"club": joined.club, "code": joined.code})
    return redirect(reverse("simultaneous:federation_field", args=[simul.pk]))


@requires(Perm.DIRECT)  # a director of a member club, in their club (404 for any other club: not its event)
@require_POST
def set_up(request: HttpRequest, pk: int) -> HttpResponse:
    simul = _federation_simul(pk)
    club_id = current_club_id()
    if club_id is None or simul.federation_id not in federation.member_federations(club_id):
        raise Http404(_("No such simultaneous for your club."))
    form = SetUpForm(simul, request.POST)
    if not form.is_valid():
        return _page(request, simul, setup=form, status=400)
    again = federation_start.joined_of(simul, club_id) is not None  # in the field already: its section set up again
    try:
        joined = federation_start.set_up_club_session(
            actor=request.user, simul=simul, club=Club.objects.get(pk=club_id),
            pairs=form.cleaned_data["pairs"], choice=form.cleaned_data["movement"],
        )  # fmt: skip
    except SimultaneousError as exc:
        form.add_error("movement", str(exc))  # scored already: 409, the reason at the form; else the form's 400
        return _page(request, simul, setup=form, status=409 if exc.code == CONFLICT else 400)
    if again:
        done = _("Your session in the field (%(code)s) is set up again for %(pairs)s pairs.")
        messages.success(request, done % {"code": joined.code, "pairs": form.cleaned_data["pairs"]})
    else:
        done = _("Your session is set up from the simultaneous and joined the field as %(code)s.")
        messages.success(request, done % {"code": joined.code})
    return redirect(reverse("session_detail", args=[joined.session_id]))


class StartForm(forms.Form):
    """What an official chooses: the clubs, the evening, the boards, and the pairs each club's session is set for."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=160)
    date = forms.DateField(label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    boards = forms.IntegerField(label=gettext_lazy("Boards"), min_value=1, max_value=200, initial=24)
    pairs = forms.IntegerField(
        label=gettext_lazy("Pairs expected at each club"),
        min_value=3,
        max_value=200,
        initial=federation_start.DEFAULT_PAIRS,
        help_text=gettext_lazy("A club with other pairs is set up from the event for its own on the event's page."),
    )
    clubs = forms.ModelMultipleChoiceField(
        queryset=Club.objects.none(), label=gettext_lazy("Clubs"), widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, fed: Federation, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        field = self.fields["clubs"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = Club.objects.filter(pk__in=[c.pk for c in federation_start.member_clubs(fed)])

    def clean_name(self) -> str:
        name = " ".join(str(self.cleaned_data["name"]).split())
        if not name:
            raise forms.ValidationError(_("Give the simultaneous a name."))
        return name

    def clean_date(self) -> dt.date:
        date: dt.date = self.cleaned_data["date"]
        if date.year < 2000:
            raise forms.ValidationError(_("Give the date of the evening, e.g. 2026-11-24."))
        return date


def _official_of(request: HttpRequest, slug: str) -> Federation:
    """The federation, for its officials; anyone else is told there is no such page (as for another club's)."""
    fed = get_object_or_404(Federation, slug=slug)
    if not federation.is_official(request.user, fed):
        raise Http404(_("No such federation page."))
    return fed


@requires()  # logged in, and an official of this federation (checked in the view: 404 for anyone else)
@require_http_methods(["GET", "POST"])
def start(request: HttpRequest, slug: str) -> HttpResponse:
    fed = _official_of(request, slug)
    form = StartForm(fed, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            started = federation_start.start_across_clubs(
                actor=request.user, fed=fed, name=data["name"], date=data["date"], boards=data["boards"],
                clubs=list(data["clubs"]), pairs=data["pairs"],
            )  # fmt: skip
        except SimultaneousError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                _("%(name)s started at %(count)s clubs.")
                % {"name": started.simultaneous.name, "count": len(started.joined)},
            )
            return redirect(reverse("simultaneous:federation_field", args=[started.simultaneous.pk]))
    status = 400 if request.method == "POST" else 200
    return render(request, "simultaneous/federation_start.html", {"federation": fed, "form": form}, status=status)


@requires()  # logged in, and an official of the simultaneous's federation (404 for anyone else)
@require_POST
def print_paper(request: HttpRequest, pk: int) -> HttpResponse:
    """The field's standings PDF for the federation's officials: a job of no club, on the federation's paper (or
    the one chosen) and in the official's language; its progress and download are on the job's page."""
    simul = _federation_simul(pk)
    assert simul.federation is not None
    if not federation.is_official(request.user, simul.federation):
        raise Http404(_("No such federation page."))
    kind = request.POST.get("kind", "")
    field_page = reverse("simultaneous:federation_field", args=[simul.pk])
    if kind not in PAPERS:
        messages.error(request, _("Choose a paper to print."))
        return redirect(field_page)
    try:
        job = jobs.start_job(
            owner=request.user, kind=f"{SIMUL_JOB_PREFIX}{kind}", simultaneous=simul,
            paper=request.POST.get("paper", ""),
        )  # fmt: skip
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect(field_page)
    return redirect("jobs:detail", job_id=job.pk)
