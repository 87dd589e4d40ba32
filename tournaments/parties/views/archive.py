"""Archiving a party from the web, after a confirmation that says what goes with it, and the archive list that
brings one back (the session archive's pages, for parties; a host sees only their own)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.core.access import Perm, has, requires
from tournaments.parties import archive
from tournaments.parties.models import Party
from tournaments.parties.views.common import get_party
from tournaments.sessions.views.archive import confirm_archive


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def party_archive(request: HttpRequest, pk: int) -> HttpResponse:
    """Host: what archiving this party takes away (GET); archive it once the box is ticked (POST)."""
    party = get_party(request, pk)

    def do_archive(why: str) -> str:
        archive.archive_party(actor=request.user, party=party, why=why)
        return _("%(name)s archived: restore it from the archive list if it was a mistake.") % {"name": party.name}

    return confirm_archive(
        request,
        what=party,
        goes=archive.what_goes_with(party),
        kind="party",
        archive=do_archive,
        done="parties:archived",
        takes_off=_("Archiving takes this party off your list of parties."),
        archive_url=reverse("parties:archived"),
    )


@requires(Perm.DIRECT)
def parties_archived(request: HttpRequest) -> HttpResponse:
    """Host: the archived parties (the club's, for staff), each with a button that restores it."""
    parties = Party.objects.filter(archived_at__isnull=False).order_by("-archived_at")
    if not has(request.user, Perm.MANAGE_CLUB):
        parties = parties.filter(host=request.user.pk)
    return render(request, "parties/archived.html", {"parties": parties[:200]})


@requires(Perm.DIRECT)
@require_POST
def party_restore(request: HttpRequest, pk: int) -> HttpResponse:
    """Host: bring an archived party back."""
    party = get_party(request, pk)
    if archive.restore_party(actor=request.user, party=party):
        messages.success(request, _("%(name)s is back.") % {"name": party.name})
    return redirect("parties:detail", pk=party.pk)
