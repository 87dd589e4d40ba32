"""Club ratings (the table and a member's history), the recompute button, and an event's master points scheme."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from scoring import ratings as method
from tournaments.core.access import Perm, requires
from tournaments.sessions.forms import add_service_errors
from tournaments.sessions.models import Event, Member, PointsScheme
from tournaments.sessions.selectors.ratings import club_ratings, rating_context
from tournaments.sessions.services import masterpoints, ratings


@requires(Perm.VIEW_RESULTS)
def club_ratings_page(request: HttpRequest) -> HttpResponse:
    """Directors and players: every rated member, best first, with master points."""
    context = {"rows": club_ratings(), "decay": method.DECAY, "prior": method.PRIOR_BOARDS}
    return render(request, "sessions/ratings.html", context)


@requires(Perm.VIEW_RESULTS)
def member_rating(request: HttpRequest, member_id: int) -> HttpResponse:
    """Directors and players: one member's rating, session by session, and their master points."""
    member = get_object_or_404(Member, pk=member_id)
    return render(request, "sessions/member_rating.html", rating_context(member))


@requires(Perm.DIRECT)
@require_POST
def ratings_recompute(request: HttpRequest) -> HttpResponse:
    """Director: rebuild every rating from the finished sessions (safe to repeat: the same figures come back)."""
    rows = ratings.recompute(actor=request.user)
    messages.success(
        request, _("Ratings recomputed from the finished sessions: %(rows)s session ratings.") % {"rows": rows}
    )
    return redirect("club_ratings")


class SchemeForm(forms.ModelForm[PointsScheme]):
    class Meta:
        model = PointsScheme
        fields = ["kind", "per_entry", "share_percent", "cap", "table", "point_type"]
        labels = {
            "kind": gettext_lazy("Kind"),
            "per_entry": gettext_lazy("Per entry"),
            "share_percent": gettext_lazy("Share percent"),
            "cap": gettext_lazy("Cap"),
            "table": gettext_lazy("Table"),
            "point_type": gettext_lazy("Point type"),
        }
        widgets = {"table": forms.Textarea(attrs={"rows": 4, "placeholder": "1: 6 4 2\n10: 12 8 6 4"})}


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def event_points(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: the event's master points scheme; saving it re-awards the event's finished sessions."""
    event = get_object_or_404(Event, pk=pk)
    stored = PointsScheme.objects.filter(event=event).first()
    form = SchemeForm(request.POST or None, instance=PointsScheme(event=event) if stored is None else stored)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                masterpoints.save_scheme(actor=request.user, event=event, scheme=form.instance)
            except ValidationError as exc:
                add_service_errors(form, exc)
            else:
                messages.success(request, _("The points scheme is saved; the finished sessions are awarded under it."))
                return redirect("event_points", pk=event.pk)
        status = 400
    examples = [(n, masterpoints.awards_for(stored, n)) for n in (4, 8, 12, 20)] if stored else []
    context = {"event": event, "form": form, "stored": stored, "examples": examples}
    return render(request, "sessions/event_points.html", context, status=status)
