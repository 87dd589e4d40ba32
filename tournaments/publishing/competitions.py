"""A season competition's public standings (mounted at /results/competitions/<id>/): shown only once the
director has made the competition public; otherwise the page does not exist (404)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournaments.core.access import public
from tournaments.sessions.models import Competition
from tournaments.sessions.selectors.competitions import competition_table


@public
@require_GET
def public_competition(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Anyone: a public competition's standings."""
    competition = Competition.objects.filter(pk=competition_id, public=True).first()
    if competition is None:
        raise Http404
    return render(request, "sessions/competition.html", {"table": competition_table(competition), "public": True})
