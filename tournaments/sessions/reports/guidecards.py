"""Guide cards from the movement: one per table (who sits there, which boards, where boards and E-W pairs go
next) and one per pair (round by round: table, seat, opponents, boards). Relay and bye stand are marked.

Table cards are printed two to a page and pair cards four to a page, with cut lines; the rows shrink to fit
a card however many rounds there are.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, gettext_lazy
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, FrameBreak, NextPageTemplate, PageBreak, Paragraph, Spacer, Table

from config.siteurl import reach_warning
from tournaments import movements
from tournaments.printing.pdf import (
    STYLES,
    Layout,
    Progress,
    RunningTitle,
    Tick,
    frame_of,
    table_style,
    text,
)
from tournaments.sessions.models import ClubMovement, Section
from tournaments.sessions.printables import table_urls
from tournaments.sessions.reports.data import SessionData, boards_text
from tournaments.sessions.selectors.designs import club_id

TITLE = gettext_lazy("Guide cards")
QR_SIZE = 30 * mm
BIG_NUMBER = ParagraphStyle("table-number", parent=STYLES["title"], fontSize=30, leading=36)


def _qr(url: str) -> Drawing:
    """The table page's link as a QR code (ReportLab's own widget), QR_SIZE square."""
    widget = QrCodeWidget(url, barLevel="M")
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(QR_SIZE, QR_SIZE, transform=[QR_SIZE / (x1 - x0), 0, 0, QR_SIZE / (y1 - y0), 0, 0])
    drawing.add(widget)
    return drawing


TABLE_LAYOUT = Layout("table-cards", cols=1, rows=2)
PAIR_LAYOUT = Layout("pair-cards", cols=2, rows=2)
LAYOUTS = (TABLE_LAYOUT, PAIR_LAYOUT)


def _tables(numbers: Sequence[int]) -> str:
    """ "table 3", or "tables 3, 5" when boards are shared: whole phrases for the catalogue."""
    if len(numbers) == 1:
        return gettext("table %(table)s") % {"table": numbers[0]}
    return gettext("tables %(tables)s") % {"tables": ", ".join(str(n) for n in numbers)}


def club_name(movement: movements.Movement) -> str:
    """A club movement's name (its variant is "club:<id>"), or "" for a generated movement."""
    pk = club_id(movement.variant)
    if pk is None:
        return ""
    return movement.description or str(ClubMovement.objects.filter(pk=pk).values_list("name", flat=True).first() or "")


def _describe(movement: movements.Movement) -> str:
    kind = str(dict(Section.MovementKind.choices).get(movement.kind, movement.kind.title()))
    name = (
        gettext("%(movement)s (%(variant)s)") % {"movement": kind, "variant": club_name(movement) or movement.variant}
        if movement.variant
        else kind
    )
    if movement.variant == "standard":
        name = movements.standard_name(movement.tables)
    words = [
        name,
        gettext("%(tables)s tables, %(rounds)s rounds of %(boards)s boards")
        % {"tables": movement.tables, "rounds": movement.rounds, "boards": movement.boards_per_round},
    ]
    if movement.relay_tables:
        low, high = movement.relay_tables[0], movement.relay_tables[-1]
        words.append(gettext("tables %(low)s and %(high)s share boards (relay)") % {"low": low, "high": high})
    if movement.bye_stands:
        a, b = movement.bye_stands[0].between
        stands = sum(1 for stand in movement.bye_stands if stand.round == 1)
        if stands > 1:
            stand_words = gettext("%(stands)s bye stands between tables %(a)s and %(b)s")
        else:
            stand_words = gettext("bye stand between tables %(a)s and %(b)s")
        words.append(stand_words % {"stands": stands, "a": a, "b": b})
    return " · ".join(words)


def _sizes(rows: int, height: float, header: float) -> tuple[float, float]:
    """Font size and row height so `rows` rows (plus the header row) fit `height` below a `header`."""
    row_h = min(17.0, max(9.0, (height - header) / (rows + 1.5)))
    return min(9.5, row_h * 0.62), row_h


def _name_of(data: SessionData, section: Section, label: str | None) -> str:
    if label is None:
        return ""
    entry = data.entry_by_label(section).get(label)
    prefix = section.letter if data.multi_section else ""
    return f"{prefix}{label}" if entry is None else data.pair_label(entry.pk)


