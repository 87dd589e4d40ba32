"""Blank paper for the tables: a traveling score slip per board and a pickup slip per table and round.

Travellers list the pairs in the order they will play the board (from the movement), so N-S only fill in
the result; pickup slips name the table, round, pairs and boards. Both leave room for handwriting.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, FrameBreak, Paragraph, Spacer, Table

from tournaments.printing.pdf import (
    FONT_BOLD,
    STYLES,
    Layout,
    Progress,
    RunningTitle,
    Tick,
    frame_of,
    table_style,
    text,
)
from tournaments.sessions.models import Board, Section, TableRound
from tournaments.sessions.reports.data import SessionData, boards_text
from tournaments.sessions.reports.recaps import board_caption

TRAVELLER_LAYOUT = Layout("travellers", cols=1, rows=2)
PICKUP_LAYOUT = Layout("pickup-slips", cols=2, rows=4)


def _rows_by_board(data: SessionData, section: Section) -> dict[int, list[TableRound]]:
    by_board: dict[int, list[TableRound]] = {}
    for row in data.rows[section.pk]:
        if row.ns_entry_id and row.ew_entry_id:
            for number in row.boards:
                by_board.setdefault(int(number), []).append(row)
    return by_board


def _section_words(data: SessionData, section: Section) -> str:
    return _("Section %(letter)s") % {"letter": section.letter} + " · " if data.multi_section else ""


def _traveller_columns(data: SessionData) -> tuple[list[str], tuple[float, ...]]:
    """A traveller's headings and their shares of the width: duplicate whist writes the tricks each side took and
    the revoke (R, Law X s. 4), never a contract; its points are match points or tricks over the average."""
    session = data.session
    if session.is_whist:
        mp = session.scoring_method == session.ScoringMethod.MATCHPOINTS
        points_header = [_("N-S MP"), _("E-W MP")] if mp else [_("N-S ±"), _("E-W ±")]
        header = ["N-S", "E-W", _("N-S tricks"), _("E-W tricks"), "R", *points_header]
        return header, (0.12, 0.12, 0.16, 0.16, 0.12, 0.16, 0.16)
    header = ["N-S", "E-W", _("Contract"), _("By"), _("Lead"), _("Tricks"), "N-S +", "E-W +", _("N-S MP"), _("E-W MP")]
    if session.is_imps:
        header[-2:] = [_("N-S IMPs"), _("E-W IMPs")]
    return header, (0.09, 0.09, 0.14, 0.06, 0.08, 0.08, 0.115, 0.115, 0.115, 0.115)


def traveller(
    data: SessionData, section: Section, board: Board, rows: list[TableRound], width: float, height: float
) -> list[Flowable]:
    header, shares = _traveller_columns(data)
    blank = [""] * (len(header) - 2)
    body = [[data.pair_label(r.ns_entry_id), data.pair_label(r.ew_entry_id), *blank] for r in rows]
    row_h = min(20.0, max(12.0, (height - 24 * mm) / (len(body) + 1)))
    widths = [width * p for p in shares]
    table = Table(
        [header, *body],
        colWidths=widths,
        rowHeights=[row_h] * (len(body) + 1),
        repeatRows=1,
        style=table_style(
            zebra=False,
            extra=[
                ("GRID", (0, 0), (-1, -1), 0.4, "#9aa3ad"),
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("FONTSIZE", (0, 1), (1, -1), 10),
            ],
        ),
    )
    title = Paragraph(
        _("Board %(number)s <font size='10' color='#5b6470'>&nbsp;&nbsp;%(text)s</font>")
        % {"number": board.number, "text": text(board_caption(board))},
        STYLES["title"],
    )
    sub = Paragraph(
        text(_section_words(data, section) + _("Traveling score slip · N-S write the result; E-W check it.")),
        STYLES["note"],
    )
    return [title, sub, Spacer(1, 2 * mm), table]


def travellers(data: SessionData, paper: str, progress: Progress | None = None) -> list[Flowable]:
    data.require_movement("traveling score slips")
    width, height = frame_of(paper, TRAVELLER_LAYOUT)
    out: list[Flowable] = [RunningTitle(_("Traveling score slips"))]
    items = []
    for section in data.sections:
        by_board = _rows_by_board(data, section)
        for number in sorted(by_board):
            if number in data.boards:
                rows = sorted(by_board[number], key=lambda r: (r.round, r.table))
                items.append((section, data.boards[number], rows))
    for i, (section, board, rows) in enumerate(items):
        if i:
            out.append(FrameBreak())
        out += traveller(data, section, board, rows, width, height)
        out.append(Tick(progress, (i + 1) / len(items), _("Traveller of board %(number)s") % {"number": board.number}))
    return out


def pickup_slip(data: SessionData, section: Section, row: TableRound, width: float, height: float) -> list[Flowable]:
    header = [_("Board"), _("Contract"), _("By"), _("Lead"), _("Tricks"), "N-S +", "E-W +"]
    shares: tuple[float, ...] = (0.12, 0.2, 0.1, 0.12, 0.12, 0.17, 0.17)
    if data.session.is_whist:  # the tricks each side took and the revoke (R), no contract
        header, shares = [_("Board"), _("N-S tricks"), _("E-W tricks"), "R"], (0.16, 0.3, 0.3, 0.24)
    boards = [int(b) for b in row.boards]
    body = [[str(b), *[""] * (len(header) - 1)] for b in boards]
    row_h = min(18.0, max(11.0, (height - 27 * mm) / (len(body) + 1)))
    widths = [width * p for p in shares]
    table = Table(
        [header, *body],
        colWidths=widths,
        rowHeights=[row_h] * (len(body) + 1),
        style=table_style(
            zebra=False,
            extra=[
                ("GRID", (0, 0), (-1, -1), 0.4, "#9aa3ad"),
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("FONT", (0, 1), (0, -1), FONT_BOLD, 10),
                ("FONTSIZE", (0, 0), (-1, 0), 7.5),
            ],
        ),
    )
    title = Paragraph(
        _("%(text)sTable %(table)s · Round %(round)s")
        % {"text": text(_section_words(data, section)), "table": row.table, "round": row.round},
        STYLES["h2"],
    )
    pairs = Paragraph(
        _("N-S <b>%(text)s</b> &nbsp;v&nbsp; E-W <b>%(text2)s</b> &nbsp;·&nbsp; boards %(text3)s")
        % {
            "text": text(data.pair_label(row.ns_entry_id)),
            "text2": text(data.pair_label(row.ew_entry_id)),
            "text3": text(boards_text(boards)),
        },
        STYLES["body"],
    )
    sign = Paragraph(_("Checked by E-W: ____________"), STYLES["note"])
    return [title, pairs, Spacer(1, 1.5 * mm), table, Spacer(1, 2 * mm), sign]


def pickup_slips(data: SessionData, paper: str, progress: Progress | None = None) -> list[Flowable]:
    data.require_movement("pickup slips")
    width, height = frame_of(paper, PICKUP_LAYOUT)
    out: list[Flowable] = [RunningTitle(_("Pickup slips"))]
    items = [
        (section, row)
        for section in data.sections
        for row in sorted(data.rows[section.pk], key=lambda r: (r.round, r.table))
        if row.ns_entry_id and row.ew_entry_id and row.boards
    ]
    for i, (section, row) in enumerate(items):
        if i:
            out.append(FrameBreak())
        out += pickup_slip(data, section, row, width, height)
        out.append(
            Tick(
                progress,
                (i + 1) / len(items),
                _("Pickup slip of round %(round)s, table %(table)s") % {"round": row.round, "table": row.table},
            )
        )
    return out
