"""The handicapped and strata rankings printed after the standings, when the event's rules ask for them."""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

import scoring
from tournaments.printing.pdf import STYLES, points, table_style, text
from tournaments.sessions.reports.data import SessionData
from tournaments.sessions.selectors.handicaps import SectionRankings, session_rankings


def story(data: SessionData, width: float) -> list[Flowable]:
    """One table per handicapped field and per stratum, section by section."""
    out: list[Flowable] = []
    for ranked in session_rankings(data.session, data.scores):
        section = data.section_title(ranked.scores.section)
        for f in ranked.fields:
            where = " – ".join(p for p in (section, f.name if len(ranked.fields) > 1 else "") if p)
            if f.handicap:
                header = [
                    _("Place"),
                    _("Pair"),
                    _("Players"),
                    _("Handicap"),
                    _("Handicapped %"),
                    _("Scratch"),
                    _("Scratch %"),
                ]
                body = [
                    [
                        r.place,
                        data.pair_label(r.standing.entry.pk),
                        Paragraph(text(r.standing.entry.names or "—"), STYLES["cell"]),
                        scoring.shown(r.handicap, 1),
                        scoring.shown(r.percentage),
                        r.standing.place,
                        scoring.shown(r.standing.percentage or 0.0),
                    ]
                    for r in f.handicap
                ]
                title = _("Handicapped (%(share)s)") % {"share": ranked.share_words} + (f" – {where}" if where else "")
                out += _block(title, header, body, width)
            for stratum, rows in f.strata:
                header = [
                    _("Place"),
                    _("Pair"),
                    _("Players"),
                    ranked.figure_words.capitalize(),
                    _("Total"),
                    _("Overall"),
                ]
                body = [
                    [
                        r.place,
                        data.pair_label(r.standing.entry.pk),
                        Paragraph(text(r.standing.entry.names or "—"), STYLES["cell"]),
                        points(r.figure),
                        points(r.standing.total),
                        r.standing.place,
                    ]
                    for r in rows
                ]
                title = _("Stratum %(name)s") % {"name": stratum.name} + _floor(ranked, stratum.floor)
                title += f" – {where}" if where else ""
                out += _block(title, header, body, width)
    return out


def _floor(ranked: SectionRankings, floor: float | None) -> str:
    if floor is None:
        return ""
    return " " + _("(%(figure)s %(floor)s or more)") % {"figure": ranked.figure_words, "floor": points(floor)}


def _block(title: str, header: list[str], body: list[list[object]], width: float) -> list[Flowable]:
    if not body:
        return [Spacer(1, 4 * mm), Paragraph(text(f"{title}: no pair."), STYLES["note"])]
    fixed = [14 * mm, 16 * mm, None] + [22 * mm] * (len(header) - 3)
    names_w = width - sum(w for w in fixed if w)
    widths = [w if w else names_w for w in fixed]
    style = table_style(extra=[("ALIGN", (3, 0), (-1, -1), "RIGHT"), ("ALIGN", (0, 0), (0, -1), "CENTER")])
    table = Table([header, *body], colWidths=widths, repeatRows=1, style=style)
    block: list[Flowable] = [Paragraph(text(title), STYLES["h2"]), table]
    return [
        Spacer(1, 4 * mm),
        KeepTogether(block) if len(body) < 40 else block[0],
        *([] if len(body) < 40 else [table]),
    ]
