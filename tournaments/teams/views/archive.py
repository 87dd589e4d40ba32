"""Archiving a teams event from the web, after a confirmation that says what goes with it, and the archive list
that brings one back (the session archive's pages, for teams)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.core.access import Perm, requires
from tournaments.sessions.views.archive import confirm_archive
from tournaments.teams import archive
from tournaments.teams.models import TeamEvent


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def event_archive(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: what archiving this teams event takes away (GET); archive it once the box is ticked (POST)."""
    event = get_object_or_404(TeamEvent, pk=pk)

    def do_archive(why: str) -> str:
        archive.archive_event(actor=request.user, event=event, why=why)
        return f"{event.name} archived: restore it from the archive list if it was a mistake."

    return confirm_archive(
        request,
        what=event,
        goes=archive.what_goes_with(event),
        kind="teams event",
        archive=do_archive,
        done="teams:archived",
        takes_off=_("Archiving takes this teams event off the teams list."),
        archive_url=reverse("teams:archived"),
    )


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
        messages.success(request, _("%(name)s is back.") % {"name": event.name})
    return redirect("teams:detail", pk=event.pk)
