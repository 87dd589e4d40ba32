"""The public results pages (no login: published sessions only) and the director's publish buttons."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.core.access import Perm, has, public, requires
from tournaments.core.replica import reads_from_replica
from tournaments.printing.jobs import start_job
from tournaments.printing.models import GeneratedFile
from tournaments.publishing import delivery, players, selectors, services
from tournaments.publishing.cache import cached_public_page
from tournaments.publishing.jobs import KIND as EMAIL_KIND
from tournaments.publishing.models import Publication
from tournaments.sessions.models import Entry, Member, Section, Session
from tournaments.sessions.selectors import recaps
from tournaments.sessions.selectors.handicaps import session_rankings
from tournaments.sessions.selectors.ratings import rating_context, session_awards
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.selectors.swiss import swiss_table
from tournaments.sessions.tables import TRAVELLER_COLUMNS, hand_diagram, traveller_body

STRAINS = ("NT", "S", "H", "D", "C")
SEATS = ("N", "E", "S", "W")


def _common(session: Session) -> dict[str, object]:
    publication = session.publication
    return {
        "session": session,
        "publication": publication,
        "provisional": publication.is_provisional(),
        "corrections": selectors.corrections_of(publication),
    }


def offer_publishing(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A public page of a session that is not published: for a director, a page that says so with the button
    that publishes it, rather than the public "nothing here" (which stays for everyone else)."""

    @wraps(view)
    def wrapper(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, pk, *args, **kwargs)
        except Http404:
            if not has(request.user, Perm.DIRECT):
                raise
            session = Session.objects.select_related("event").filter(pk=pk).first()
            if session is None or Publication.objects.filter(session=session, is_public=True).exists():
                raise
            return render(request, "publishing/not_published.html", {"session": session}, status=404)

    return wrapper


@public
@reads_from_replica
def results_index(request: HttpRequest) -> HttpResponse:
    """Public: the club's published results, newest first, searchable by a player's name."""
    query = request.GET.get("q", "")
    sessions = list(selectors.published_sessions(query)[:200])
    return render(request, "publishing/index.html", {"sessions": sessions, "q": query[: selectors.MAX_QUERY]})


@public
@reads_from_replica
@offer_publishing
@cached_public_page
def public_standings(request: HttpRequest, pk: int) -> HttpResponse:
    """Public: every section's standings, the provisional banner, and the corrections made since publishing."""
    session = selectors.published_session(pk)
    context = _common(session)
    fields: list[dict[str, Any]] = []
    penalties = selectors.penalties_of(session)
    all_scores = []
    for section in session.sections.order_by("letter"):
        scores = score_section(section)
        all_scores.append(scores)

        def card_url(entry: Entry) -> str:
            return reverse("publishing:scorecard", args=[session.pk, entry.pk])

        for key, rows in scores.standings.items():
            keys = {s.entry.label for s in rows}
            fields.append(
                {
                    "section": section,
                    "name": recaps.FIELD_NAMES.get(key, key),
                    "rows": recaps.standings_rows(rows, card_url),
                    "percentages": scores.full_top is not None,
                    "penalties": [p for p in penalties if p["section"] == section.letter and p["pair"] in keys],
                }
            )
    context.update({"fields": fields, "several": len({f["section"].pk for f in fields}) > 1})
    context["awards"] = session_awards(session)
    context["appeals"] = selectors.appeals_of(session)
    context["rankings"] = session_rankings(session, all_scores)
    context["swiss_tables"] = [
        swiss_table(scores.section, scores)
        for scores in all_scores
        if scores.section.movement_kind == Section.MovementKind.SWISS
    ]
    return render(request, "publishing/standings.html", context)


