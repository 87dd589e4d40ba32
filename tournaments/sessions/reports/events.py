"""Overall standings of a multi-session event: each pair's sessions and the overall figure after carry-over."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table

import scoring
from tournaments.printing.pdf import STYLES, Progress, RunningTitle, Tick, frame_of, heading, table_style, text
from tournaments.sessions.reports.data import SessionData
from tournaments.sessions.selectors.events import event_standings

TITLE = gettext_lazy("Overall standings")


def carry_words(weights: list[float]) -> str:
    if len(weights) < 2:
        return _("One session: its own standings.")
    earlier = weights[0]
    if earlier == 1:
        return _("Full carry-over: every session counts the same.")
    if earlier == 0:
        return _("No carry-over: the last session alone decides; earlier sessions are shown for reference.")
    return _("Carry-over: each earlier session counts %(percent)s%%, the last session in full.") % {
        "percent": format(earlier * 100, "g")
    }


def story(data: SessionData, paper: str, progress: Progress | None = None) -> list[Flowable]:
    table = event_standings(data.session.event)
    width = frame_of(paper)[0]
    out: list[Flowable] = [RunningTitle(str(TITLE))]
    out += heading(str(TITLE), f"{data.session.event.name}: {carry_words(table.weights)}")
    header = [
        _("Place"),
        _("Pair"),
        *[s.name for s in table.sessions],
        _("Overall") if table.by_total else _("Overall %"),
    ]
    fixed = 14 * mm + 20 * mm * (len(table.sessions) + 1)
    widths = [14 * mm, max(40 * mm, width - fixed), *[20 * mm] * (len(table.sessions) + 1)]
    body = [
        [
            row.place,
            Paragraph(text(row.names or "—"), STYLES["cell"]),
            *[scoring.shown(f) if f is not None else "–" for f in row.figures],
            scoring.shown(row.overall) if row.overall is not None else "",
        ]
        for row in table.standings
    ]
    out.append(Spacer(1, 4 * mm))
    out.append(
        Table(
            [[Paragraph(text(h), STYLES["cell"]) for h in header], *body],
            colWidths=widths,
            repeatRows=1,
            style=table_style(extra=[("ALIGN", (2, 0), (-1, -1), "RIGHT"), ("ALIGN", (0, 0), (0, -1), "CENTER")]),
        )
    )
    out.append(Tick(progress, 1.0, str(TITLE)))
    return out
