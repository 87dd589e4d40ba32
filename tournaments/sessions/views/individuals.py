"""An individual session's players: named once each (directors), and their standings (everyone who may see
results). Results are entered on the usual traveller and pickup pages, by partnership ("8-1")."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.core.access import Perm, requires
from tournaments.core.text import NAME_MAX
from tournaments.sessions.models import Section, Session
from tournaments.sessions.selectors.individuals import individual_standings
from tournaments.sessions.services.individuals import name_players, players_of
from tournaments.sessions.views.common import get_session


class PlayerNamesForm(forms.Form):
    def __init__(self, *args: object, numbers: list[int], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        for n in numbers:
            self.fields[f"player{n}"] = forms.CharField(
                max_length=NAME_MAX, required=False, label=_("Player %(number)s") % {"number": n}
            )


def _sections(session: Session) -> list[Section]:
    sections = list(session.sections.filter(movement_kind=Section.MovementKind.INDIVIDUAL).order_by("letter"))
    if not sections:
        raise Http404("This session is not an individual.")
    return sections


def _page(
    request: HttpRequest, session: Session, forms_by: dict[int, PlayerNamesForm] | None = None, status: int = 200
) -> HttpResponse:
    rows = []
    for section in _sections(session):
        standings = individual_standings(section)
        names = {s.number: s.name for s in standings}
        form = (forms_by or {}).get(section.pk) or PlayerNamesForm(
            numbers=players_of(section), initial={f"player{n}": names.get(n, "") for n in players_of(section)}
        )
        rows.append((section, standings, form))
    return render(request, "sessions/individual.html", {"session": session, "rows": rows}, status=status)


@requires(Perm.VIEW_RESULTS)
def individual_players(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, get_session(pk))


@requires(Perm.DIRECT)
@require_POST
def individual_names(request: HttpRequest, pk: int, letter: str) -> HttpResponse:
    session = get_session(pk)
    section = next((s for s in _sections(session) if s.letter == letter), None)
    if section is None:
        raise Http404("No such individual section.")
    form = PlayerNamesForm(request.POST, numbers=players_of(section))
    if not form.is_valid():
        return _page(request, session, {section.pk: form}, status=400)
    names = {n: form.cleaned_data.get(f"player{n}", "") for n in players_of(section)}
    try:
        changed = name_players(actor=request.user, section=section, names=names)
    except ValidationError as exc:
        form.add_error(None, exc)
        return _page(request, session, {section.pk: form}, status=400)
    messages.success(request, _("Players named (%(changed)s partnerships changed).") % {"changed": changed})
    return redirect("individual_players", pk=session.pk)
