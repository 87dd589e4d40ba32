"""The party's big screen for the room's TV: where every guest sits this round (alphabetical, so each finds
their own name) and the leaders so far; once the party is finished, the prize list. Refreshed when the party
changes (pushed; else polled every 10 s, 304 while nothing changed); no menus."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from config.siteurl import reach_warning
from tournaments.core.access import Perm, public, requires
from tournaments.core.errors import LinkRefused
from tournaments.core.htmx import HtmxHttpRequest
from tournaments.core.links import qr_svg
from tournaments.parties import selectors
from tournaments.parties.models import Party
from tournaments.parties.tally_cards import SEAT_NAMES
from tournaments.parties.views.common import get_party
from tournaments.parties.views.live import answer_poll
from tournaments.tableside import screenlinks
from tournaments.tableside.screen import refused

LEADERS = 8


@requires(Perm.DIRECT)
def party_screen(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    party = get_party(request, pk)
    urls = (reverse("parties:screen", args=[pk]), reverse("parties:events", args=[pk]))
    return answer_poll(request, party.pk, lambda: _screen(request, party, *urls))


@public
@require_safe
def party_screen_by_link(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Public with the party's screen link (the token is the key): the same screen, read-only, for the TV."""
    try:
        link = screenlinks.open_screen(token)
    except LinkRefused as exc:
        return refused(request, exc)
    if link.party_id is None:
        raise Http404("This link is a session's screen.")
    party = get_object_or_404(Party, pk=link.party_id)
    urls = (reverse("parties:screen_link", args=[token]), reverse("parties:screen_link_events", args=[token]))
    return answer_poll(request, party.pk, lambda: _screen(request, party, *urls))


@requires(Perm.DIRECT)
def party_screen_links(request: HttpRequest, pk: int) -> HttpResponse:
    """The host's page for the TV: the screen link with its QR code, made or withdrawn with a button."""
    party = get_party(request, pk)
    link = screenlinks.live_screen_link(party_id=party.pk)
    url = screenlinks.screen_url(link) if link else ""
    context = {
        "party": party,
        "screen_link": link,
        "screen_url": url,
        "screen_qr": qr_svg(url) if link else "",
        "reach_warning": reach_warning(settings.SITE_URL),
    }
    return render(request, "parties/screen_link.html", context)


@requires(Perm.DIRECT)
@require_POST
def party_screen_link_action(request: HttpRequest, pk: int) -> HttpResponse:
    party = get_party(request, pk)
    if request.POST.get("action") == "screen_revoke":
        link = screenlinks.live_screen_link(party_id=party.pk)
        if link is not None:
            screenlinks.revoke_screen_link(actor=request.user, link=link)
        messages.success(request, _("The TV's screen link is withdrawn."))
    else:
        screenlinks.issue_screen_link(actor=request.user, party_id=party.pk)
        messages.success(request, _("The TV's screen link is ready: open it on the TV or scan its code."))
    return redirect("parties:screen_links", pk=party.pk)


def _screen(request: HtmxHttpRequest, party: Party, refresh_url: str, push_url: str) -> HttpResponse:
    last = party.rounds.order_by("-number").values_list("number", flat=True).first()
    rounds = selectors.party_rounds(party, (last,)) if last is not None else []  # the current round only
    current = rounds[-1] if rounds else None
    places: list[tuple[str, str]] = []
    if current is not None:
        for table in current.tables.all():
            for seat, guest in table.seats.items():
                if guest.ghost:
                    continue
                where = gettext(SEAT_NAMES[seat]) if seat in SEAT_NAMES else seat
                places.append(
                    (guest.name, gettext("Table %(table)s, %(seat)s") % {"table": table.number, "seat": where})
                )
            if table.sitting_out is not None:
                places.append((table.sitting_out.name, gettext("sits out this round")))
    standings = selectors.standings(party)
    context = {
        "party": party,
        "refresh_url": refresh_url,
        "push_url": push_url,
        "round": current,
        "places": sorted(places, key=lambda p: p[0].casefold()),
        "leaders": standings.rows[:LEADERS] if standings.rounds_entered else [],
        "euchre": standings.euchre,
        "game": standings.game,
        "prizes": standings.prizes if party.status == party.Status.FINISHED else [],
    }
    template = "parties/_screen_body.html" if request.htmx else "parties/screen.html"
    return render(request, template, context)