def _board_sections(session: Session, number: int | None = None) -> list[dict[str, Any]]:
    """Each section's boards (only board `number` when given), as the boards templates show them: traveller
    with points, the deal, its double-dummy tricks and par, the penalties on it."""
    all_boards = selectors.boards_of(session)
    analyses = selectors.analyses_of([b for b in all_boards.values() if number is None or b.number == number])
    sections = []
    penalties = selectors.penalties_of(session)
    for section in session.sections.order_by("letter"):
        boards = []
        for board_score in score_section(section).boards:
            board_number = board_score.board.number
            if number is not None and board_number != number:
                continue
            analysis = analyses.get(board_number)
            hands = recaps.hands(board_score.board.deal)
            boards.append(
                {
                    "score": board_score,
                    "body": traveller_body(recaps.traveller_rows(board_score)),  # 4/5 of the render as a loop
                    "hands": hand_diagram(hands) if hands else "",  # as the director's travellers page
                    "auctions": recaps.auctions(board_score),
                    "tricks": None
                    if analysis is None
                    else [(seat, [analysis.tricks[s][seat] for s in STRAINS]) for seat in SEATS],
                    "par": analysis,
                    "penalties": [
                        p for p in penalties if p["section"] == section.letter and p["board"] == board_number
                    ],
                }
            )
        sections.append({"section": section, "boards": boards})
    return sections


@public
@reads_from_replica
@offer_publishing
@cached_public_page
def public_boards(request: HttpRequest, pk: int) -> HttpResponse:
    """Public: every board's traveller with points, the deal, its double-dummy tricks and par, on one page."""
    session = selectors.published_session(pk)
    context = _common(session)
    sections = _board_sections(session)
    context.update(
        {
            "sections": sections,
            "several": len(sections) > 1,
            "columns": [(label, numeric) for _, label, numeric in TRAVELLER_COLUMNS],
            "strains": STRAINS,
        }
    )
    return render(request, "publishing/boards.html", context)


