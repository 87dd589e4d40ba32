"""The look every Bridgedesk PDF shares: paper sizes, fonts, suit symbols, styles, header and footer.

Suits are drawn in red and black from the embedded body font (DejaVu Sans has ♠♥♦♣), never from ZapfDingbats:
a standard font is not embedded, so viewers without it (poppler here) showed blank suits, and text extraction
could not find them. Body text is DejaVu Sans with a CJK fallback per run of characters
(`fonts.py`), so a name in any script a club's members write prints as written. Documents are built with
`invariant=1`, so the same inputs give byte-identical files (a job that runs twice makes the same PDF).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from django.utils.formats import date_format
from django.utils.translation import gettext
from reportlab.graphics import shapes
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph, TableStyle, tables

import scoring
from tournaments.core import notation
from tournaments.printing.base import PDF, NothingToPrint, Progress, ReportError
from tournaments.printing.fonts import FONT, FONT_BOLD, TypedTextObject, draw_runs, markup, prints, string_width

__all__ = [
    "BLACK",
    "FONT",
    "FONT_BOLD",
    "PAPERS",
    "PDF",
    "RED",
    "SUIT_FONT",
    "NothingToPrint",
    "Progress",
    "ReportError",
    "contract_markup",
    "page_size",
]

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
RED = colors.HexColor("#c0261b")
BLACK = colors.HexColor("#111111")
INK = colors.HexColor("#1b1f24")
MUTED = colors.HexColor("#5b6470")
RULE = colors.HexColor("#c9d0d7")
WASH = colors.HexColor("#eef1f4")
GREEN = colors.HexColor("#1f6f43")
MARGIN = 14 * mm
HEADER_H = 12 * mm
FOOTER_H = 9 * mm

# A table cell without a FONT command, and a drawing (the guide cards' QR codes), start in ReportLab's default,
# Helvetica, which names a font the PDF does not embed (nor can it print a non-Latin-1 name): every table and
# drawing of every report starts in the embedded body font instead.
tables.CellStyle.fontname = FONT
shapes.STATE_DEFAULTS["fontName"] = FONT

SUIT_CHARS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
# ZapfDingbats only when the body font is Helvetica (no DejaVu Sans found), the one font then with suits.
SUIT_FONT = FONT if prints(FONT, "".join(SUIT_CHARS.values())) else "ZapfDingbats"
RED_SUITS = {"H", "D"}


def page_size(paper: str, *, wide: bool = False) -> tuple[float, float]:
    """The page size for "a4" or "letter", turned to landscape when `wide`."""
    try:
        size = PAPERS[paper.lower()]
    except (KeyError, AttributeError):
        raise ReportError(f"Unknown paper size {paper!r}: choose a4 or letter.") from None
    return landscape(size) if wide else size


def style(
    name: str,
    size: float = 9,
    *,
    bold: bool = False,
    align: Literal[0, 1, 2, 4] = 0,  # TA_LEFT, TA_CENTER, TA_RIGHT, TA_JUSTIFY
    leading: float | None = None,
    color: colors.Color = INK,
    space_after: float = 0,
) -> ParagraphStyle:
    return ParagraphStyle(
        name,
        fontName=FONT_BOLD if bold else FONT,
        fontSize=size,
        leading=leading or size * 1.22,
        alignment=align,
        textColor=color,
        spaceAfter=space_after,
        shaping=1,  # HarfBuzz for the words in a shaped fallback font (Indic conjuncts); fonts.py says which
    )


STYLES = {
    "title": style("title", 16, bold=True, leading=20, space_after=2),
    "h2": style("h2", 12, bold=True, leading=15, space_after=3),
    "body": style("body", 9),
    "small": style("small", 7.5, color=MUTED),
    "cell": style("cell", 8.5),
    "cell_bold": style("cell_bold", 8.5, bold=True),
    "cell_right": style("cell_right", 8.5, align=TA_RIGHT),
    "cell_center": style("cell_center", 8.5, align=TA_CENTER),
    "note": style("note", 8, color=MUTED),
}


# Free text in a PDF (a ruling's facts, a name) is cut here: ReportLab's line breaking grows faster than the
# text, and a megabyte stored before the services had limits made one recaps PDF take minutes, not a second.
PRINT_TEXT_MAX = 2000


def text(value: object) -> str:
    """Plain text made safe for Paragraph markup, cut at PRINT_TEXT_MAX characters so rendering stays fast."""
    plain = str(value)
    if len(plain) > PRINT_TEXT_MAX:
        plain = (
            plain[:PRINT_TEXT_MAX] + " … " + gettext("(cut at %(count)s characters)") % {"count": f"{PRINT_TEXT_MAX:,}"}
        )
    return markup(plain)


def suit_markup(letter: str, size: float | None = None) -> str:
    """A suit symbol in the embedded suit font, red for hearts and diamonds, for Paragraph markup."""
    colour = "#c0261b" if letter in RED_SUITS else "#111111"
    size_attr = f' size="{size}"' if size else ""
    return f'<font name="{SUIT_FONT}" color="{colour}"{size_attr}>{SUIT_CHARS[letter]}</font>'


def contract_markup(contract: str) -> str:
    """ "4SX" as 4♠X with the suit drawn in its colour. The text is the pages' own (``notation.shown``: the
    language's no-trump and double marks, Swedish ``4♠D``, its word for a passed-out deal), so a PDF and the
    screen never disagree; text that is no contract prints as typed."""
    out = []
    for piece in re.split(r"([♠♥♦♣])", notation.shown(contract.strip())):
        letter = _SUIT_OF.get(piece)
        out.append(suit_markup(letter) if letter else text(piece) if piece else "")
    return "".join(out)


_SUIT_OF = {symbol: letter for letter, symbol in SUIT_CHARS.items()}


_CARD = re.compile(r"^([SHDC])(10|[2-9TJQKA])$")


def card_markup(card: str) -> str:
    """An opening lead "SA" (or "AS", "♠A") as ♠A with the suit in its colour; anything else as typed."""
    raw = card.strip().upper()
    for letter, symbol in SUIT_CHARS.items():
        raw = raw.replace(symbol, letter)
    m = _CARD.match(raw) or _CARD.match(raw[-1:] + raw[:-1]) if raw else None
    if not m:
        return text(card)
    return f"{suit_markup(m.group(1))}{'10' if m.group(2) == 'T' else m.group(2)}"


def _masthead_left(masthead: Masthead, room: float) -> tuple[str, float]:
    """The club and event for the header, never cutting the event's name: the type shrinks to 7 points, then
    the club's name goes; only an event name too long for the whole line is cut."""
    left = " · ".join(p for p in (masthead.club, masthead.event) if p)
    for candidate in (left, masthead.event or left):
        size = 10.0
        while size > 7 and string_width(candidate, FONT_BOLD, size) > room:
            size -= 0.5
        if string_width(candidate, FONT_BOLD, size) <= room:
            return candidate, size
    return fit(masthead.event or left, FONT_BOLD, 7, room), 7.0


