"""An event of several sessions: its sessions, the carry-over and the overall standings."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.core.access import Perm, requires
from tournaments.sessions.models import Event
from tournaments.sessions.selectors.events import event_standings
from tournaments.sessions.services import events as event_services


class CarryOverForm(forms.Form):
    carry_over = forms.ChoiceField(choices=Event.CarryOver.choices, label=gettext_lazy("Carry-over"))
    carry_over_percent = forms.IntegerField(
        min_value=0, max_value=100, required=False, label=gettext_lazy("Percentage")
    )


def _page(request: HttpRequest, event: Event, form: CarryOverForm | None = None, status: int = 200) -> HttpResponse:
    initial = {"carry_over": event.carry_over, "carry_over_percent": event.carry_over_percent}
    table = event_standings(event)
    context = {
        "event": event,
        "table": table,
        "form": form or CarryOverForm(initial=initial),
        "last_session": table.sessions[-1] if table.sessions else None,  # the PDF job is kept with it
    }
    return render(request, "sessions/event.html", context, status=status)


@requires(Perm.VIEW_RESULTS)
def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, get_object_or_404(Event, pk=pk))


@requires(Perm.DIRECT)
@require_POST
def event_carry_over(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    form = CarryOverForm(request.POST)
    if not form.is_valid():
        return _page(request, event, form, status=400)
    try:
        event_services.set_carry_over(
            actor=request.user,
            event=event,
            carry_over=form.cleaned_data["carry_over"],
            percent=form.cleaned_data["carry_over_percent"],
        )
    except ValidationError as exc:
        for name, errors in exc.message_dict.items():
            form.add_error(name if name in form.fields else None, errors)
        return _page(request, event, form, status=400)
    messages.success(request, _("The carry-over is changed; the overall standings follow it."))
    return redirect("event_detail", pk=event.pk)
