"""The party's live edges: its tables' links (with their QR codes), the event streams of the host's pages and of the
TV's screen link, and the 304 answer of their polls, all keyed on the party's version (bumped by every party
write: parties/finishing.py `bump_party`), as a session's live panel is on its sections' versions."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from config.siteurl import reach_warning
from tournaments.core.access import Perm, public, requires
from tournaments.core.errors import LinkRefused, status_of
from tournaments.core.links import qr_svg
from tournaments.parties import table_links
from tournaments.parties.models import Party
from tournaments.parties.selectors import party_key
from tournaments.parties.views.common import get_party
from tournaments.tableside import screenlinks
from tournaments.tableside.models import TableLink
from tournaments.tableside.streams import stream


def party_etag(request: HttpRequest, party_id: int) -> str | None:
    """The ETag of a party page's poll: its version and status, who asks, in which language, for which page."""
    row = Party.objects.filter(pk=party_id).values_list("version", "status").first()
    if row is None:
        return None
    who = request.user.pk if request.user.is_authenticated else 0
    raw = f"{row[0]}|{row[1]}|{who}|{translation.get_language()}|{request.get_full_path()}"
    return '"p' + hashlib.sha256(raw.encode()).hexdigest()[:32] + '"'


def answer_poll(request: HttpRequest, party_id: int, build: Callable[[], HttpResponse]) -> HttpResponse:
    """`build()` for a page; for an HTMX poll (or a push's fetch) 304 while the party's version has not moved.
    Only polls: a page after a redirect must show its flash message, so it is always built afresh."""
    if not request.headers.get("HX-Request"):
        return build()
    etag = party_etag(request, party_id)
    if etag is None:
        return build()  # no such party: the view answers 404
    response = HttpResponseNotModified() if request.headers.get("If-None-Match") == etag else build()
    if response.status_code in (200, 304):
        response["ETag"] = etag
        response["Cache-Control"] = "no-store"
    return response


@requires(Perm.DIRECT)
@require_safe
def party_events(request: HttpRequest, pk: int) -> HttpResponse | StreamingHttpResponse:
    """For the host, as the party's pages: a change of the party (a table's score from its phone) as it commits."""
    party = get_party(request, pk)
    return stream(party_key(party.pk))


@public
@require_safe
def party_screen_events(request: HttpRequest, token: str) -> HttpResponse | StreamingHttpResponse:
    """Public with the party's screen link, as the TV's big screen."""
    try:
        link = screenlinks.open_screen(token)
    except LinkRefused as exc:
        return HttpResponse(exc.message, status=status_of(exc), content_type="text/plain; charset=utf-8")
    if link.party_id is None:
        raise Http404("This link is a session's screen.")
    return stream(party_key(link.party_id))


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def party_table_links(request: HttpRequest, pk: int) -> HttpResponse:
    """The host's list of the tables' links with QR codes, to print or show; POST withdraws one and issues its
    table a new one, or (issue) gives the tables of a party started before the links existed their links."""
    party = get_party(request, pk)
    if request.method == "POST" and request.POST.get("issue"):
        table_links.issue_party_links(actor=request.user, party=party)
        return redirect("parties:table_links", pk=party.pk)
    if request.method == "POST":
        raw = request.POST.get("link", "")
        number = int(raw) if raw.isascii() and raw.isdigit() else 0
        link = TableLink.objects.filter(pk=number, party=party, revoked_at__isnull=True).first()
        if link is None:
            messages.error(request, _("Choose a link of this party to withdraw."))
        else:
            table_links.revoke(actor=request.user, link=link)
            messages.success(request, _("Table %(table)s: the old link is withdrawn.") % {"table": link.table})
        return redirect("parties:table_links", pk=party.pk)
    cards = []
    for link in table_links.live_links(party):
        url = table_links.table_url(link)
        cards.append({"link": link, "url": url, "qr": qr_svg(url)})
    context = {
        "party": party,
        "cards": cards,
        "started": party.status != Party.Status.SETUP,
        "reach_warning": reach_warning(settings.SITE_URL),
    }
    return render(request, "parties/links.html", context)