def fit(value: str, font: str, size: float, width: float) -> str:
    """`value` cut with an ellipsis so it fits `width` points: long names never spill out of a cell."""
    if string_width(value, font, size) <= width:
        return value
    while value and string_width(value + "…", font, size) > width:
        value = value[:-1]
    return value.rstrip() + "…"


def points(value: float | None, *, imps: bool = False) -> str:
    """Match points with at most two decimals ("7", "6.5", "3.33"); IMPs signed with one decimal."""
    if value is None:
        return ""
    if imps:
        return scoring.signed(value, 1)
    rounded = scoring.half_up(value, 2)  # the one rounding rule, as the pages' floatformat
    return f"{rounded:f}".rstrip("0").rstrip(".") if rounded != int(rounded) else str(int(rounded))


def table_style(*, header_rows: int = 1, zebra: bool = True, extra: Sequence[tuple[Any, ...]] = ()) -> TableStyle:
    """Light rules, a tinted header, right-aligned numbers are set per column by the caller."""
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, 8.5),
        ("FONT", (0, 0), (-1, header_rows - 1), FONT_BOLD, 8.5),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), WASH),
        ("LINEBELOW", (0, header_rows - 1), (-1, header_rows - 1), 0.8, INK),
        ("LINEBELOW", (0, header_rows), (-1, -1), 0.25, RULE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
        ("LEFTPADDING", (0, 0), (-1, -1), 3.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3.5),
    ]
    commands.extend(extra)
    return TableStyle(commands)


def long_date(value: Any) -> str:
    """A date as a masthead prints it, in the reader's language: "Tuesday 24 November 2026", "mardi 24 novembre
    2026" (the day and month names from Django's catalogues; "E" is the month as a date says it, genitive in
    Polish); "" for none."""
    return date_format(value, "l j E Y") if value else ""


