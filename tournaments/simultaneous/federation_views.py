"""The federation's simultaneous pages: its field ranked across the clubs (public once every club has published),
and the join form a member club's director uses to bring in a session of their club."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from tournaments.core.access import Perm, has, public, requires
from tournaments.core.replica import reads_from_replica
from tournaments.core.tenancy import current_club_id
from tournaments.sessions.models import Session
from tournaments.simultaneous import federation
from tournaments.simultaneous.field import score_field
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


def _federation_simul(pk: int) -> Simultaneous:
    return get_object_or_404(Simultaneous._base_manager.select_related("federation"), pk=pk, federation__isnull=False)


def _page(request: HttpRequest, simul: Simultaneous, form: JoinForm | None = None) -> HttpResponse:
    assert simul.federation is not None
    official = federation.is_official(request.user, simul.federation)
    shown = official or federation.all_published(simul)
    club = current_club_id()
    may_join = (
        club is not None
        and simul.federation_id in federation.member_federations(club)
        and has(request.user, Perm.DIRECT)
    )
    context = {
        "simul": simul,
        "clubs": SimultaneousClub.objects.filter(simultaneous=simul).order_by("code"),
        "scores": score_field(simul) if shown else None,
        "official": official,
        "form": form if form is not None else (JoinForm() if may_join else None),  # a refused post: the reason
    }
    return render(request, "simultaneous/federation_field.html", context)


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