def _boards_go_to(movement: movements.Movement, r: int, table: int, notes: set[str]) -> str:
    """Where this table's boards go after round `r`, in the reader's words; adds the note that explains it."""
    nxt = movement.boards_next(r, table) if r < movement.rounds else gettext("the director")
    if "bye stand" in nxt:  # the movement's own words (pure, English): read here, shown translated
        notes.add(_stand_note(movement))
        return gettext("bye stand")
    if nxt.startswith("aside"):
        notes.add(
            gettext(
                "Aside: boards not played next round go to the director's table, in order, and come back in the"
                " round shown (each table's card says which boards it takes then)."
            )
        )
        return gettext("aside till round %(round)s") % {"round": nxt.rsplit(" ", 1)[-1]}
    if nxt.startswith("table "):  # "table 3", "table 3 and 5": the movement's words, put in the reader's
        return _tables([int(t) for t in nxt.removeprefix("table ").split(" and ")])
    if nxt.startswith("out of play"):
        return gettext("out of play (finished)")
    return nxt


def _ew_go_to(movement: movements.Movement, row: movements.Row, r: int) -> str:
    """Where the E-W pair sits next round ("table 3", or "table 3 N-S" when it changes direction)."""
    if row.ew is not None and r < movement.rounds:
        seat = movement.next_seat(row.ew, r)
        if seat and seat.direction == "NS":
            return gettext("table %(table)s N-S") % {"table": seat.table}
        if seat:
            return gettext("table %(table)s") % {"table": seat.table}
    elif r == movement.rounds:
        return "—"
    return ""


def _card_rows(
    data: SessionData, section: Section, movement: movements.Movement, table: int, notes: set[str]
) -> list[list[object]]:
    """The card's table: a header and one line per round."""
    header: list[object] = [
        gettext("Round"),
        "N-S",
        "E-W",
        gettext("Boards"),
        gettext("Boards go to"),
        gettext("E-W go to"),
    ]
    rows: list[list[object]] = [header]
    for r in range(1, movement.rounds + 1):
        row = movement.row(r, table)
        if row is None:
            rows.append([str(r), "", "", "", "", ""])
            continue
        ns = _name_of(data, section, row.ns) or gettext("sit out")
        ew = _name_of(data, section, row.ew) or gettext("sit out")
        boards = boards_text(row.boards) if row.boards else "—"
        shared = movement.shared_tables(r, table)
        if shared:
            boards += " " + gettext("(relay)")
            notes.add(gettext("Relay: share boards with %(tables)s as marked.") % {"tables": _tables(shared)})
        rows.append([str(r), ns, ew, boards, _boards_go_to(movement, r, table, notes), _ew_go_to(movement, row, r)])
    return rows