@dataclass(frozen=True)
class Masthead:
    """What the header of every page says: club, event, session and date."""

    club: str
    event: str
    session: str
    date: str

    @classmethod
    def of(cls, session: Any) -> Masthead:
        event = session.event
        return cls(
            club=event.club or "",
            event=event.name,
            session=session.name,
            date=long_date(session.date),
        )


class RunningTitle(Flowable):
    """Sets the title the page header shows from here on (a book holds several reports)."""

    _ZEROSIZE = True  # fits even in a full frame (ReportLab skips the frame for sized flowables)

    def __init__(self, title: str) -> None:
        super().__init__()
        self.title = title

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self.canv._bd_title = self.title  # type: ignore[attr-defined]


class Tick(Flowable):
    """Reports progress when the page it sits on is laid out: the progress bar moves while pages are made."""

    _ZEROSIZE = True

    def __init__(self, progress: Progress | None, fraction: float, message: str) -> None:
        super().__init__()
        self.progress, self.fraction, self.message = progress, fraction, message

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        if self.progress is not None:
            self.progress(self.fraction, self.message)


class _NumberedCanvas(Canvas):
    """Holds pages back until the end so each footer can say "page 3 of 12"."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Every page opens in the body font: ReportLab's default, Helvetica, would be named unembedded on each.
        kwargs["initialFontName"] = kwargs.get("initialFontName") or FONT
        super().__init__(*args, **kwargs)
        self._saved: list[dict[str, Any]] = []

    def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> TypedTextObject:
        return TypedTextObject(self, x, y, direction=direction)  # shaped runs read back as typed (fonts.py)

    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        if not draw_runs(self, super().drawString, x, y, text):
            super().drawString(x, y, text, *args, **kwargs)

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        if not draw_runs(self, super().drawString, x, y, text, 1.0):
            super().drawRightString(x, y, text, *args, **kwargs)

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        if not draw_runs(self, super().drawString, x, y, text, 0.5):
            super().drawCentredString(x, y, text, *args, **kwargs)

    def showPage(self) -> None:
        self._saved.append(dict(self.__dict__))
        self._startPage()  # type: ignore[attr-defined]  # reportlab's own way to begin a page; not in its stubs

    def save(self) -> None:
        total = len(self._saved)
        for state in self._saved:
            self.__dict__.update(state)
            self._draw_footer(total)
            super().showPage()
        super().save()

    def _draw_footer(self, total: int) -> None:
        width = self._pagesize[0]  # type: ignore[attr-defined]  # reportlab keeps the page size private
        self.setFont(FONT, 7.5)
        self.setFillColor(MUTED)
        label = getattr(self, "_bd_page_label", "")
        page = gettext("page %(page)s of %(pages)s") % {"page": self.getPageNumber(), "pages": total}
        self.drawCentredString(width / 2, MARGIN * 0.55, f"{label}   ·   {page}")
        self.drawRightString(width - MARGIN, MARGIN * 0.55, "Bridgedesk")


def _decorate(
    masthead: Masthead, default_title: str, *, cut_lines: tuple[int, int] | None = None
) -> Callable[..., None]:
    """The header (club, event, session, date, report title) and cut lines, drawn at the end of each page."""

    def on_page_end(canv: Canvas, doc: BaseDocTemplate) -> None:
        width, height = canv._pagesize  # type: ignore[attr-defined]  # private in reportlab (see _draw_footer)
        title = getattr(canv, "_bd_title", default_title)
        canv.saveState()
        top = height - MARGIN
        canv.setFillColor(INK)
        right = fit(" · ".join(p for p in (masthead.session, masthead.date) if p), FONT, 9, width * 0.4)
        room = width - 2 * MARGIN - string_width(right, FONT, 9) - 12
        left, size = _masthead_left(masthead, room)
        right_y = top - 9
        if left.endswith("…"):  # the event needs the whole line: the session and date move to the second
            left, size = _masthead_left(masthead, width - 2 * MARGIN)
            right_y = top - 21
        canv.setFont(FONT_BOLD, size)
        canv.drawString(MARGIN, top - 9, left)
        canv.setFont(FONT, 9)
        canv.drawRightString(width - MARGIN, right_y, right)
        canv.setFillColor(GREEN)
        canv.setFont(FONT_BOLD, 9)
        canv.drawString(MARGIN, top - 21, title)
        canv.setStrokeColor(GREEN)
        canv.setLineWidth(1.2)
        canv.line(MARGIN, top - HEADER_H + 4, width - MARGIN, top - HEADER_H + 4)
        if cut_lines:
            cols, rows = cut_lines
            canv.setStrokeColor(RULE)
            canv.setLineWidth(0.5)
            canv.setDash(3, 3)
            body_bottom, body_top = MARGIN + FOOTER_H, height - MARGIN - HEADER_H
            for c in range(1, cols):
                x = MARGIN + c * (width - 2 * MARGIN) / cols
                canv.line(x, body_bottom, x, body_top)
            for r in range(1, rows):
                y = body_bottom + r * (body_top - body_bottom) / rows
                canv.line(MARGIN, y, width - MARGIN, y)
        canv.restoreState()
        canv._bd_page_label = title  # type: ignore[attr-defined]

    return on_page_end


def body_frames(pagesize: tuple[float, float], cols: int = 1, rows: int = 1, *, gap: float = 5 * mm) -> list[Frame]:
    """The page body cut into a grid of `cols` x `rows` frames (cards, slips), top-left first."""
    width, height = pagesize
    x0, y0 = MARGIN, MARGIN + FOOTER_H
    body_w, body_h = width - 2 * MARGIN, height - 2 * MARGIN - HEADER_H - FOOTER_H
    cell_w, cell_h = body_w / cols, body_h / rows
    frames = []
    for r in range(rows):
        for c in range(cols):
            pad_x = gap / 2 if cols > 1 else 0
            pad_y = gap / 2 if rows > 1 else 0
            frames.append(
                Frame(
                    x0 + c * cell_w + pad_x,
                    y0 + (rows - 1 - r) * cell_h + pad_y,
                    cell_w - 2 * pad_x,
                    cell_h - 2 * pad_y,
                    leftPadding=0,
                    rightPadding=0,
                    topPadding=0,
                    bottomPadding=0,
                    id=f"f{r}{c}",
                )
            )
    return frames


def frame_size(
    pagesize: tuple[float, float], cols: int = 1, rows: int = 1, *, gap: float = 5 * mm
) -> tuple[float, float]:
    frame = body_frames(pagesize, cols, rows, gap=gap)[0]
    return frame.width, frame.height


@dataclass(frozen=True)
class Layout:
    """A page template of a report: its name and grid (1 x 1 for running text, 2 x 2 for cards)."""

    name: str
    cols: int = 1
    rows: int = 1
    wide: bool = False
    cut: bool = True  # dashed cut lines between the cells of the grid


PAGE = Layout("page")


def frame_of(paper: str, layout: Layout = PAGE) -> tuple[float, float]:
    """Width and height of one frame (the page body, or one card of a grid) of `layout` on `paper`."""
    return frame_size(page_size(paper, wide=layout.wide), layout.cols, layout.rows)


def build_pdf(
    story: list[Flowable],
    *,
    paper: str,
    masthead: Masthead,
    title: str,
    layouts: Sequence[Layout] = (),
) -> bytes:
    """Lay out `story` on pages with the Bridgedesk header and footer; the first layout is the first page's."""
    size = page_size(paper)
    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN + HEADER_H,
        bottomMargin=MARGIN + FOOTER_H,
        title=f"{title} – {masthead.event} – {masthead.session}",
        author=masthead.club or "Bridgedesk",
        creator="Bridgedesk",
        invariant=1,
        pageCompression=1,
    )
    templates = []
    for layout in layouts or (PAGE,):
        pagesize = page_size(paper, wide=layout.wide)
        grid = (layout.cols, layout.rows) if layout.cut and layout.cols * layout.rows > 1 else None
        templates.append(
            PageTemplate(
                id=layout.name,
                frames=body_frames(pagesize, layout.cols, layout.rows),
                onPageEnd=_decorate(masthead, title, cut_lines=grid),
                pagesize=pagesize,
            )
        )
    doc.addPageTemplates(templates)
    doc.build(story, canvasmaker=_NumberedCanvas)
    return buffer.getvalue()


def heading(title: str, subtitle: str = "") -> list[Flowable]:
    out: list[Flowable] = [Paragraph(text(title), STYLES["title"])]
    if subtitle:
        out.append(Paragraph(text(subtitle), STYLES["note"]))
    return out
