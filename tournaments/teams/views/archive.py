"""Archiving a teams event from the web, after a confirmation that says what goes with it, and the archive list
that brings one back (the session archive's pages, for teams)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.core.access import Perm, requires
from tournaments.teams import archive
from tournaments.teams.models import TeamEvent

CONFIRM = "Tick the box to confirm: nothing is archived without it."


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def event_archive(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: what archiving this teams event takes away (GET); archive it once the box is ticked (POST)."""
    event = get_object_or_404(TeamEvent, pk=pk)
    error = ""
    if request.method == "POST":
        if request.POST.get("confirm") == "yes":
            archive.archive_event(actor=request.user, event=event, why=request.POST.get("why", "")[:200])
            messages.success(request, f"{event.name} archived: restore it from the archive list if it was a mistake.")
            return redirect("teams:archived")
        error = CONFIRM
    context = {
        "what": event, "goes": archive.what_goes_with(event), "error": error, "kind": "teams event",
        "takes_off": "this teams event off the teams list", "archive_url": reverse("teams:archived"),
    }  # fmt: skip
    return render(request, "sessions/archive_confirm.html", context, status=400 if error else 200)


@requires(Perm.DIRECT)
def events_archived(request: HttpRequest) -> HttpResponse:
    """Director: the archived teams events, each with a button that restores it."""
    events = TeamEvent.objects.filter(archived_at__isnull=False).order_by("-archived_at")[:200]
    return render(request, "teams/archived.html", {"events": events})


@requires(Perm.DIRECT)
@require_POST
def event_restore(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: bring an archived teams event back."""
    event = get_object_or_404(TeamEvent, pk=pk)
    if archive.restore_event(actor=request.user, event=event):
        messages.success(request, f"{event.name} is back.")
    return redirect("teams:detail", pk=event.pk)
