"""Personal score cards: per pair, each round's opponents and boards, results, scores, points and running total."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

import scoring
from scoring.whist import TRICKS
from tournaments.printing.pdf import (
    STYLES,
    Progress,
    ReportError,
    RunningTitle,
    Tick,
    build_pdf,
    card_markup,
    contract_markup,
    frame_of,
    points,
    table_style,
    text,
)
from tournaments.sessions.models import Entry
from tournaments.sessions.reports.data import SessionData
from tournaments.sessions.reports.standings import FIELD_NAMES
from tournaments.sessions.selectors.scores import BoardScore, LineResult, SectionScores

TITLE = gettext_lazy("Personal score cards")


def _summary(data: SessionData, scores: SectionScores, entry: Entry, imps: bool) -> str:
    standing = scores.standing_of(entry.pk)
    if standing is None:
        return _("Not ranked")
    field = scores.standings.get(standing.direction, [])
    field_name = FIELD_NAMES.get(standing.direction, standing.direction)
    place = {"place": standing.place, "count": len(field), "field": str(field_name).lower()}
    words = [_("Place %(place)s of %(count)s (%(field)s)") % place]
    total = points(standing.total, imps=imps)
    if imps:
        words.append(_("%(total)s IMPs") % {"total": total})
    elif scores.full_top:
        words.append(_("%(total)s match points") % {"total": total})
    else:
        words.append(_("%(total)s points") % {"total": total})
    if standing.percentage is not None:
        words.append(f"{scoring.shown(standing.percentage)}%")
    if standing.penalties:
        words.append(_("after a penalty of %(points)s") % {"points": points(standing.penalties)})
    if standing.scaling:
        words.append(_("scaled for boards missed: %(scaling)s") % {"scaling": standing.scaling})
    return " · ".join(words)


def _columns(whist: bool, unit: str) -> tuple[list[str], list[float | None]]:
    """The card's headings and widths (None: the opponents' column takes the rest). Duplicate whist shows the
    tricks the pair's side took and the revoke (R) instead of contract, declarer, lead and score."""
    start = [_("Rnd"), _("Table"), _("Opponents"), _("Board"), _("Seat")]
    widths: list[float | None] = [10 * mm, 11 * mm, None, 11 * mm, 10 * mm]
    if whist:
        return [*start, _("Tricks"), "R", unit, _("Total")], [*widths, 14 * mm, 12 * mm, 16 * mm, 16 * mm]
    middle = [_("Contract"), _("By"), _("Lead"), _("Tricks"), _("Score")]
    rest = [17 * mm, 8 * mm, 11 * mm, 11 * mm, 14 * mm, 14 * mm, 15 * mm]
    return [*start, *middle, unit, _("Total")], [*widths, *rest]


def _unplayed(line: LineResult, side: str) -> str:
    r = line.result
    if r.kind == "artificial":
        pct = r.ns_percent if side == "NS" else r.ew_percent
        return f"A{pct:g}%"
    return _("Weighted") if r.kind == "weighted" else line.display_score


def _bridge_cells(line: LineResult, side: str) -> list[object]:
    """Contract, declarer, lead, tricks and the side's score of a bridge line."""
    r = line.result
    if line.ns_score is None:
        return ["", "", "", "", _unplayed(line, side)]
    contract = Paragraph(contract_markup(r.contract), STYLES["cell"]) if r.contract else ""
    lead = Paragraph(card_markup(r.lead), STYLES["cell"]) if r.lead else ""
    score = str(line.ns_score if side == "NS" else -line.ns_score)
    return [contract, r.declarer, lead, "" if r.tricks is None else str(r.tricks), score]


def _whist_cells(line: LineResult, side: str) -> list[object]:
    """The tricks the side took and its R (Law X s. 4): the tricks the revoke penalty moved, "-R" for the side
    that revoked, "+R" for the other, as the scorer capped them."""
    r = line.result
    if line.ns_score is None or r.tricks is None:
        return [_unplayed(line, side), ""]
    tricks = r.tricks if side == "NS" else TRICKS - r.tricks
    mark = line.display_score.partition(" ")[2]  # N-S's R as the scorer moved it (capped): "+R1", "-R3"
    return [str(tricks), mark.translate(str.maketrans("+-", "-+")) if side == "EW" else mark]


