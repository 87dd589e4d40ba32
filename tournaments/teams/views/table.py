"""Teams table links: the phone page of one room of a match (the token is the key) and the director's list of a
round's links with their QR codes."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from config.siteurl import reach_warning
from tournaments.core.access import Perm, public, requires
from tournaments.core.errors import FINISHED, status_of
from tournaments.core.links import qr_svg
from tournaments.teams import services, tables
from tournaments.teams.models import TeamEvent, TeamRound, TeamTableLink


def _rows(
    view: tables.RoomView, posted: dict[str, str] | None, stale: dict[int, int | None], field: str
) -> list[dict[str, Any]]:
    """The form's rows: what is stored, or what was typed when the save was refused (a stale board shows what is
    stored now, so a second tap on Save never writes over it unseen)."""
    rows = []
    for b in view.boards:
        shown = "" if b.mine is None else str(b.mine)
        seen = shown
        if posted is not None and b.board not in stale:
            shown, seen = posted.get(f"b{b.board}", ""), posted.get(f"s{b.board}", "")
        rows.append({"b": b, "value": shown, "seen": seen, "stale": b.board in stale, "err": field == f"b{b.board}"})
    return rows


@public
@require_http_methods(["GET", "POST"])
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    """Public with the room's link: the N-S score of each board in this room, the other room's and the IMPs."""
    try:
        link = tables.open_link(token)
    except tables.LinkRefused as exc:
        return render(request, "teams/table_refused.html", {"message": exc.message}, status=status_of(exc))
    event = link.match.round.event
    error, field, status = "", "", 200
    posted: dict[str, str] | None = None
    stale: dict[int, int | None] = {}
    if request.method == "POST":
        entries = {
            n: (request.POST.get(f"b{n}", ""), request.POST.get(f"s{n}", ""))
            for n in range(1, event.boards_per_match + 1)
            if f"b{n}" in request.POST
        }
        try:
            saved = tables.save_room_scores(link=link, entries=entries)
        except tables.LinkRefused as exc:
            return render(request, "teams/table_refused.html", {"message": exc.message}, status=status_of(exc))
        except tables.StaleRoom as exc:
            error, status, stale = str(exc), 409, exc.now
            posted = {k: str(v) for k, v in request.POST.items()}
        except services.TeamsError as exc:
            error, field = str(exc), exc.field or ""
            posted = {k: str(v) for k, v in request.POST.items()}
            status = 403 if exc.code == FINISHED else 400  # a form page answers bad input 400, not the API's 422
        else:
            messages.success(request, f"Saved {saved} board{'s' if saved != 1 else ''}." if saved else "No changes.")
            return redirect("teams:table", token=link.token)
    view = tables.room_view(link)
    match = link.match
    ns, ew = (match.home, match.away) if link.room == 1 else (match.away, match.home)
    finished = event.status == TeamEvent.Status.FINISHED
    context = {
        "link": link, "event": event, "match": match, "view": view, "ns": ns, "ew": ew, "error": error,
        "rows": _rows(view, posted, stale, field), "finished": finished,
    }  # fmt: skip
    return render(request, "teams/table.html", context, status=status)


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
        link = TeamTableLink.objects.filter(
            pk=int(raw) if raw.isascii() and raw.isdigit() else 0, match__round=rnd, revoked_at__isnull=True
        ).first()
        if link is None:
            messages.error(request, "Choose a link of this round to withdraw.")
        else:
            tables.revoke(actor=request.user, link=link)
            messages.success(request, f"Match {link.match.table}, room {link.room}: the old link is withdrawn.")
        return redirect("teams:links", pk=pk, number=number)
    cards = []
    for link in tables.live_links(rnd):
        url = tables.table_url(link)
        cards.append({"link": link, "match": link.match, "url": url, "qr": qr_svg(url)})
    context = {"event": rnd.event, "round": rnd, "cards": cards, "reach_warning": reach_warning(settings.SITE_URL)}
    return render(request, "teams/links.html", context)
