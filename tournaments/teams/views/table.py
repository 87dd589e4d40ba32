"""Teams table links: the director's list of a round's links with their QR codes; a room's phone enters its scores
on the one table page (tournaments/tableside), to which the old room links redirect."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from config.siteurl import reach_warning
from tournaments.core.access import Perm, public, requires
from tournaments.core.links import qr_svg
from tournaments.tableside.models import TableLink
from tournaments.teams import tables
from tournaments.teams.models import TeamRound


@public
@require_safe
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    """Public: a room's link as printed before the one table terminal (/teams/t/<token>/) opens the table page
    (/t/<token>/), the same token, so QR codes already on the tables keep working."""
    return redirect("tableside:table", token=token[:32], permanent=True)


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def round_links(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The director's list of the round's table links (two per match), with QR codes to show or print;
    POST withdraws one and issues its room a new one, or (issue) gives a round drawn without them their links."""
    rnd = get_object_or_404(TeamRound.objects.select_related("event"), event=pk, number=number)
    if request.method == "POST" and request.POST.get("issue"):
        tables.issue_links(actor=request.user, rnd=rnd)
        return redirect("teams:links", pk=pk, number=number)
    if request.method == "POST":
        raw = request.POST.get("link", "")
        link = TableLink.objects.filter(
            pk=int(raw) if raw.isascii() and raw.isdigit() else 0, match__round=rnd, revoked_at__isnull=True
        ).first()
        if link is None:
            messages.error(request, _("Choose a link of this round to withdraw."))
        else:
            tables.revoke(actor=request.user, link=link)
            messages.success(
                request,
                _("Match %(table)s, room %(room)s: the old link is withdrawn.")
                % {"table": link.room_match.table, "room": link.room},
            )
        return redirect("teams:links", pk=pk, number=number)
    cards = []
    for link in tables.live_links(rnd):
        url = tables.table_url(link)
        cards.append({"link": link, "match": link.match, "url": url, "qr": qr_svg(url)})
    context = {"event": rnd.event, "round": rnd, "cards": cards, "reach_warning": reach_warning(settings.SITE_URL)}
    return render(request, "teams/links.html", context)