@public
@reads_from_replica
@offer_publishing
@cached_public_page
def public_board(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Public: one board (in each section that has it), what a player opens from a score card on a phone: a
    few KB and one board to build, where the whole page carries every traveller and hand (still linked)."""
    session = selectors.published_session(pk)
    sections = [s for s in _board_sections(session, number) if s["boards"]]
    if not sections:
        raise Http404("No such board.")
    numbers = sorted(selectors.boards_of(session))
    at = numbers.index(number) if number in numbers else -1
    context = _common(session)
    context.update(
        {
            "sections": sections,
            "several": len(sections) > 1,
            "number": number,
            "numbers": numbers,
            "previous": numbers[at - 1] if at > 0 else None,
            "next": numbers[at + 1] if 0 <= at < len(numbers) - 1 else None,
            "columns": [(label, numeric) for _, label, numeric in TRAVELLER_COLUMNS],
            "strains": STRAINS,
        }
    )
    return render(request, "publishing/board.html", context)


@public
@reads_from_replica
@offer_publishing
@cached_public_page
def public_scorecard(request: HttpRequest, pk: int, entry_id: int) -> HttpResponse:
    """Public: one pair's personal score card."""
    session = selectors.published_session(pk)
    entry = get_object_or_404(
        Entry.objects.select_related("section").prefetch_related("players"), pk=entry_id, section__session=session
    )
    context = _common(session)
    scores = score_section(entry.section)
    context.update(
        {
            "entry": entry,
            "names": recaps.names(entry),
            "standing": scores.standing_of(entry.pk),
            "rows": recaps.scorecard_rows(scores, entry),
            "penalties": [p for p in selectors.penalties_of(session) if p["entry_id"] == entry.pk],
        }
    )
    return render(request, "publishing/scorecard.html", context)


@requires(Perm.DIRECT)
@require_POST
def publish_action(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: publish, mark final or unpublish a session's results."""
    session = get_object_or_404(Session, pk=pk)
    action = request.POST.get("action", "")
    try:
        if action == "publish":
            services.publish(actor=request.user, session=session)
            messages.success(request, _("Results published: anyone with the link can see them."))
        elif action == "final":
            services.mark_final(actor=request.user, session=session)
            messages.success(request, _("Results marked final: the provisional banner is gone."))
        elif action == "unpublish":
            services.unpublish(actor=request.user, session=session)
            messages.success(request, _("Results taken off the public pages."))
        else:
            messages.error(request, _("Choose publish, final or unpublish."))
    except ValidationError as exc:
        messages.error(request, _(" ").join(exc.messages))
    return redirect("session_detail", pk=session.pk)


@requires(Perm.DIRECT)
@require_POST
def email_action(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: e-mail every player their score card, as a background job whose progress bar the page shows."""
    session = get_object_or_404(Session, pk=pk)
    if not Publication.objects.filter(session=session, is_public=True).exists():
        messages.error(request, _("Publish the results before e-mailing them: the e-mail links to the public pages."))
        return redirect("session_detail", pk=session.pk)
    job = start_job(owner=request.user, session=session, kind=EMAIL_KIND)
    return redirect("jobs:detail", job.pk)


@requires(Perm.DIRECT)
def email_report(request: HttpRequest, pk: int) -> HttpResponse:
    """Director: where e-mail goes now and, player by player, what the last send did (the publish panel's part)."""
    session = get_object_or_404(Session, pk=pk)
    job = GeneratedFile.objects.filter(session=session, kind=EMAIL_KIND).order_by("-pk").first()
    lines = bytes(job.content).decode().splitlines() if job is not None and job.content else []
    return render(
        request,
        "publishing/_email_report.html",
        {
            "session": session,
            "job": job,
            "summary": lines[2] if len(lines) > 2 else "",
            "players": lines[4:],
            "delivers": delivery.delivers(),
            "where": delivery.where(),
            "server": f"{settings.EMAIL_HOST}:{settings.EMAIL_PORT}",
        },
    )


@requires(Perm.MANAGE_CLUB)
def mail_settings(request: HttpRequest) -> HttpResponse:
    """Administrator: where e-mail goes (from EMAIL_URL) and a button that sends a test message and says what
    became of it."""
    to = request.POST.get("to", request.user.email if request.user.is_authenticated else "").strip()
    outcome = None
    if request.method == "POST":
        try:
            validate_email(to)
        except ValidationError:
            messages.error(
                request, _("Type the address to send the test message to (%(typed)r is not one).") % {"typed": to[:80]}
            )
        else:
            outcome = delivery.send_test_message(to)
    context = {"to": to, "outcome": outcome, "delivers": delivery.delivers(), "where": delivery.where()}
    return render(request, "publishing/mail.html", context)


def _player_page(request: HttpRequest, member: Member, token: str = "") -> HttpResponse:
    history = players.history_of(member)
    context = {"member": member, "history": list(reversed(history)), "plot": players.plot_points(history)}
    rated = rating_context(member)
    context |= {"rating_history": rated["history"], "awards": rated["awards"], "awards_total": rated["awards_total"]}
    return render(request, "publishing/player.html", context | {"token": token, "link_days": players.LINK_DAYS})


@public
@require_http_methods(["GET", "POST"])
def player_link(request: HttpRequest, token: str) -> HttpResponse:
    """Public with the member's private link (from the results e-mail): their sessions over time. A POST (the
    button on the page) revokes the member's links, for a link that was forwarded or seen by someone else."""
    member = players.member_from(token, players.LINK_SALT)
    if member is None:
        raise Http404("This link is not valid: it expired, was revoked, or was mistyped.")
    if request.method == "POST":
        services.revoke_player_links(actor=None, member=member)
        messages.success(request, _("Your private link is revoked: the next results e-mail brings a new one."))
        return redirect("publishing:index")
    return _player_page(request, member, token=token)


@requires(Perm.DIRECT)
@require_POST
def revoke_member_links(request: HttpRequest, member_id: int) -> HttpResponse:
    """Director: revoke one member's private results links (the members page's button)."""
    member = get_object_or_404(Member, pk=member_id)
    services.revoke_player_links(actor=request.user, member=member)
    messages.success(request, _("The private results links of %(name)s are revoked.") % {"name": member.name})
    return redirect("members")


@requires()
def player_me(request: HttpRequest) -> HttpResponse:
    """A player login's own sessions over time (the login must be linked to a club member)."""
    assert request.user.is_authenticated  # @requires() let only signed-in users in
    member = Member.objects.filter(user=request.user).first()
    if member is None:
        return render(request, "publishing/player.html", {"member": None, "history": [], "plot": ""}, status=404)
    return _player_page(request, member)


@public
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """Public with the link from an e-mail: asks, then (on the button) stops results e-mails; no login needed."""
    member = players.member_from(token, players.UNSUBSCRIBE_SALT)
    if member is None:
        raise Http404("This link is not valid.")
    done = False
    if request.method == "POST":
        done = players.unsubscribe(token)
    return render(request, "publishing/unsubscribe.html", {"member": member, "done": done or member.email_opt_out})
