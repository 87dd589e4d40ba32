"""The printed standings of a simultaneous (ReportLab): the whole field's, then each club's pairs.

Both come from the field's scoring (field.py): a pair's place and percentage across the field, and its place
among its own club's pairs by that percentage, exactly as the standings pages show them.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.text import slugify
from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, Paragraph, Spacer, Table

import scoring
from tournaments.printing.fonts import FONT, runs, string_width
from tournaments.printing.pdf import (
    PDF,
    STYLES,
    Masthead,
    Progress,
    ReportError,
    build_pdf,
    long_date,
    table_style,
    text,
)
from tournaments.simultaneous.field import FieldStanding, score_field
from tournaments.simultaneous.models import Simultaneous

Rendered = tuple[str, str, bytes]


def _para(value: object, key: str = "cell") -> Paragraph:
    return Paragraph(text(str(value)), STYLES[key])


def _names(value: str, width: float) -> object:
    """A pair's names: a plain cell when the body font prints them on one line (6,000 Paragraphs take seconds),
    else a Paragraph, which wraps and switches to the fallback font for a script the body font lacks."""
    if len(runs(value)) == 1 and runs(value)[0][1] is None and string_width(value, FONT, 8.5) < width - 4 * mm:
        return value
    return _para(value)


def _masthead(simul: Simultaneous) -> Masthead:
    return Masthead(club="", event=simul.name, session=_("Simultaneous pairs"), date=long_date(simul.date))


def _header(cells: list[str]) -> list[object]:
    return [_para(c, "cell_bold") for c in cells]


def render_standings(simul: Simultaneous, paper: str = "a4", progress: Progress | None = None) -> Rendered:
    """The overall standings (place, club, pair, names, boards, field %), then a short table per club."""
    if progress is not None:
        progress(0.1, _("Scoring the field"))
    scores = score_field(simul)
    if not scores.standings:
        raise ReportError(_("No club has a result in the simultaneous yet."))
    if progress is not None:
        progress(0.5, _("Making the paper"))
    clubs = len({s.session_id for s in scores.standings})
    rows: list[list[object]] = [
        _header([_("Place"), _("Club"), _("Pair"), _("Names"), _("Boards"), _("Field %"), _("In club")])
    ]
    for s in scores.standings:
        rows.append(
            [
                s.place,
                s.code,
                s.label,
                _names(s.names, 92 * mm),
                str(s.boards),
                scoring.shown(s.percentage),
                s.club_place,
            ]
        )
    overall = Table(rows, colWidths=[14 * mm, 14 * mm, 14 * mm, 92 * mm, 15 * mm, 17 * mm, 15 * mm], repeatRows=1)
    overall.setStyle(table_style(extra=[("ALIGN", (4, 1), (5, -1), "RIGHT")]))
    story: list[Flowable] = [
        _para(_("%(name)s: overall standings") % {"name": simul.name}, "title"),
        _para(
            _("%(pairs)s pairs of %(clubs)s clubs, %(results)s results, scored across the whole field.")
            % {"pairs": len(scores.standings), "clubs": clubs, "results": scores.results},
            "small",
        ),
        Spacer(1, 3 * mm),
        overall,
    ]
    by_club: dict[int, list[FieldStanding]] = defaultdict(list)
    for s in scores.standings:
        by_club[s.session_id].append(s)
    for members in sorted(by_club.values(), key=lambda m: (len(m[0].code), m[0].code)):
        first = members[0]
        rows = [_header([_("In club"), _("Pair"), _("Names"), _("Field %"), _("Overall")])]
        rows += [
            [s.club_place, s.label, _names(s.names, 110 * mm), scoring.shown(s.percentage), s.place] for s in members
        ]
        table = Table(rows, colWidths=[16 * mm, 14 * mm, 110 * mm, 18 * mm, 18 * mm], repeatRows=1)
        table.setStyle(table_style(extra=[("ALIGN", (3, 1), (3, -1), "RIGHT")]))
        story += [CondPageBreak(40 * mm), Spacer(1, 5 * mm), _para(f"{first.code} {first.club}", "h2"), table]
    pdf = build_pdf(story, paper=paper, masthead=_masthead(simul), title=_("Overall standings"))
    return f"{slugify(simul.name) or 'simultaneous'}-standings.pdf", PDF, pdf


def render_job(kind: str, simul: Simultaneous, paper: str, progress: Progress) -> Rendered:
    """The job pipeline's renderer (imported when a job runs, by jobs.py); one kind so far, "simul-standings"."""
    return render_standings(simul, paper, progress)
