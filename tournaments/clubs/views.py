"""The club chooser: a login that works in several clubs picks the one its pages (without `/c/<slug>/`) show."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from tournaments.clubs.middleware import SESSION_KEY, clubs_of
from tournaments.core.access import public


@public  # any signed-in login: it lists only the clubs where that login holds a role
@require_http_methods(["GET", "POST"])
def choose(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    mine = clubs_of(request.user).order_by("name")
    if request.method == "POST":
        chosen = mine.filter(slug=request.POST.get("club", "")).first()
        if chosen is not None:
            request.session[SESSION_KEY] = chosen.pk
            return redirect(f"{request.META.get('SCRIPT_NAME', '').rstrip('/')}{reverse('home')}")
    current = getattr(request, "club_look", None)
    return render(request, "clubs/choose.html", {"clubs": mine, "current": current.pk if current else None})
