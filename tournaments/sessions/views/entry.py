"""Typing results fast: a traveller (one board, a line per round) or a pickup slip (one table, one round).

Every line of the page is saved together by one service call, or not at all with each message at its field.
While typing, the page posts the lines to `preview` and shows each line's score (or what is wrong) at once.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from tournaments.core.access import Perm, requires
from tournaments.core.bodies import kept_body
from tournaments.core.text import is_digits
from tournaments.sessions.forms import ResultLineForm, shown_of
from tournaments.sessions.models import Result, Section
from tournaments.sessions.selectors.lookups import SectionMap, section_map
from tournaments.sessions.services.results import (
    Conflict,
    LineInput,
    ResultEntryError,
    preview_lines,
    save_lines_checked,
)
from tournaments.sessions.views.common import get_section, get_session
from tournaments.sessions.views.entry_lines import Line, PageLines, fresh_lines, page_lines, set_focus
from tournaments.sessions.views.entry_rows import line_rows
from tournaments.sessions.views.live import session_etag

LINE_FIELDS = ("ns", "ew", "contract", "declarer", "tricks", "score", "lead", "revoke")  # errors shown at a field


def layout_of(lines: list[Line]) -> str:
    """A fingerprint of the lines a page shows: which round, table, pairs and board each typed line belongs to.

    The page posts it back; if the movement changed meanwhile (a late pair) or a ruling fixed one of the lines
    (so the typed lines no longer line up with the rows), the save is refused rather than put on the wrong line.
    """
    parts = [
        f"{line.row.round}.{line.row.table}.{line.row.ns_entry_id}.{line.row.ew_entry_id}.{line.board}."
        f"{'e' if line.editable else 'x'}"
        for line in lines
    ]
    return hashlib.sha1("|".join(parts).encode(), usedforsecurity=False).hexdigest()[:16]


def _inputs(lines: list[Line], *, fixed_pairs: bool) -> list[LineInput]:
    """What was typed, with the board (and on a pickup slip the pairs) taken from the page, not the post.

    Each line carries the version its page showed, so the service can refuse a line changed meanwhile.
    """
    out = []
    for line in lines:
        assert line.form is not None
        line.form.is_valid()
        typed = line.form.line()
        typed.board = line.board
        if fixed_pairs:
            assert line.row.ns_entry is not None and line.row.ew_entry is not None  # played rows only
            typed.ns, typed.ew = line.row.ns_entry.label, line.row.ew_entry.label
        typed.result_id = line.result.pk if line.result is not None else None
        typed.version = line.form.cleaned_data.get("version")
        out.append(typed)
    return out


def _posted_as_shown(line: Line, *, fixed_pairs: bool) -> bool:
    """Every field came back exactly as the page wrote it: the line was not touched, so it need not be validated
    or read, nor its form made (most of a traveller's 15 lines when one is corrected; validating them was a tenth
    of a save). The board, the result and a pickup slip's pairs are taken from the page's lines, not the post
    (`_inputs`)."""
    from_page = ("board", "result_id", "ns", "ew") if fixed_pairs else ("board", "result_id")
    initial, data = line.initial or {}, line.data
    for name in ResultLineForm.base_fields:
        key = f"{line.prefix}-{name}"
        if name in from_page and key not in data:
            continue
        shown = initial.get(name)
        shown = "" if shown is None else str(shown)
        if data.get(key, "") != shown:
            return False
    return True


def _untouched(line: Line, typed: LineInput) -> bool:
    """The director left this line as the page showed it: it is not saved (so it cannot overwrite anything)."""
    assert line.form is not None
    shown = line.form.cleaned_data.get("shown")
    return (
        typed.version is not None
        and shown is not None
        and shown == shown_of(typed.contract, typed.declarer, typed.tricks, typed.lead, revoke=typed.revoke)
    )


@dataclass
class ConflictView:
    """A refused line shown side by side: what this director typed, what is stored, who stored it and when."""

    line: Line
    conflict: Conflict
    typed: LineInput


def _layout_changed(request: HttpRequest, lines: list[Line], editable: list[Line]) -> None:
    """The page's lines changed since it was opened: show them as they are now, empty, and save nothing."""
    messages.error(
        request,
        gettext(
            "Nothing saved: the lines of this page changed since it was opened (a late pair, or a ruling on one "
            "of them). Here they are as they are now: type them again and save."
        ),
    )
    for line in editable:
        line.form = ResultLineForm(None, initial=line.initial, prefix=line.prefix)
    set_focus(lines)


