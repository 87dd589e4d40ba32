"""The Swiss pairs standings printed after the standings: each pair's score round by round, with its opponent."""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

from tournaments.printing.pdf import STYLES, points, table_style, text
from tournaments.sessions.models import Section
from tournaments.sessions.reports.data import SessionData
from tournaments.sessions.selectors.swiss import SwissRound, swiss_table


def story(data: SessionData, width: float) -> list[Flowable]:
    """One table per Swiss section: place, pair, players, each round's score and opponent, the total."""
    out: list[Flowable] = []
    for scores in data.scores:
        if scores.section.movement_kind != Section.MovementKind.SWISS:
            continue
        table = swiss_table(scores.section, scores)
        rounds = sorted(table.rows)
        header = [_("Place"), _("Pair"), _("Players"), *[f"R{n}" for n in rounds], _("VP") if table.vps else _("Total")]
        body: list[list[object]] = []
        for s in table.standings:
            cells = [
                "–"
                if r.score is None
                else f"{points(r.score)} v{r.opponent.label}"
                if r.opponent
                else f"{points(r.score)} bye"
                for r in s.rounds
            ]
            names = Paragraph(text(s.entry.names or "—"), STYLES["cell"])
            body.append([s.place, data.pair_label(s.entry.pk), names, *cells, points(s.total)])
        fixed = [14 * mm, 14 * mm, None, *[18 * mm] * len(rounds), 18 * mm]
        names_w = max(30 * mm, width - sum(w for w in fixed if w))
        style = table_style(extra=[("ALIGN", (3, 0), (-1, -1), "RIGHT")])
        grid = Table([header, *body], colWidths=[w or names_w for w in fixed], repeatRows=1, style=style)
        title = " – ".join(p for p in (data.section_title(scores.section), _("Swiss standings")) if p)
        out += [Spacer(1, 4 * mm), KeepTogether([Paragraph(text(title), STYLES["h2"]), grid])]
    return out


def _cell(r: SwissRound) -> str:
    """ "13.12 v2", "12 bye", or "– v2" while the match is being played."""
    against = f"v{r.opponent.label}" if r.opponent else "bye"
    return f"{'–' if r.score is None else points(r.score)} {against}"
