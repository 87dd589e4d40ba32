"""A season competition's printed standings (ReportLab): the same table as the standings page.

Each player's session scores print in one cell, in the order played: a dropped score in brackets, a session
not played as a dash, so a season of any length fits the page's width.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table

import scoring
from tournaments.printing.base import Progress
from tournaments.printing.pdf import PDF, STYLES, Masthead, ReportError, build_pdf, long_date, table_style, text
from tournaments.sessions.models import Competition
from tournaments.sessions.selectors.competitions import Table as Standings
from tournaments.sessions.selectors.competitions import competition_table

Rendered = tuple[str, str, bytes]


def _para(value: object, key: str = "cell") -> Paragraph:
    return Paragraph(text(str(value)), STYLES[key])


def _cells(scores: list[tuple[float | None, bool]]) -> str:
    shown = ["–" if s is None else scoring.shown(s) if counted else f"({scoring.shown(s)})" for s, counted in scores]
    return "  ".join(shown)


def render_competition(competition: Competition, paper: str = "a4", progress: Progress | None = None) -> Rendered:
    """The competition's standings worked out now, printed (the job runner's renderer: it only reads)."""
    if progress is not None:
        progress(0.1, _("Working out the standings"))
    table = competition_table(competition)
    if progress is not None:
        progress(0.5, _("Laying out the page"))
    return render_table(table, paper)


def render_table(table: Standings, paper: str = "a4") -> Rendered:
    """Place, player, total (carried), sessions played and the session scores."""
    competition = table.competition
    if not table.rows:
        raise ReportError(_("No finished sessions with club members yet."))
    carry = table.carry_from is not None
    head = [_("Place"), _("Player"), _("Total"), *([_("Carried")] if carry else []), _("Played"), _("Sessions")]
    rows: list[list[object]] = [[_para(c, "cell_bold") for c in head]]
    for row in table.rows:
        s = row.standing
        carried = [scoring.shown(s.carry)] if carry else []
        rows.append(
            [s.place, _para(row.member.name), scoring.shown(s.total), *carried, str(s.played), _para(_cells(row.cells))]
        )
    widths = [13 * mm, 48 * mm, 18 * mm, *([16 * mm] if carry else []), 13 * mm]
    widths.append(180 * mm - sum(widths))
    grid = Table(rows, colWidths=widths, repeatRows=1)
    grid.setStyle(table_style(extra=[("ALIGN", (2, 1), (len(widths) - 2, -1), "RIGHT")]))
    dates = ", ".join(f"{s.date:%d/%m}" for s in table.sessions)
    story: list[Flowable] = [
        _para(competition.name, "title"),
        _para(_("%(kind)s. Sessions: %(dates)s") % {"kind": competition.get_kind_display(), "dates": dates}, "small"),
        _para(
            _("A score in brackets does not count (only a player's best sessions do); a dash: did not play."), "small"
        ),
        Spacer(1, 3 * mm),
        grid,
    ]
    masthead = Masthead(
        club="", event=competition.name, session=_("Season competition"), date=long_date(timezone.localdate())
    )
    pdf = build_pdf(story, paper=paper, masthead=masthead, title=_("Standings"))
    return f"{slugify(competition.name) or 'competition'}-standings.pdf", PDF, pdf