def _refused(
    request: HttpRequest,
    section: Section,
    smap: SectionMap,
    lines: list[Line],
    editable: list[Line],
    todo: list[tuple[Line, LineInput]],
    typed: list[LineInput],
    exc: ResultEntryError,
) -> None:
    """Nothing saved: each message at its line and field, the lines previewed as typed."""
    for i, errors in exc.errors.items():
        form = todo[i][0].form if i < len(todo) else None
        for field, message in errors.items():
            if form is None or field == "why":
                messages.error(request, message)
                continue
            form.add_error(field if field in LINE_FIELDS else None, message)
    for line, checked in zip(editable, preview_lines(section, typed, smap=smap), strict=True):
        line.preview = checked
    set_focus(lines)
    messages.error(
        request,
        ngettext(
            "Nothing saved: %(count)s line needs correcting (marked below).",
            "Nothing saved: %(count)s lines need correcting (marked below).",
            len(exc.errors),
        )
        % {"count": len(exc.errors)},
    )


def _tell_conflicts(request: HttpRequest, count: int, conflicts: int) -> None:
    """Lines changed by someone else meanwhile: nothing saved (all or nothing), or the others saved."""
    if request.POST.get("on_conflict") == "none":
        messages.error(
            request,
            ngettext(
                "Nothing saved: %(count)s line was changed by someone else meanwhile.",
                "Nothing saved: %(count)s lines were changed by someone else meanwhile.",
                conflicts,
            )
            % {"count": conflicts},
        )
    else:
        messages.warning(
            request,
            # Two whole sentences, each with its own plural.
            ngettext("%(count)s line saved.", "%(count)s lines saved.", count) % {"count": count}
            + " "
            + ngettext(
                "%(count)s line was changed by someone else since you opened the page and was not saved: "
                "choose below which to keep.",
                "%(count)s lines were changed by someone else since you opened the page and were not saved: "
                "choose below which to keep.",
                conflicts,
            )
            % {"count": conflicts},
        )


def _handle(
    request: HttpRequest,
    section: Section,
    smap: SectionMap,
    lines: list[Line],
    *,
    fixed_pairs: bool,
    what: str,
    next_url: str,
) -> tuple[HttpResponse | None, list[ConflictView]]:
    """Save the page's lines on POST; (None, conflicts) when the page must be shown again."""
    if request.method != "POST":
        return None, []
    editable = [line for line in lines if line.editable]
    only = request.POST.get("only", "")
    if only:  # "keep mine" on one conflicting line: that line alone, against the version now stored
        editable = [line for line in editable if line.prefix == only]
    posted_layout = request.POST.get("layout")
    if posted_layout is not None and posted_layout != layout_of(lines):
        _layout_changed(request, lines, editable)
        return None, []
    touched = [line for line in editable if only or not _posted_as_shown(line, fixed_pairs=fixed_pairs)]
    if not all(line.form.is_valid() for line in touched if line.form is not None):
        # Over-long text: a line with a field dropped must not look blank (that would remove its result).
        set_focus(lines)
        messages.error(request, gettext("Nothing saved: some fields are too long (marked below)."))
        return None, []
    typed = _inputs(touched, fixed_pairs=fixed_pairs)
    todo = [(line, t) for line, t in zip(touched, typed, strict=True) if only or not _untouched(line, t)]
    inputs = [t for _line, t in todo]
    read = lines if isinstance(lines, PageLines) else None  # the boards and results the page was made from
    try:
        report = save_lines_checked(
            actor=request.user,
            section=section,
            lines=inputs,
            why=request.POST.get("why", ""),
            all_or_nothing=request.POST.get("on_conflict") == "none",
            smap=smap,
            boards=read.boards if read is not None else None,
            stored=read.stored if read is not None else None,
        )
    except ResultEntryError as exc:
        every = _inputs(editable, fixed_pairs=fixed_pairs)  # every line previewed, not only the touched ones
        _refused(request, section, smap, lines, editable, todo, every, exc)
        return None, []
    count = sum(1 for i, s in enumerate(report.saved) if s is not None and i not in {c.index for c in report.conflicts})
    if report.conflicts:
        views = [ConflictView(todo[c.index][0], c, todo[c.index][1]) for c in report.conflicts]
        _tell_conflicts(request, count, len(views))
        return None, views
    messages.success(
        request,
        ngettext("%(what)s saved: %(count)s result.", "%(what)s saved: %(count)s results.", count)
        % {"what": what, "count": count},
    )
    return redirect(next_url), []


