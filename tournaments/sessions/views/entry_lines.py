"""The lines of an entry page (a traveller, a pickup slip): each line's movement row, board, stored result and
form, as the page shows them and as a save reads them back (sessions/views/entry.py)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest

from tournaments.sessions.forms import ResultLineForm, form_cells, initial_cells, initial_for
from tournaments.sessions.models import Board, Entry, Result, Section, TableRound
from tournaments.sessions.selectors.lookups import SectionMap
from tournaments.sessions.services.results import CheckedLine


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


def seat_label(row_entry: Entry, seat: str) -> str:
    """The pair number as a director writes it: "3" in its own direction, "3EW" when arrow-switched."""
    if row_entry.direction and row_entry.direction != seat:
        return row_entry.label
    return str(row_entry.number)


class PageLines(list[Line]):
    """The page's lines, and what was read to make them: its boards by number and every stored result of those
    boards in the section. A save checks its lines against these (`save_lines_checked`'s `boards` and `stored`)
    instead of reading them again before its lock; under the lock it reads the results again as always."""

    def __init__(self, boards: dict[int, Board], stored: list[Result]) -> None:
        super().__init__()
        self.boards, self.stored = boards, stored


def page_lines(
    request: HttpRequest | None, section: Section, smap: SectionMap, slots: list[tuple[TableRound, int]]
) -> PageLines:
    """The page's lines with their forms: bound to the POST when `request` posted, else as stored."""
    numbers = sorted({b for _, b in slots})
    boards = {b.pk: b for b in Board.objects.filter(session_id=section.session_id, number__in=numbers).order_by()}
    results: dict[tuple[int, int | None, int | None], Result] = {}
    stored = list(Result.objects.filter(section=section, board_id__in=list(boards)).order_by())  # no joins
    for r in stored:
        r.board = boards[r.board_id]
        results[(r.board.number, r.ns_entry_id, r.ew_entry_id)] = r
    data = request.POST if request is not None and request.method == "POST" else None
    vul = {b.number: b.get_vulnerability_display() for b in boards.values()}
    lines = PageLines({b.number: b for b in boards.values()}, stored)
    editable, whist = 0, section.session.is_whist
    for row, board in slots:
        result = results.get((board, row.ns_entry_id, row.ew_entry_id))
        line = Line(row, board, result, None, vul.get(board, ""), data=data)
        if result is None or result.kind == Result.Kind.PLAYED:
            assert row.ns_entry is not None and row.ew_entry is not None  # a played row seats both pairs
            ns, ew = seat_label(row.ns_entry, "NS"), seat_label(row.ew_entry, "EW")
            line.initial = initial_for(result, board, ns, ew, whist=whist)
            line.prefix = f"line-{editable}"  # line-0, line-1 ... so Tab walks along a line and then down
            editable += 1
        lines.append(line)
    if data is None:  # a posted page sets its focus only when it is shown again (validating every form to find it)
        set_focus(lines)
    return lines


def set_focus(lines: list[Line]) -> None:
    """The cursor starts on the first line with an error, else on the first line still to type."""
    editable = [line for line in lines if line.editable]
    target = next((line for line in editable if line.data is not None and line.form and line.form.errors), None)
    target = target or next((line for line in editable if line.result is None), None) or next(iter(editable), None)
    if target is not None:
        target.focus = True


def fresh_lines(section: Section, smap: SectionMap, slots: list[tuple[TableRound, int]]) -> PageLines:
    """The page's lines as they are stored now (after a save that met conflicts)."""
    return page_lines(None, section, smap, slots)
