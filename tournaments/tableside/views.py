"""The table page (anonymous: the token is the key) and the director's live control panel."""

from __future__ import annotations

from django.conf import settings as django_settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.siteurl import reach_warning
from tournaments.core.access import Perm, public, requires
from tournaments.core.bodies import kept_body, with_moving_part
from tournaments.core.errors import status_of
from tournaments.core.limits import client_address
from tournaments.core.links import qr_svg
from tournaments.sessions.models import Session
from tournaments.tableside import panel_rows, screenlinks, selectors, services, signins
from tournaments.tableside.models import DirectorCall, RoundTimer, SignIn, TableLink
from tournaments.tableside.polls import clock_state, polled


def _whole(text: str) -> int | None:
    """A whole number typed in ASCII digits (with an optional minus), else None."""
    digits = text.strip().removeprefix("-")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 6):
        return None
    return -int(digits) if text.strip().startswith("-") else int(digits)


# The panel's checkboxes (s<section pk>-<box>) and the table setting each one sets.
SETTING_BOXES = {
    "confirm": "opponents_confirm",
    "traveller": "show_traveller",
    "sign-in": "sign_in",
    "hands": "hands_at_table",
    "hand": "show_hand",
    "names": "traveller_names",
    "percentages": "traveller_percentages",
    "running": "running_percentage",
    "ranking": "ranking_after_round",
    "changes": "table_changes",
    "bidding": "bidding",
    "play": "play",
}


@public
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    """Public with the table's link: the phone page that enters this table's results through the JSON API."""
    try:
        link = services.open_link(token, address=client_address(request))
    except services.LinkRefused as exc:
        return render(request, "tableside/refused.html", {"message": exc.message}, status=status_of(exc))
    whist = not link.is_room and not link.is_party and link.table_section.session.is_whist
    return render(request, "tableside/table.html", {"link": link, "token": link.token, "whist": whist})


def _panel_context(request: HttpRequest, session: Session) -> dict[str, object]:
    sections = []
    for section in session.sections.order_by("letter"):
        settings = services.settings_of(section)
        grid = selectors.grid_of(section)
        live = TableLink.objects.filter(section=section, revoked_at__isnull=True).order_by("table")
        found = list(live.only("pk", "table", "token"))  # what the links' lines show (panel_rows.link_items)
        links = list(zip(found, selectors.table_urls(found), strict=True))
        sign_ins = list(SignIn.objects.filter(section=section).select_related("member")) if settings.sign_in else []
        sections.append(
            {
                "grid": grid,
                "body": panel_rows.grid_body(grid),
                "settings": settings,
                "links": links,
                "link_items": panel_rows.link_items(request, session.pk, links),
                "sign_ins": sign_ins,
            }
        )
    timer = services.timer_of(session)
    return {
        "session": session,
        "sections": sections,
        "timer": timer,
        "clock": _clock(timer),
        "calls": selectors.open_calls(session),
        "disputes": selectors.disputes(session),
        "reach_warning": reach_warning(django_settings.SITE_URL),
    }


def _clock(timer: RoundTimer) -> SafeString:
    """The panel's round clock as it reads now (seconds left): the one part of the panel that moves with time."""
    return mark_safe(render_to_string("tableside/_panel_clock.html", {"timer": timer, "remaining": timer.remaining()}))


@requires(Perm.DIRECT)
@polled
def live_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The director's live panel: tables by rounds (in, missing, disputed), calls, the round clock, the links.
    A poll's fragment is kept per ETag and browser (core/bodies.py), its clock rendered afresh each time."""
    state = clock_state(request, pk) if getattr(request, "htmx", False) else None
    if state is None:
        session = get_object_or_404(Session, pk=pk)
        return render(request, "tableside/panel.html", _panel_context(request, session) | _screen_context(session))
    tag, timer = state

    def build() -> HttpResponse:
        context = _panel_context(request, get_object_or_404(Session, pk=pk))
        return with_moving_part(render(request, "tableside/_panel.html", context), str(context["clock"]))

    return kept_body(request, "tableside.live_panel", tag, build, fresh=lambda: _clock(timer))


def _screen_context(session: Session) -> dict[str, object]:
    """The TV's screen link with its QR code, when the director has made one."""
    link = screenlinks.live_screen_link(session=session)
    if link is None:
        return {"screen_link": None}
    url = screenlinks.screen_url(link)
    return {"screen_link": link, "screen_url": url, "screen_qr": qr_svg(url)}


@requires(Perm.DIRECT)
def link_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """Every table's link as a QR code with the table number large, to print and put on the tables."""
    session = get_object_or_404(Session, pk=pk)
    cards = []
    for section in session.sections.order_by("letter"):
        for link in TableLink.objects.filter(section=section, revoked_at__isnull=True).order_by("table"):
            url = selectors.table_url(link)
            cards.append({"section": section, "link": link, "url": url, "qr": qr_svg(url)})
    context = {"session": session, "cards": cards, "reach_warning": reach_warning(django_settings.SITE_URL)}
    return render(request, "tableside/cards.html", context)


def _screen_action(request: HttpRequest, session: Session, action: str) -> None:
    """Make the TV's screen link, or withdraw it (a new one is made with the next "make")."""
    if action == "screen_issue":
        screenlinks.issue_screen_link(actor=request.user, session=session)
        messages.success(request, _("The TV's screen link is ready: open it on the TV or scan its code."))
        return
    link = screenlinks.live_screen_link(session=session)
    if link is not None:
        screenlinks.revoke_screen_link(actor=request.user, link=link)
    messages.success(request, _("The TV's screen link is withdrawn."))


def _fix_seat(request: HttpRequest, session: Session) -> None:
    """Move a sign-in to the seat it belongs to (whoever sat there takes the other seat)."""
    signed = get_object_or_404(SignIn, pk=_whole(request.POST.get("sign_in", "")) or 0, section__session=session)
    table = _whole(request.POST.get("table", "")) or 0
    try:
        signins.fix_seat(actor=request.user, signed=signed, table=table, seat=request.POST.get("seat", ""))
    except signins.SignInError as exc:
        messages.error(request, exc.message)
        return
    messages.success(request, f"{signed.name} now sits at table {table} {request.POST.get('seat', '').upper()}.")


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
        done = _("Table %(table)s's link re-issued.") if action == "reissue" else _("Table %(table)s's link withdrawn.")
        messages.success(request, done % {"table": link.table})
    elif action in ("screen_issue", "screen_revoke"):
        _screen_action(request, session, action)
    elif action == "answer":
        call = get_object_or_404(
            DirectorCall, pk=_whole(request.POST.get("call", "")) or 0, link__section__session=session
        )
        services.answer_call(actor=request.user, call=call)
    elif action == "settings":
        choices = {
            pk: {name: request.POST.get(f"s{pk}-{box}") == "on" for box, name in SETTING_BOXES.items()}
            for pk in session.sections.values_list("pk", flat=True)
            if request.POST.get("section") in (None, str(pk))  # the form of one section sends its own
        }
        services.save_settings(actor=request.user, session=session, choices=choices)
        messages.success(request, _("Table settings saved."))
    elif action == "sign_in_fix":
        _fix_seat(request, session)
    elif action == "links":
        for section in session.sections.all():
            services.set_up_tables(section)
        messages.success(request, _("Every table has a link."))
    else:
        messages.error(request, _("Unknown action."))
    return redirect("tableside:panel", pk=session.pk)