@requires(Perm.ENTER_RESULTS)
def traveller_index(request: HttpRequest, pk: int, letter: str) -> HttpResponse:
    session = get_session(pk)
    section = get_section(session, letter)
    if is_digits(request.GET.get("board", "")):
        return redirect("traveller_entry", pk=pk, letter=letter, board=int(request.GET["board"]))
    smap = section_map(section)
    entered: dict[int, int] = {}
    for number in Result.objects.filter(section=section).values_list("board__number", flat=True):
        entered[number] = entered.get(number, 0) + 1
    boards = [(n, entered.get(n, 0), len(smap.played_rows(n))) for n in smap.board_numbers()]
    return render(request, "sessions/traveller_index.html", {"session": session, "section": section, "boards": boards})


@requires(Perm.ENTER_RESULTS)
def traveller_entry(request: HttpRequest, pk: int, letter: str, board: int) -> HttpResponse:
    """One board's traveller: a line per round in the movement's order, pairs pre-filled. A GET is served from
    the body kept for the session's ETag and this browser (core/bodies.py: its own CSRF token, never with a
    message waiting); every write bumps a section's version, so a save is followed by a fresh build."""
    tag = session_etag(request, pk) if request.method == "GET" else None
    if tag is None:
        return _traveller_page(request, pk, letter, board)
    return kept_body(request, TRAVELLER_BODY, tag, lambda: _traveller_page(request, pk, letter, board))


TRAVELLER_BODY = "sessions.traveller_entry"


def _traveller_page(request: HttpRequest, pk: int, letter: str, board: int) -> HttpResponse:
    session = get_session(pk)
    section = get_section(session, letter)
    smap = section_map(section, shared=True)  # read only: labels, rows, entries (no players' names)
    rows = smap.played_rows(board)
    if not rows:
        raise Http404(f"Board {board} is not played in section {letter}.")
    lines = page_lines(request, section, smap, [(row, board) for row in rows])
    numbers = smap.board_numbers()
    later = [n for n in numbers if n > board]
    next_url = (
        reverse("traveller_entry", args=[pk, letter, later[0]])
        if later
        else reverse("traveller_index", args=[pk, letter])
    )
    response, conflicts = _handle(
        request,
        section,
        smap,
        lines,
        fixed_pairs=False,
        what=gettext("Board %(board)s") % {"board": board},
        next_url=next_url,
    )
    if response is not None:
        return response
    if conflicts:  # show the lines as they are now, with the refused ones beside them
        lines = fresh_lines(section, smap, [(row, board) for row in rows])
    earlier = [n for n in numbers if n < board]
    return render(
        request,
        "sessions/enter_lines.html",
        {
            "session": session,
            "section": section,
            "lines": lines,
            "mode": "traveller",
            "rows": line_rows(lines, session_id=pk, letter=section.letter, traveller=True, whist=session.is_whist),
            "title": gettext("Traveller: board %(board)s") % {"board": board},
            "board": lines.boards.get(board) or session.boards.get(number=board),  # read with the lines
            "prev_url": reverse("traveller_entry", args=[pk, letter, earlier[-1]]) if earlier else "",
            "next_url": next_url if later else "",
            "preview_url": reverse("traveller_preview", args=[pk, letter, board]),
            "layout": layout_of(lines),
            "conflicts": conflicts,
        },
    )


