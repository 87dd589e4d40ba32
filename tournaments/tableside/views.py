"""The table page (anonymous: the token is the key) and the director's live control panel."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from tournaments.core.access import Perm, public, requires
from tournaments.sessions.models import Session
from tournaments.tableside import selectors, services
from tournaments.tableside.models import DirectorCall, TableLink, TableSettings
from tournaments.tableside.polls import polled


def _whole(text: str) -> int | None:
    """A whole number typed in ASCII digits (with an optional minus), else None."""
    digits = text.strip().removeprefix("-")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 6):
        return None
    return -int(digits) if text.strip().startswith("-") else int(digits)


@public
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    """Public with the table's link: the phone page that enters this table's results through the JSON API."""
    try:
        link = services.open_link(token)
    except services.LinkRefused as exc:
        return render(request, "tableside/refused.html", {"message": str(exc)}, status=exc.status)
    return render(request, "tableside/table.html", {"link": link, "token": link.token})


def _panel_context(session: Session) -> dict[str, object]:
    sections = []
    for section in session.sections.order_by("letter"):
        services.issue_links(section)
        settings, _ = TableSettings.objects.get_or_create(section=section)
        grid = selectors.grid_of(section)
        links = [
            (link, selectors.table_url(link))
            for link in TableLink.objects.filter(section=section, revoked_at__isnull=True).order_by("table")
        ]
        sections.append({"grid": grid, "settings": settings, "links": links})
    timer = services.timer_of(session)
    return {
        "session": session,
        "sections": sections,
        "timer": timer,
        "remaining": timer.remaining(),
        "calls": selectors.open_calls(session),
        "disputes": selectors.disputes(session),
    }


@requires(Perm.DIRECT)
@polled
def live_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The director's live panel: tables by rounds (in, missing, disputed), calls, the round clock, the links."""
    session = get_object_or_404(Session, pk=pk)
    context = _panel_context(session)
    template = "tableside/_panel.html" if getattr(request, "htmx", False) else "tableside/panel.html"
    return render(request, template, context)


@requires(Perm.DIRECT)
def link_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """Every table's link as a QR code with the table number large, to print and put on the tables."""
    session = get_object_or_404(Session, pk=pk)
    cards = []
    for section in session.sections.order_by("letter"):
        for link in services.issue_links(section):
            url = selectors.table_url(link)
            cards.append({"section": section, "link": link, "url": url, "qr": selectors.qr_svg(url)})
    return render(request, "tableside/cards.html", {"session": session, "cards": cards})


@requires(Perm.DIRECT)
@require_POST
def panel_action(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: the clock (start, pause, resume, add, set), links (revoke, reissue), calls, table settings."""
    session = get_object_or_404(Session, pk=pk)
    action = request.POST.get("action", "")
    minutes = _whole(request.POST.get("minutes", ""))
    if action in ("start", "pause", "resume", "add", "set"):
        services.timer_action(session=session, action=action, minutes=minutes)
    elif action in ("revoke", "reissue"):
        link = get_object_or_404(TableLink, pk=request.POST.get("link") or 0, section__session=session)
        services.revoke(actor=request.user, link=link, reissue=action == "reissue")
        messages.success(
            request, f"Table {link.table}'s link " + ("re-issued." if action == "reissue" else "withdrawn.")
        )
    elif action == "answer":
        call = get_object_or_404(
            DirectorCall, pk=_whole(request.POST.get("call", "")) or 0, link__section__session=session
        )
        services.answer_call(actor=request.user, call=call)
    elif action == "settings":
        choices = {
            pk: (request.POST.get(f"s{pk}-confirm") == "on", request.POST.get(f"s{pk}-traveller") == "on")
            for pk in session.sections.values_list("pk", flat=True)
        }
        services.save_settings(session, choices)
        messages.success(request, "Table settings saved.")
    else:
        messages.error(request, "Unknown action.")
    return redirect("tableside:panel", pk=session.pk)
