"""The result pages: standings (live while results come in), travellers with points, personal score cards.

Every number comes from `tournaments.sessions.selectors.scores`; these views only choose the section and the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from tournaments.core.access import Perm, requires
from tournaments.sessions.models import Entry, Section, Session
from tournaments.sessions.selectors import recaps
from tournaments.sessions.selectors.handicaps import session_rankings
from tournaments.sessions.selectors.ratings import session_awards
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.selectors.visibility import sight_for_user
from tournaments.sessions.tables import (
    SCORECARD_COLUMNS,
    TRAVELLER_COLUMNS,
    hand_diagram,
    plain_table,
    standings_plain,
    traveller_body,
)
from tournaments.sessions.views.common import chosen_section, get_session
from tournaments.sessions.views.live import live_page


def _export(
    request: HttpRequest, kind: str, records: list[dict[str, Any]], name: str, **options: Any
) -> HttpResponse | None:
    """The CSV (TSV, JSON) file of a table, or None: django-tables2 loads on the first export only."""
    from tournaments.sessions.exports import export  # HEAVY: django-tables2's exports (tablib)

    return export(request, kind, records, name, **options)


def _unit(session: Session) -> str:
    """The standings' unit: duplicate whist's "total" is tricks above or below the field's average."""
    if session.scoring_method == "total":
        return "tricks" if session.is_whist else "points"
    return "match points"


def _slug(session: Session, section: Section, what: str) -> str:
    return f"{session.date:%Y-%m-%d}-{section.letter}-{what}"


def _card_urls(session_id: int) -> Callable[[Entry], str]:
    """Each entry's score card address, the URL reversed once: the cards differ only by the entry's id, and
    reversing each was a tenth of a 60-table standings page (issue 24)."""
    mark = 987654321  # an id no entry has; rpartition finds the last number of the path, the entry's
    head, _found, tail = reverse("scorecard", args=[session_id, mark]).rpartition(str(mark))
    return lambda entry: f"{head}{int(entry.pk)}{tail}"


@requires(Perm.VIEW_RESULTS)
@live_page
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """Standings of a section: one table per field (NS and EW, or one field), sortable, CSV; polls when live."""
    session = get_session(pk)
    section = chosen_section(request, session)
    scores = score_section(section)

    card_url = _card_urls(session.pk)
    fields = []
    for key, rows in scores.standings.items():
        prefix = f"{key.lower() or 'all'}-"
        exclude = ("percentage",) if scores.full_top is None else ()
        records = recaps.standings_rows(rows, card_url)
        if request.GET.get("field", "") == key and request.GET.get("_export"):
            slug = _slug(session, section, f"standings{('-' + key) if key else ''}")
            exported = _export(request, "standings", records, slug, prefix=prefix, exclude=exclude)
            if exported:
                return exported
        plain = standings_plain(records, prefix=prefix, query=request.GET, exclude=exclude)
        fields.append({"key": key, "name": recaps.FIELD_NAMES.get(key, key), "table": plain})
    context = {
        "session": session,
        "section": section,
        "sections": session.sections.order_by("letter"),
        "scores": scores,
        "fields": fields,
        "boards_scored": len(scores.boards),
        "unit": "IMPs" if session.is_imps else _unit(session),
        "awards": session_awards(session),
        "rankings": session_rankings(session, [scores]),
    }
    if getattr(request, "htmx", False):
        return render(request, "sessions/_standings.html", context)
    return render(request, "sessions/standings.html", context)


@requires(Perm.VIEW_RESULTS)
@live_page
def travellers(request: HttpRequest, pk: int) -> HttpResponse:
    """Every board's traveller with each line's points (the recap), or one board with ?board=N; in play a player
    sees only the boards his pair has played (`selectors.visibility`)."""
    session = get_session(pk)
    section = chosen_section(request, session)
    scores = score_section(section)
    sight = sight_for_user(session, request.user)
    wanted = request.GET.get("board", "")
    boards = []
    for board_score in scores.boards:
        number = board_score.board.number
        if (wanted and str(number) != wanted) or not sight.sees(number):
            continue
        rows = recaps.traveller_rows(board_score)
        if wanted and request.GET.get("_export"):
            exported = _export(request, "traveller", rows, _slug(session, section, f"board-{number}"))
            if exported:
                return exported
        hands = recaps.hands(board_score.board.deal)
        boards.append(
            {
                "score": board_score,
                "body": traveller_body(rows),
                "hands": hands,
                "hand_html": hand_diagram(hands),
                "auctions": recaps.auctions(board_score),
                "line_rulings": [(line, r) for line in board_score.lines for r in line.rulings],
            }
        )
    context = {
        "session": session,
        "section": section,
        "sections": session.sections.order_by("letter"),
        "boards": boards,
        "all_boards": [b.board.number for b in scores.boards if sight.sees(b.board.number)],
        "columns": [(label, numeric) for _, label, numeric in TRAVELLER_COLUMNS],
        "wanted": wanted,
    }
    template = "sessions/_travellers.html" if getattr(request, "htmx", False) else "sessions/travellers.html"
    return render(request, template, context)


@requires(Perm.VIEW_RESULTS)
@live_page
def scorecards(request: HttpRequest, pk: int) -> HttpResponse:
    session = get_session(pk)
    section = chosen_section(request, session)
    entries = section.entries.prefetch_related("players").order_by("direction", "number")
    return render(
        request,
        "sessions/scorecards.html",
        {"session": session, "section": section, "sections": session.sections.order_by("letter"), "entries": entries},
    )


@requires(Perm.VIEW_RESULTS)
@live_page
def scorecard(request: HttpRequest, pk: int, entry_id: int) -> HttpResponse:
    """A pair's personal score card: each round's table, seat, opponents, boards, scores, points, running total."""
    session = get_session(pk)
    entry = get_object_or_404(
        Entry.objects.select_related("section", "section__session").prefetch_related("players"),
        pk=entry_id,
        section__session=session,
    )
    scores = score_section(entry.section)
    sight = sight_for_user(session, request.user)
    records = recaps.scorecard_rows(scores, entry, None if entry.pk in sight.entries else sight.sees)
    if request.GET.get("_export"):
        exported = _export(request, "scorecard", records, _slug(session, entry.section, f"scorecard-{entry.label}"))
        if exported:
            return exported
    table = plain_table(records, SCORECARD_COLUMNS, query=request.GET)
    return render(
        request,
        "sessions/_scorecard.html" if getattr(request, "htmx", False) else "sessions/scorecard.html",
        {
            "session": session,
            "section": entry.section,
            "entry": entry,
            "names": recaps.names(entry),
            "standing": scores.standing_of(entry.pk),
            "table": table,
        },
    )
