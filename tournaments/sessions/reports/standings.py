"""Standings: one table per field (NS and EW, or one field), places with ties, totals and percentages."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

import scoring
from tournaments.printing.pdf import (
    STYLES,
    Progress,
    RunningTitle,
    Tick,
    frame_of,
    heading,
    points,
    table_style,
    text,
)
from tournaments.sessions.reports import rankings, swiss
from tournaments.sessions.reports.data import SessionData
from tournaments.sessions.selectors.scores import SectionScores, Standing

TITLE = gettext_lazy("Standings")
FIELD_NAMES = {"NS": gettext_lazy("North-South"), "EW": gettext_lazy("East-West"), "": gettext_lazy("Overall")}


def method_words(scores: SectionScores) -> str:
    session = scores.section.session
    method = session.get_scoring_method_display()
    if session.is_whist:  # the game says what the figures are: match points, or tricks over the average
        method = (
            _("Duplicate whist, match points")
            if scores.full_top
            else _("Duplicate whist, tricks above or below the average")
        )
    if scores.full_top:
        return _("%(method)s, top %(top)s per board") % {"method": method, "top": points(scores.full_top)}
    return method


def _columns(imps: bool, percent: bool, show_penalty: bool, width: float) -> tuple[list[str], list[float]]:
    """The header and the column widths (the players' names take what is left)."""
    header = [
        _("Place"),
        _("Pair"),
        _("Players"),
        _("IMPs") if imps else (_("Total") if not percent else _("Match points")),
    ]
    if percent:
        header.append("%")
    header.append(_("Boards"))
    if show_penalty:
        header.append(_("Penalty"))
    widths: list[float | None] = [14 * mm, 16 * mm, None, 24 * mm] + ([16 * mm] if percent else []) + [15 * mm]
    widths += [16 * mm] if show_penalty else []
    names_w = width - sum(w for w in widths if w)
    return header, [w if w else names_w for w in widths]


def _standing_row(data: SessionData, s: Standing, *, imps: bool, percent: bool, show_penalty: bool) -> list[object]:
    row: list[object] = [
        s.place,
        data.pair_label(s.entry.pk),
        Paragraph(text(s.entry.names or "—"), STYLES["cell"]),  # wraps: no partner is ever cut off
        scoring.shown(s.total) if percent else points(s.total, imps=imps),
    ]
    if percent:
        row.append(scoring.shown(s.percentage) if s.percentage is not None else "")
    row.append(
        str(s.boards_played) if s.boards_played == s.boards_expected else f"{s.boards_played}/{s.boards_expected}"
    )
    if show_penalty:
        row.append(points(-s.penalties) if s.penalties else "")
    return row


def _field_block(data: SessionData, scores: SectionScores, key: str, width: float) -> list[Flowable]:
    """One field's (or direction's) standings under its title, kept on one page when short."""
    rows = scores.standings[key]
    imps = scores.full_top is None and data.session.is_imps
    percent = any(s.percentage is not None for rows in scores.standings.values() for s in rows)
    title = " – ".join(p for p in (data.section_title(scores.section), str(FIELD_NAMES.get(key, key))) if p)
    # Decided for the section, not the field: the NS and EW tables keep the same columns and widths.
    show_penalty = any(s.penalties for field_rows in scores.standings.values() for s in field_rows)
    header, widths = _columns(imps, percent, show_penalty, width)
    body = [_standing_row(data, s, imps=imps, percent=percent, show_penalty=show_penalty) for s in rows]
    table = Table(
        [header, *body],
        colWidths=widths,
        repeatRows=1,
        style=table_style(extra=[("ALIGN", (3, 0), (-1, -1), "RIGHT"), ("ALIGN", (0, 0), (0, -1), "CENTER")]),
    )
    block = [Paragraph(text(title), STYLES["h2"]), table]
    out: list[Flowable] = [Spacer(1, 4 * mm)]
    out.append(KeepTogether(block) if len(body) < 40 else block[0])
    if len(body) >= 40:
        out.append(table)
    return out


def story(data: SessionData, paper: str, progress: Progress | None = None) -> list[Flowable]:
    width = frame_of(paper)[0]
    data.require_results("standings")
    out: list[Flowable] = [RunningTitle(str(TITLE))]
    out += heading(str(TITLE), _("Places with ties shown as “2=”; totals after adjustments and penalties."))
    for index, scores in enumerate(data.scores):
        for key, rows in scores.standings.items():
            if rows:
                out += _field_block(data, scores, key, width)
        out.append(Paragraph(text(method_words(scores)), STYLES["note"]))
        out.append(Tick(progress, (index + 1) / max(1, len(data.scores)), _("Standings")))
    return out + swiss.story(data, width) + rankings.story(data, width)
