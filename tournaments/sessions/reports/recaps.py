"""Recaps: every board's traveller with contracts, declarers, leads, tricks, scores, both sides' points and rulings."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

from tournaments.printing.pdf import (
    STYLES,
    Progress,
    RunningTitle,
    Tick,
    card_markup,
    contract_markup,
    frame_of,
    heading,
    points,
    table_style,
    text,
)
from tournaments.sessions.models import Board, Ruling
from tournaments.sessions.reports.data import SessionData
from tournaments.sessions.selectors.scores import BoardScore, LineResult, SectionScores

TITLE = gettext_lazy("Recaps")
VUL_WORDS = {
    "None": pgettext_lazy("vulnerability", "None"),
    "NS": "N-S",
    "EW": "E-W",
    "All": pgettext_lazy("vulnerability", "All"),
}
SEAT_WORDS = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
}


def board_caption(board: Board) -> str:
    dealer = SEAT_WORDS.get(board.dealer, board.dealer)
    vulnerable = VUL_WORDS.get(board.vulnerability, board.vulnerability)
    return _("Dealer %(dealer)s · Vulnerable %(vul)s") % {"dealer": dealer, "vul": vulnerable}


def ruling_lines(rulings: Iterable[Ruling]) -> list[Flowable]:
    out: list[Flowable] = []
    for ruling in rulings:
        words = [ruling.get_decision_display()]
        if ruling.law:
            words.append(f"({ruling.law})")
        if ruling.penalty:
            words.append(_("penalty %(points)s") % {"points": points(ruling.penalty)})
        facts = f": {ruling.facts}" if ruling.facts else ""
        appeal = f" – {ruling.appeal_words}" if ruling.appeal_words else ""
        out.append(
            Paragraph(
                _("<b>Ruling</b> %(text)s%(text2)s%(text3)s")
                % {"text": text(" ".join(words)), "text2": text(facts), "text3": text(appeal)},
                STYLES["note"],
            )
        )
    return out


def _play_cells(line: LineResult) -> list[object]:
    """Contract, declarer, lead, tricks and the two scores; for an adjusted score its words then blanks."""
    r = line.result
    if line.ns_score is None:
        return [Paragraph(text(line.display_score), STYLES["cell"]), "", "", "", "", ""]
    ns_plus = str(line.ns_score) if line.ns_score > 0 else ""
    ew_plus = str(-line.ns_score) if line.ns_score < 0 else ""
    if line.ns_score == 0:
        ns_plus = ew_plus = "0"
    return [
        Paragraph(contract_markup(r.contract), STYLES["cell"]) if r.contract else "",
        r.declarer,
        Paragraph(card_markup(r.lead), STYLES["cell"]) if r.lead else "",
        "" if r.tricks is None else str(r.tricks),
        ns_plus,
        ew_plus,
    ]


def board_block(data: SessionData, scores: SectionScores, bs: BoardScore, width: float, imps: bool) -> list[Flowable]:
    unit = _("IMPs") if imps else (_("Pts") if scores.full_top is None else _("MP"))
    header = [
        "N-S",
        "E-W",
        _("Contract"),
        _("By"),
        _("Lead"),
        _("Tricks"),
        "N-S +",
        "E-W +",
        _("N-S %(unit)s") % {"unit": unit},
        _("E-W %(unit)s") % {"unit": unit},
    ]
    rows: list[list[object]] = [list(header)]
    span: list[tuple[object, ...]] = []
    for i, line in enumerate(bs.lines, start=1):
        if line.ns_score is None:  # an adjusted score: its words span the contract to the scores
            span.append(("SPAN", (2, i), (7, i)))
        rows.append(
            [
                data.pair_label(line.result.ns_entry_id),
                data.pair_label(line.result.ew_entry_id),
                *_play_cells(line),
                points(line.ns_points, imps=imps),
                points(line.ew_points, imps=imps),
            ]
        )
    fixed = [15 * mm, 15 * mm, None, 9 * mm, 12 * mm, 12 * mm, 15 * mm, 15 * mm, 17 * mm, 17 * mm]
    rest = width - sum(w for w in fixed if w)
    widths = [w if w else rest for w in fixed]
    table = Table(
        rows,
        colWidths=widths,
        repeatRows=1,
        style=table_style(extra=[("ALIGN", (3, 0), (-1, -1), "RIGHT"), ("ALIGN", (3, 0), (4, -1), "CENTER"), *span]),
    )
    title = f"Board {bs.board.number}"
    extra = f"top {points(bs.top)}" if bs.top else (f"datum {bs.datum:+d}" if bs.datum is not None else "")
    caption = " · ".join(p for p in (board_caption(bs.board), extra) if p)
    head = Paragraph(
        _("%(text)s <font size='8.5' color='#5b6470'>&nbsp;&nbsp;%(text2)s</font>")
        % {"text": text(title), "text2": text(caption)},
        STYLES["h2"],
    )
    rulings = [*bs.rulings, *(ruling for line in bs.lines for ruling in line.rulings)]
    return [head, table, *ruling_lines(rulings), Spacer(1, 5 * mm)]


def story(data: SessionData, paper: str, progress: Progress | None = None) -> list[Flowable]:
    width = frame_of(paper)[0]
    data.require_results("recaps")
    out: list[Flowable] = [RunningTitle(str(TITLE)), *heading(str(TITLE))]
    total = sum(len(s.boards) for s in data.scores) or 1
    done = 0
    for scores in data.scores:
        imps = data.session.is_imps
        if data.multi_section:
            out.append(Paragraph(text(data.section_title(scores.section)), STYLES["h2"]))
        for bs in scores.boards:
            out.append(KeepTogether(board_block(data, scores, bs, width, imps)))
            done += 1
            out.append(Tick(progress, done / total, _("Recap of board %(number)s") % {"number": bs.board.number}))
    return out
