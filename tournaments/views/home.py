"""The director's home page."""

from django.contrib.auth.decorators import login_required
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from tournaments.models import Session


@login_required
def home(request: HttpRequest) -> HttpResponse:
    sessions = Session.objects.select_related("event").annotate(table_count=Sum("sections__tables"))[:30]
    return render(request, "home.html", {"sessions": sessions, "new_session_url": reverse("session_new")})
