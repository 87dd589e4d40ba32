"""What every party page needs: the host's own party or a 404, and the steps of the evening."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.core.access import Perm, has
from tournaments.parties.models import Party


def get_party(request: HttpRequest, pk: int) -> Party:
    """The party, if this login is its host (or staff); anyone else gets a 404, not a hint it exists."""
    party = get_object_or_404(Party, pk=pk)
    user = request.user
    if not (has(user, Perm.MANAGE_CLUB) or party.host_id == user.pk):
        raise Http404("No such party.")
    return party


def steps(party: Party, active: str) -> list[tuple[str, str, bool, bool]]:
    """(key, label, done, active) for the step bar at the top of every party page."""
    guests = party.guests.count()
    started = party.status != Party.Status.SETUP
    return [
        ("rules", pgettext("party step", "Rules"), True, active == "rules"),
        ("guests", _("Guests (%(count)s)") % {"count": guests}, guests > 0, active == "guests"),
        ("start", pgettext("party step", "Tally cards"), started, active == "start"),
        ("play", pgettext("party step", "Play"), party.status == Party.Status.FINISHED, active == "play"),
        ("standings", _("Tallies & prizes"), party.status == Party.Status.FINISHED, active == "standings"),
    ]
