"""Handicaps and strata pages: an event's ranking rules, and the handicaps typed for a section's pairs."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods

from scoring import handicaps as method
from tournaments.core.access import Perm, requires
from tournaments.core.errors import DomainError
from tournaments.sessions.forms import add_service_errors
from tournaments.sessions.models import Event, RankingRules
from tournaments.sessions.selectors import handicaps as selectors
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services import handicaps as services
from tournaments.sessions.views.common import chosen_section, get_session


class RulesForm(forms.ModelForm[RankingRules]):
    class Meta:
        model = RankingRules
        fields = ["handicap", "handicap_from_rating", "strata_by", "strata"]
        labels = {
            "handicap": gettext_lazy("Handicap"),
            "handicap_from_rating": gettext_lazy("Handicap from rating"),
            "strata_by": gettext_lazy("Strata by"),
            "strata": gettext_lazy("Strata"),
        }
        widgets = {"strata": forms.TextInput(attrs={"placeholder": "A: 55, B: 48, C"})}


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def event_rankings(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: the event's handicapped ranking (full, half) and strata (by rating or master points)."""
    event = get_object_or_404(Event, pk=pk)
    stored = RankingRules.objects.filter(event=event).first()
    form = RulesForm(request.POST or None, instance=RankingRules(event=event) if stored is None else stored)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                services.save_rules(actor=request.user, event=event, rules=form.instance)
            except DomainError as error:
                add_service_errors(form, error)
            else:
                messages.success(request, _("The ranking rules are saved; the standings show them."))
                return redirect("event_rankings", pk=event.pk)
        status = 400
    return render(request, "sessions/event_rankings.html", {"event": event, "form": form}, status=status)


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def session_handicaps(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: type a handicap for each pair of a section (blank: from the players' club ratings)."""
    session = get_session(pk)
    section = chosen_section(request, session)
    rules = selectors.rules_of(session)
    entries = list(section.entries.prefetch_related("players").order_by("direction", "number"))
    errors: dict[str, str] = {}
    status = 200
    if request.method == "POST":
        values: dict[int, float | None] = {}
        for entry in entries:
            name = f"handicap-{entry.pk}"
            try:
                values[entry.pk] = services.parse_handicap(request.POST.get(name, ""), field=name)
            except DomainError as error:
                errors[name] = error.message
        if not errors:
            try:
                changed = services.set_handicaps(actor=request.user, section=section, handicaps=values)
            except DomainError as error:
                errors[error.field or "__all__"] = error.message  # a finished session too: said on the page
            else:
                messages.success(
                    request,
                    ngettext(
                        "Handicaps saved (%(changed)s pair changed).",
                        "Handicaps saved (%(changed)s pairs changed).",
                        changed,
                    )
                    % {"changed": changed},
                )
                return redirect(f"{request.path}?section={section.letter}")
        status = 400
    ranked = selectors.section_rankings(score_section(section), rules) if rules else None
    shown = {row.standing.entry.pk: row.handicap for f in (ranked.fields if ranked else []) for row in f.handicap}
    rows = [
        {
            "entry": e,
            "name": f"handicap-{e.pk}",
            "value": request.POST.get(f"handicap-{e.pk}", "") if errors else _typed(e.handicap),
            "used": shown.get(e.pk),
            "error": errors.get(f"handicap-{e.pk}", ""),
        }
        for e in entries
    ]
    context = {
        "session": session,
        "section": section,
        "sections": session.sections.order_by("letter"),
        "rules": rules,
        "rows": rows,
        "error": errors.get("__all__", ""),
        "average": method.AVERAGE,
    }
    return render(request, "sessions/handicaps.html", context, status=status)


def _typed(value: float | None) -> str:
    return "" if value is None else f"{value:g}"