def _scan_block(url: str, table: int, width: float) -> Flowable:
    """The table number large beside the code the players scan to enter their results."""
    number = Paragraph(str(table), BIG_NUMBER)
    scan = Paragraph(gettext("Scan to enter this table's results"), STYLES["body"])
    link = Paragraph(text(url), STYLES["note"])
    words: list[Flowable] = [number, scan, Spacer(1, 2 * mm), link]
    if warning := reach_warning(url):  # a code no phone can open: said on the card, not found at the table
        words.append(Paragraph(text(warning), STYLES["note"]))
    return Table(
        [[_qr(url), words]],
        colWidths=[QR_SIZE + 4 * mm, width - QR_SIZE - 4 * mm],
        style=[("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (0, 0), 0)],
    )


def table_card(
    data: SessionData,
    section: Section,
    movement: movements.Movement,
    table: int,
    width: float,
    height: float,
    url: str = "",
) -> list[Flowable]:
    size, row_h = _sizes(movement.rounds, height, (QR_SIZE + 8 * mm) if url else 30 * mm)
    notes: set[str] = set()
    rows = _card_rows(data, section, movement, table, notes)
    ratio = [0.1, 0.15, 0.15, 0.2, 0.2, 0.2]
    widths = [width * p for p in ratio]
    table_flow = Table(
        rows,
        colWidths=widths,
        rowHeights=[row_h] * len(rows),
        style=table_style(extra=[("FONTSIZE", (0, 0), (-1, -1), size), ("ALIGN", (0, 0), (0, -1), "CENTER")]),
    )
    section_words = gettext("Section %(letter)s · ") % {"letter": section.letter} if data.multi_section else ""
    head = Paragraph(
        gettext("%(text)sTable %(table)s") % {"text": text(section_words), "table": table}, STYLES["title"]
    )
    sub = Paragraph(text(_describe(movement)), STYLES["note"])
    out: list[Flowable] = [head, sub]
    if url:
        out.append(_scan_block(url, table, width))
    out += [Spacer(1, 2 * mm), table_flow]
    out += [Paragraph(text(n), STYLES["note"]) for n in sorted(notes)]
    return out


def _stand_note(movement: movements.Movement) -> str:
    a, b = movement.bye_stands[0].between
    per_round = sum(1 for stand in movement.bye_stands if stand.round == 1)
    if per_round > 1:  # a row of stands (the standard Howell): the sets wait their turn on them
        return gettext(
            "Bye stands: %(stands)s stands between tables %(a)s and %(b)s. Table %(a)s puts its boards on the first;"
            " each round every set moves one stand on, and table %(b)s takes its next boards from the last."
        ) % {"stands": per_round, "a": a, "b": b}
    return gettext("Bye stand: boards left between tables %(a)s and %(b)s rest there for a round.") % {"a": a, "b": b}


def pair_card(
    data: SessionData, section: Section, movement: movements.Movement, label: str, width: float, height: float
) -> list[Flowable]:
    size, row_h = _sizes(movement.rounds, height, 26 * mm)
    header: list[object] = [gettext("Round"), gettext("Table"), gettext("Sit"), gettext("Against"), gettext("Boards")]
    rows: list[list[object]] = [header]
    sit_out_rows = []
    for r, seat in enumerate(movement.card(label), start=1):
        if seat is None:
            rows.append([str(r), "", "", gettext("not playing"), ""])
            continue
        if seat.sits_out:
            sit_out_rows.append(len(rows))
            rows.append([str(r), str(seat.table), "", gettext("sit out"), ""])
            continue
        direction = "N-S" if seat.direction == "NS" else "E-W"
        rows.append(
            [str(r), str(seat.table), direction, _name_of(data, section, seat.opponents), boards_text(seat.boards)]
        )
    widths = [width * p for p in (0.15, 0.15, 0.15, 0.25, 0.3)]
    shade = [("TEXTCOLOR", (0, i), (-1, i), "#8a939d") for i in sit_out_rows]
    table_flow = Table(
        rows,
        colWidths=widths,
        rowHeights=[row_h] * len(rows),
        style=table_style(extra=[("FONTSIZE", (0, 0), (-1, -1), size), ("ALIGN", (0, 0), (2, -1), "CENTER"), *shade]),
    )
    entry = data.entry_by_label(section).get(label)
    names = entry.names if entry else ""
    head = Paragraph(gettext("Pair %(pair)s") % {"pair": text(_name_of(data, section, label))}, STYLES["title"])
    who = Paragraph(text(names or " "), STYLES["body"])  # wraps: both partners are always named
    first = movement.seat(label, 1)
    start = ""
    if first is not None:
        if first.direction == "NS":
            start = gettext("Start at table %(table)s, North-South.") % {"table": first.table}
        else:
            start = gettext("Start at table %(table)s, East-West.") % {"table": first.table}
    return [head, who, Paragraph(text(start), STYLES["note"]), Spacer(1, 2 * mm), table_flow]


def story(data: SessionData, paper: str, progress: Progress | None = None) -> list[Flowable]:
    data.require_movement("guide cards")
    t_w, t_h = frame_of(paper, TABLE_LAYOUT)
    p_w, p_h = frame_of(paper, PAIR_LAYOUT)
    out: list[Flowable] = [RunningTitle(gettext("Table guide cards"))]
    sections = [(s, data.movement(s)) for s in data.sections if data.rows[s.pk]]
    total = sum(m.tables + len(m.entries()) for _, m in sections) or 1
    done = 0
    first = True
    for section, movement in sections:
        urls = table_urls(section)  # tableside hands them over at start-up (sessions/printables.py)
        for table in range(1, movement.tables + 1):
            if not first:
                out.append(FrameBreak())
            first = False
            out += table_card(data, section, movement, table, t_w, t_h, urls.get(table, ""))
            done += 1
            out.append(Tick(progress, done / total, gettext("Guide card of table %(table)s") % {"table": table}))
    out += [NextPageTemplate(PAIR_LAYOUT.name), PageBreak(), RunningTitle(gettext("Pair guide cards"))]
    first = True
    for section, movement in sections:
        for label in movement.entries():
            if not first:
                out.append(FrameBreak())
            first = False
            out += pair_card(data, section, movement, label, p_w, p_h)
            done += 1
            out.append(Tick(progress, done / total, gettext("Guide card of pair %(label)s") % {"label": label}))
    return out