@requires(Perm.ENTER_RESULTS)
def pickup_index(request: HttpRequest, pk: int, letter: str) -> HttpResponse:
    session = get_session(pk)
    section = get_section(session, letter)
    smap = section_map(section)
    done = {
        (r["table_round__round"], r["table_round__table"])
        for r in Result.objects.filter(section=section).values("table_round__round", "table_round__table")
    }
    grid = [[(t, smap.row(r, t), (r, t) in done) for t in smap.tables()] for r in smap.rounds()]
    return render(
        request,
        "sessions/pickup_index.html",
        {"session": session, "section": section, "grid": list(zip(smap.rounds(), grid, strict=True))},
    )


@requires(Perm.ENTER_RESULTS)
def pickup_entry(request: HttpRequest, pk: int, letter: str, round_number: int, table: int) -> HttpResponse:
    """One pickup slip: the boards played at one table in one round, pairs fixed by the movement."""
    session = get_session(pk)
    section = get_section(session, letter)
    smap = section_map(section)
    row = smap.row(round_number, table)
    if row is None or row.ns_entry is None or row.ew_entry is None:
        raise Http404(f"Nobody plays at table {table} in round {round_number}.")
    lines = page_lines(request, section, smap, [(row, int(b)) for b in row.boards])
    following = [r for r in smap.rows if (r.round, r.table) > (round_number, table) and r.ns_entry_id and r.ew_entry_id]
    next_url = (
        reverse("pickup_entry", args=[pk, letter, following[0].round, following[0].table])
        if following
        else reverse("pickup_index", args=[pk, letter])
    )
    response, conflicts = _handle(
        request,
        section,
        smap,
        lines,
        fixed_pairs=True,
        what=gettext("Round %(round)s, table %(table)s") % {"round": round_number, "table": table},
        next_url=next_url,
    )
    if response is not None:
        return response
    if conflicts:
        lines = fresh_lines(section, smap, [(row, int(b)) for b in row.boards])
    return render(
        request,
        "sessions/enter_lines.html",
        {
            "session": session,
            "section": section,
            "lines": lines,
            "mode": "pickup",
            "rows": line_rows(lines, session_id=pk, letter=section.letter, traveller=False, whist=session.is_whist),
            "row": row,
            "title": gettext("Pickup slip: round %(round)s, table %(table)s") % {"round": round_number, "table": table},
            "next_url": next_url if following else "",
            "preview_url": reverse("pickup_preview", args=[pk, letter, round_number, table]),
            "layout": layout_of(lines),
            "conflicts": conflicts,
        },
    )


def _preview(
    request: HttpRequest, section: Section, smap: SectionMap, lines: list[Line], *, fixed_pairs: bool
) -> HttpResponse:
    editable = [line for line in lines if line.editable]
    checked = preview_lines(section, _inputs(editable, fixed_pairs=fixed_pairs), smap=smap)
    return render(request, "sessions/_line_previews.html", {"previews": list(enumerate(checked))})


@requires(Perm.ENTER_RESULTS)
@require_POST
def traveller_preview(request: HttpRequest, pk: int, letter: str, board: int) -> HttpResponse:
    session = get_session(pk)
    section = get_section(session, letter)
    smap = section_map(section, shared=True)  # read only, as traveller_entry
    lines = page_lines(request, section, smap, [(row, board) for row in smap.played_rows(board)])
    return _preview(request, section, smap, lines, fixed_pairs=False)


@requires(Perm.ENTER_RESULTS)
@require_POST
def pickup_preview(request: HttpRequest, pk: int, letter: str, round_number: int, table: int) -> HttpResponse:
    session = get_session(pk)
    section = get_section(session, letter)
    smap = section_map(section)
    row = smap.row(round_number, table)
    if row is None or row.ns_entry is None or row.ew_entry is None:
        raise Http404("No such table this round.")
    lines = page_lines(request, section, smap, [(row, int(b)) for b in row.boards])
    return _preview(request, section, smap, lines, fixed_pairs=True)
