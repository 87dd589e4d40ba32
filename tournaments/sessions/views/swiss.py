"""Swiss pairs pages: set one up, follow its rounds and standings, and (director) draw the next round."""

from __future__ import annotations

import datetime
from typing import Any, cast

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.core.access import Perm, requires
from tournaments.core.errors import DomainError
from tournaments.movements.swiss_pairs import MAX_SWISS_PAIRS
from tournaments.sessions.models import ClubMovement, Section, Session
from tournaments.sessions.selectors import designs
from tournaments.sessions.selectors.swiss import swiss_table
from tournaments.sessions.services import swiss as services
from tournaments.sessions.views.common import chosen_section, get_session

SCORING = [
    (Session.ScoringMethod.BUTLER, gettext_lazy("Victory points (IMPs against the datum, WBF 20-VP scale)")),
    (Session.ScoringMethod.CROSS_IMPS, gettext_lazy("Victory points (cross-IMPs, WBF 20-VP scale)")),
    (Session.ScoringMethod.MATCHPOINTS, gettext_lazy("Match points across the field")),
]


class SwissForm(forms.Form):
    event_name = forms.CharField(max_length=160, initial=gettext_lazy("Swiss pairs"), label=gettext_lazy("Event"))
    date = forms.DateField(
        label=gettext_lazy("Date"),
        initial=datetime.date.today,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    pairs = forms.IntegerField(min_value=4, max_value=MAX_SWISS_PAIRS, label=gettext_lazy("Pairs"))
    rounds = forms.IntegerField(min_value=2, max_value=40, initial=6, label=gettext_lazy("Rounds"))
    boards_per_round = forms.IntegerField(min_value=1, max_value=16, initial=4, label=gettext_lazy("Boards per round"))
    scoring_method = forms.ChoiceField(
        choices=SCORING, initial=Session.ScoringMethod.BUTLER, label=gettext_lazy("Scoring")
    )
    vp_scale = forms.ChoiceField(
        required=False,
        choices=Session.VpScale.choices,
        initial=Session.VpScale.WBF_CONTINUOUS,
        label=gettext_lazy("VP scale"),
        help_text=gettext_lazy("For victory points: the WBF continuous scale, or its whole-number (discrete) form"),
    )
    movement = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Movement"),
        help_text=gettext_lazy("A club movement is played as saved: its rounds and boards replace those above"),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        saved = designs.saved(ClubMovement.Kind.HOWELL)  # one field, as a Swiss pairs is
        self.club = {str(stored.pk): movement for stored, movement in saved}
        choices = [("", _("Each round drawn from the standings"))]
        for stored, movement in saved:
            label = _("%(name)s: club movement for %(pairs)s pairs, %(rounds)s rounds of %(boards)s boards") % {
                "name": stored.name,
                "pairs": movement.pairs,
                "rounds": movement.rounds,
                "boards": movement.boards_per_round,
            }
            choices.append((str(stored.pk), label))
        cast(forms.ChoiceField, self.fields["movement"]).choices = choices

    def clean(self) -> dict[str, Any]:
        """A club movement fits only the pair count it was drawn for."""
        data = super().clean() or {}
        movement = self.club.get(data.get("movement") or "")
        if movement is not None and data.get("pairs") and movement.pairs != data["pairs"]:
            self.add_error("movement", _("That club movement is for %(pairs)s pairs.") % {"pairs": movement.pairs})
        return data


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def swiss_new(request: HttpRequest) -> HttpResponse:
    """Director: a Swiss pairs session, its first round drawn at once (1 v 2, 3 v 4, ...)."""
    form = SwissForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            session = services.create_swiss(
                actor=request.user,
                event_name=data["event_name"],
                date=data["date"],
                pairs=data["pairs"],
                rounds=data["rounds"],
                boards_per_round=data["boards_per_round"],
                scoring_method=data["scoring_method"],
                vp_scale=data["vp_scale"] or Session.VpScale.WBF_CONTINUOUS,
                club_movement=int(data["movement"]) if data.get("movement") else None,
            )
        except ValidationError as exc:
            form.add_error("rounds", " ".join(exc.messages))
        else:
            if data.get("movement"):
                messages.success(request, _("Swiss pairs set up from the club movement. Name the pairs, then play."))
            else:
                messages.success(request, _("Swiss pairs set up: round 1 is drawn. Name the pairs, then play."))
            return redirect("swiss_page", pk=session.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "sessions/swiss_new.html", {"form": form}, status=status)


@requires(Perm.VIEW_RESULTS)
def swiss_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The Swiss: each round's tables, the standings round by round, the director's *Draw round N*."""
    session = get_session(pk)
    section = chosen_section(request, session)
    table = swiss_table(section) if section.movement_kind == Section.MovementKind.SWISS else None
    context = {
        "session": session,
        "section": section,
        "sections": session.sections.order_by("letter"),
        "swiss": table,
        "missing": services.missing_results(section, table.drawn) if table else [],
    }
    return render(request, "sessions/swiss.html", context)


@requires(Perm.DIRECT)
@require_POST
def swiss_draw(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: draw the next round from the standings (refused in words while the last round is incomplete)."""
    session = get_session(pk)
    section = chosen_section(request, session)
    try:
        number = services.draw_next_round(actor=request.user, section=section)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Round %(number)s is drawn from the standings.") % {"number": number})
    return redirect(f"/sessions/{session.pk}/swiss/?section={section.letter}")
