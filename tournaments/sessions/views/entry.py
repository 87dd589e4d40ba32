"""Typing results fast: a traveller (one board, a line per round) or a pickup slip (one table, one round).

Every line of the page is saved together by one service call, or not at all with each message at its field.
While typing, the page posts the lines to `preview` and shows each line's score (or what is wrong) at once.
"""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from tournaments.core.access import Perm, requires
from tournaments.core.text import is_digits
from tournaments.sessions.forms import ResultLineForm, form_cells, initial_cells, initial_for, shown_of
from tournaments.sessions.models import Board, Entry, Result, Section, TableRound
from tournaments.sessions.selectors.lookups import SectionMap, section_map
from tournaments.sessions.services.results import (
    CheckedLine,
    Conflict,
    LineInput,
    ResultEntryError,
    preview_lines,
    save_lines_checked,
)
from tournaments.sessions.views.common import get_section, get_session
from tournaments.sessions.views.entry_rows import line_rows

LINE_FIELDS = ("ns", "ew", "contract", "declarer", "tricks", "score", "lead", "revoke")  # errors shown at a field


@dataclass
class Line:
    """A line of the entry page: its movement row and board, and its form's initial values, the posted data and
    prefix (initial None when a ruling fixed the score: no form). The form is made when first asked for: a save
    validates only the lines posted changed, and a page shows unposted lines from their initial values, so most
    of a traveller's 15 forms (a tenth of its page and of its save, issue 24) are never made."""

    row: TableRound
    board: int
    result: Result | None
    initial: dict[str, Any] | None = None
    vulnerability: str = ""
    preview: CheckedLine | None = None
    focus: bool = False
    data: Any = None  # the POST when the page was posted
    prefix: str = ""
    made: ResultLineForm | None = dataclasses.field(default=None, repr=False)

    @property
    def editable(self) -> bool:
        return self.initial is not None

    @property
    def form(self) -> ResultLineForm | None:
        if self.made is None and self.initial is not None:
            self.made = ResultLineForm(self.data, initial=self.initial, prefix=self.prefix)
        return self.made

    @form.setter
    def form(self, form: ResultLineForm) -> None:
        self.made = form

    @property
    def cells(self) -> dict[str, Any]:
        """The form's cells as the page shows them (forms.form_cells); read once per line by the template."""
        if self.initial is None:
            return {}
        if self.made is None and self.data is None:  # not posted: its initial values, without making the form
            return initial_cells(self.prefix, self.initial)
        form = self.form
        assert form is not None
        return form_cells(form)


def _seat_label(row_entry: Entry, seat: str) -> str:
    """The pair number as a director writes it: "3" in its own direction, "3EW" when arrow-switched."""
    if row_entry.direction and row_entry.direction != seat:
        return row_entry.label
    return str(row_entry.number)


def _lines(
    request: HttpRequest | None, section: Section, smap: SectionMap, slots: list[tuple[TableRound, int]]
) -> list[Line]:
    """The page's lines with their forms: bound to the POST when `request` posted, else as stored."""
    numbers = sorted({b for _, b in slots})
    boards = {b.pk: b for b in Board.objects.filter(session_id=section.session_id, number__in=numbers).order_by()}
    results: dict[tuple[int, int | None, int | None], Result] = {}
    for r in Result.objects.filter(section=section, board_id__in=list(boards)).order_by():  # unordered: no joins
        r.board = boards[r.board_id]
        results[(r.board.number, r.ns_entry_id, r.ew_entry_id)] = r
    data = request.POST if request is not None and request.method == "POST" else None
    vul = {b.number: b.get_vulnerability_display() for b in boards.values()}
    lines: list[Line] = []
    editable, whist = 0, section.session.is_whist
    for row, board in slots:
        result = results.get((board, row.ns_entry_id, row.ew_entry_id))
        line = Line(row, board, result, None, vul.get(board, ""), data=data)
        if result is None or result.kind == Result.Kind.PLAYED:
            assert row.ns_entry is not None and row.ew_entry is not None  # a played row seats both pairs
            ns, ew = _seat_label(row.ns_entry, "NS"), _seat_label(row.ew_entry, "EW")
            line.initial = initial_for(result, board, ns, ew, whist=whist)
            line.prefix = f"line-{editable}"  # line-0, line-1 ... so Tab walks along a line and then down
            editable += 1
        lines.append(line)
    if data is None:  # a posted page sets its focus only when it is shown again (validating every form to find it)
        _set_focus(lines)
    return lines


def _set_focus(lines: list[Line]) -> None:
    """The cursor starts on the first line with an error, else on the first line still to type."""
    editable = [line for line in lines if line.editable]
    target = next((line for line in editable if line.data is not None and line.form and line.form.errors), None)
    target = target or next((line for line in editable if line.result is None), None) or next(iter(editable), None)
    if target is not None:
        target.focus = True


def _fresh(section: Section, smap: SectionMap, slots: list[tuple[TableRound, int]]) -> list[Line]:
    """The page's lines as they are stored now (after a save that met conflicts)."""
    return _lines(None, section, smap, slots)


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
    _set_focus(lines)


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
    _set_focus(lines)
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
        _set_focus(lines)
        messages.error(request, gettext("Nothing saved: some fields are too long (marked below)."))
        return None, []
    typed = _inputs(touched, fixed_pairs=fixed_pairs)
    todo = [(line, t) for line, t in zip(touched, typed, strict=True) if only or not _untouched(line, t)]
    inputs = [t for _line, t in todo]
    try:
        report = save_lines_checked(
            actor=request.user,
            section=section,
            lines=inputs,
            why=request.POST.get("why", ""),
            all_or_nothing=request.POST.get("on_conflict") == "none",
            smap=smap,
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
    """One board's traveller: a line per round in the movement's order, pairs pre-filled."""
    session = get_session(pk)
    section = get_section(session, letter)
    smap = section_map(section, shared=True)  # read only: labels, rows, entries (no players' names)
    rows = smap.played_rows(board)
    if not rows:
        raise Http404(f"Board {board} is not played in section {letter}.")
    lines = _lines(request, section, smap, [(row, board) for row in rows])
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
        lines = _fresh(section, smap, [(row, board) for row in rows])
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
            "board": smap.section.session.boards.get(number=board),
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
    lines = _lines(request, section, smap, [(row, int(b)) for b in row.boards])
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
        lines = _fresh(section, smap, [(row, int(b)) for b in row.boards])
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
    lines = _lines(request, section, smap, [(row, board) for row in smap.played_rows(board)])
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
    lines = _lines(request, section, smap, [(row, int(b)) for b in row.boards])
    return _preview(request, section, smap, lines, fixed_pairs=True)
