"""Archiving a session or an event from the web, after a confirmation that says what goes with it, and the
archive list that brings one back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext
from django.views.decorators.http import require_POST

from tournaments.core.access import Perm, requires
from tournaments.sessions.models import Event, Session
from tournaments.sessions.services import archive as archive_services
from tournaments.sessions.views.common import get_session

CONFIRM = gettext_noop("Tick the box to confirm: nothing is archived without it.")  # translated when shown


def confirm_archive(
    request: HttpRequest,
    *,
    what: object,
    goes: list[str],
    kind: str,
    archive: Callable[[str], str],
    done: str,
    **shown: Any,
) -> HttpResponse:
    """The one confirmation of every archive (sessions, events, teams events, parties): a GET says what goes with
    it; a POST with the box ticked calls `archive(why)`, shows the message it returns and goes to `done`; a POST
    without it answers 400 with the page again."""
    error = ""
    if request.method == "POST":
        if request.POST.get("confirm") == "yes":
            messages.success(request, archive(request.POST.get("why", "")[:200]))
            return redirect(done)
        error = _(CONFIRM)
    context = {"what": what, "goes": goes, "error": error, "kind": kind, **shown}
    return render(request, "sessions/archive_confirm.html", context, status=400 if error else 200)


@requires(Perm.DIRECT)
def session_archive(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: what archiving this session takes away (GET); archive it once the box is ticked (POST)."""
    session = get_session(pk)

    def archive(why: str) -> str:
        archive_services.archive_session(actor=request.user, session=session, why=why)
        return _("%(session)s archived: restore it from the archive list if it was a mistake.") % {"session": session}

    goes = archive_services.what_goes_with(session)
    return confirm_archive(request, what=session, goes=goes, kind="session", archive=archive, done="sessions_archived")


@requires(Perm.DIRECT)
def event_archive(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: archive every session of an event, after the same confirmation."""
    event = get_object_or_404(Event, pk=pk)
    sessions = list(event.sessions.filter(archived_at__isnull=True).order_by("number"))

    def archive(why: str) -> str:
        count = archive_services.archive_event(actor=request.user, event=event, why=why)
        return ngettext("%(event)s: %(count)s session archived.", "%(event)s: %(count)s sessions archived.", count) % {
            "event": event.name,
            "count": count,
        }

    goes = [
        _("%(session)s (%(date)s): %(goes)s")
        % {
            "session": s.name,
            "date": date_format(s.date, "j M Y"),
            "goes": "; ".join(archive_services.what_goes_with(s)),
        }
        for s in sessions
    ]
    return confirm_archive(request, what=event, goes=goes, kind="event", archive=archive, done="sessions_archived")


@requires(Perm.DIRECT)
def sessions_archived(request: HttpRequest) -> HttpResponse:
    """Director: the archived sessions, each with a button that restores it."""
    sessions = Session.objects.filter(archived_at__isnull=False).select_related("event").order_by("-archived_at")
    return render(request, "sessions/archived.html", {"sessions": sessions})


@requires(Perm.DIRECT)
@require_POST
def session_restore(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: bring an archived session back."""
    session = get_session(pk)
    if archive_services.restore_session(actor=request.user, session=session):
        messages.success(request, _("%(session)s is back.") % {"session": session})
    return redirect("session_detail", pk=session.pk)