def _board_rows(
    data: SessionData,
    data_lines: list[tuple[BoardScore, LineResult, str]],
    rows: list[list[object]],
    *,
    whist: bool,
    imps: bool,
) -> tuple[list[tuple[object, ...]], float]:
    """Append one row per board played (round, table and opponents on a round's first board only); return the
    rules drawn above each new round and the running total."""
    running = 0.0
    previous_round = None
    shade: list[tuple[object, ...]] = []
    for bs, line, side in data_lines:
        r = line.result
        tr = r.table_round
        opponent_id = r.ew_entry_id if side == "NS" else r.ns_entry_id
        opponent = f"{data.pair_label(opponent_id)} {data.names(opponent_id)}".strip()
        mine = line.ns_points if side == "NS" else line.ew_points
        if mine is not None:
            running += mine
        cells = _whist_cells(line, side) if whist else _bridge_cells(line, side)
        round_no = tr.round if tr else None
        new_round = round_no != previous_round
        previous_round = round_no
        if new_round and len(rows) > 1:
            shade.append(("LINEABOVE", (0, len(rows)), (-1, len(rows)), 0.7, "#8a939d"))
        rows.append(
            [
                str(round_no) if new_round and round_no else "",
                str(tr.table) if new_round and tr else "",
                Paragraph(text(opponent), STYLES["cell"]) if new_round else "",  # wraps: both opponents named
                str(bs.board.number),
                side,
                *cells,
                points(mine, imps=imps),
                points(running, imps=imps),
            ]
        )
    return shade, running


def _total_note(scores: SectionScores, entry: Entry, running: float) -> list[Flowable]:
    """Why the session total is not the boards' sum, when it is not."""
    standing = scores.standing_of(entry.pk)
    if standing is None or abs(standing.total - running) <= 0.005:
        return []
    return [
        Paragraph(
            text(
                _(
                    "The session total (%(total)s) differs from the sum of the boards (%(sum)s): boards played "
                    "fewer times are factored up (Neuberg), missed boards scaled and penalties taken off."
                )
                % {"total": points(standing.total), "sum": points(running)}
            ),
            STYLES["note"],
        )
    ]


def card(data: SessionData, scores: SectionScores, entry: Entry, width: float, imps: bool) -> list[Flowable]:
    lines = data_lines = scores.lines_of(entry.pk)

    def order(item: tuple[BoardScore, LineResult, str]) -> tuple[int, int]:
        tr = item[1].result.table_round
        return (tr.round if tr else 0, item[0].board.number)

    data_lines = sorted(lines, key=order)
    whist = data.session.is_whist
    unit = _("IMPs") if imps else (_("MP") if scores.full_top else _("± avg") if whist else _("Pts"))
    header, fixed = _columns(whist, unit)
    rest = width - sum(w for w in fixed if w)
    widths = [w if w else rest for w in fixed]
    rows: list[list[object]] = [list(header)]
    shade, running = _board_rows(data, data_lines, rows, whist=whist, imps=imps)
    table = Table(
        rows,
        colWidths=widths,
        repeatRows=1,
        style=table_style(
            extra=[("ALIGN", (3, 0), (4, -1), "CENTER"), ("ALIGN", (len(header) - 4, 0), (-1, -1), "RIGHT"), *shade]
        ),
    )
    names = entry.names or "—"
    head = Paragraph(
        _("Pair %(text)s <font size='11'>&nbsp;%(text2)s</font>")
        % {"text": text(data.pair_label(entry.pk)), "text2": text(names)},
        STYLES["title"],
    )
    summary = Paragraph(text(_summary(data, scores, entry, imps)), STYLES["body"])
    foot = _total_note(scores, entry, running) if not imps else []
    return [head, summary, Spacer(1, 2 * mm), table, *foot, Spacer(1, 8 * mm)]


def story(data: SessionData, paper: str, progress: Progress | None = None) -> list[Flowable]:
    width = frame_of(paper)[0]
    data.require_results("personal score cards")
    out: list[Flowable] = [RunningTitle(str(TITLE))]
    all_entries = [
        (scores, e)
        for scores in data.scores
        for e in sorted(scores.entries, key=lambda e: (e.direction == "EW", e.number))  # NS pairs first
    ]
    total = len(all_entries) or 1
    for done, (scores, entry) in enumerate(all_entries, start=1):
        if not scores.lines_of(entry.pk):
            continue
        out.append(KeepTogether(card(data, scores, entry, width, data.session.is_imps)))
        out.append(Tick(progress, done / total, _("Score card of pair %(label)s") % {"label": entry.label}))
    return out


def one_card_pdf(data: SessionData, entry_id: int, paper: str = "a4") -> bytes:
    """One pair's score card as a PDF of its own (the attachment of the results e-mail)."""
    for scores in data.scores:
        for entry in scores.entries:
            if entry.pk == entry_id:
                story = card(data, scores, entry, frame_of(paper)[0], data.session.is_imps)
                return build_pdf(
                    story, paper=paper, masthead=data.masthead, title=_("Score card %(pair)s") % {"pair": entry.label}
                )
    raise ReportError(_("Pair %(pair)s is not in this session.") % {"pair": entry_id})
