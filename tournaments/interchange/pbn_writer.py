"""A session as a PBN 2.1 export file: one game per board (the deal, its ScoreTable), the TotalScoreTable first.

Columns are padded to their widest element as the standard's export format says; our own tags
(``BridgedeskSession``, ``BridgedeskBoard``: :mod:`.own_data`) and the auctions (:mod:`.pbn_auction`) follow.
The file speaks PBN, not the reader's language: its tags and values are the standard's.
"""

from __future__ import annotations

import re

import scoring

from . import own_data
from .pbn_auction import auction_games
from .records import BoardRecord, PairRecord, SessionRecord

__all__ = ["POINT_COLUMNS", "SCORING_TAG", "write_pbn"]

# PBN's Scoring tag is open ended (2.1, 3.4.12: "only example values are given"); none of its examples is total
# points, so a total-points session is written "TotalPoints" (read back by pbn._scoring).
SCORING_TAG: dict[str, str] = {"mp": "MP", "butler": "Butler", "cross_imps": "Cross-IMP", "total": "TotalPoints"}
# The points columns of each scoring; total points has none (a line's points are its Score_NS/Score_EW).
POINT_COLUMNS: dict[str, tuple[str, str]] = {
    "mp": ("MP_NS", "MP_EW"),
    "butler": ("IMP_NS", "IMP_EW"),
    "cross_imps": ("IMP_NS", "IMP_EW"),
}
TOTAL_COLUMN: dict[str, str] = {"mp": "TotalMP", "butler": "TotalIMP", "cross_imps": "TotalIMP", "total": "TotalScore"}


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _points(value: float | None) -> str:
    if value is None:
        return "-"
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _table(name: str, columns: list[tuple[str, str]], rows: list[list[str]]) -> list[str]:
    """A table tag and its rows, each column padded to its widest element as the standard's export format says."""
    widths = [max([1] + [len(r[i]) for r in rows]) for i in range(len(columns))]
    header = ";".join(f"{c}\\{w}{align}" for (c, align), w in zip(columns, widths, strict=True))
    out = [f'[{name} "{header}"]']
    for row in rows:
        cells = [
            v.ljust(w) if align == "L" else v.rjust(w) for v, w, (_, align) in zip(row, widths, columns, strict=True)
        ]
        out.append(" ".join(cells).rstrip())
    return out


def _token(value: str) -> str:
    """A table element: plain when it has no spaces or special characters, else a string token."""
    if value and not re.search(r'[\s;{}"\[\]]', value):
        return value
    return '"' + value.replace('"', "'") + '"'


def write_pbn(record: SessionRecord, *, results: bool = True) -> str:
    """A PBN 2.1 export file: one game per board (the deal, and its ScoreTable), the TotalScoreTable in the first."""
    out = ["% PBN 2.1", "% EXPORT", "% Content-type: text/x-pbn; charset=UTF-8", "% Creator: Bridgedesk", ""]
    date = record.date.strftime("%Y.%m.%d") if record.date else "?"
    pairs = {p.label: p for p in record.pairs}
    for index, board in enumerate(record.boards):
        tags = [
            ("Event", record.event_name or "?"),
            ("Site", record.club_name or "?"),
            ("Date", date),
            ("Board", str(board.number)),
            ("West", ""),
            ("North", ""),
            ("East", ""),
            ("South", ""),
            ("Dealer", board.dealer or scoring.board_dealer(board.number)),
            ("Vulnerable", board.vulnerability or scoring.board_vulnerability(board.number)),
            ("Deal", board.deal or "?"),
            ("Scoring", SCORING_TAG[record.scoring]),
            ("Declarer", ""),
            ("Contract", ""),
            ("Result", ""),
        ]
        out.extend(f'[{name} "{_quote(value)}"]' for name, value in tags)
        if results and record.rulings is not None:
            out.extend(own_data.pbn_tags(record, board, first=index == 0))
        if results and board.lines:
            out.extend(_score_table(board, record.scoring))
        if results and index == 0 and record.pairs:
            out.extend(_total_table(record, pairs))
        out.extend(["", *(auction_games(tags[:-3], board) if results else [])])
    return "\n".join(out)


def _score_table(board: BoardRecord, method: str) -> list[str]:
    is_mp = method == "mp"
    points = POINT_COLUMNS.get(method)
    columns = [
        ("PairId_NS", "R"),
        ("PairId_EW", "R"),
        ("Contract", "L"),
        ("Declarer", "R"),
        ("Result", "R"),
        ("Lead", "L"),
        ("Score_NS", "R"),
        ("Score_EW", "R"),
        *([(points[0], "R"), (points[1], "R")] if points else []),
        ("Percentage_NS", "R"),
        ("Percentage_EW", "R"),
    ]
    rows: list[list[str]] = []
    top: float | None = None
    if is_mp:
        sums = [
            x.ns_points + x.ew_points
            for x in board.lines
            if x.kind in ("played", "assigned") and x.ns_points is not None and x.ew_points is not None
        ]
        top = max(sums) if sums else None
    for x in board.lines:
        if x.kind == "not_played":
            continue
        ns_pct = ew_pct = "-"
        contract = declarer = result = lead = score_ns = score_ew = "-"
        if x.kind in ("artificial", "weighted"):  # a weighted score shows as the adjusted score it earned
            if x.ns_percent is None or x.ew_percent is None:
                continue
            ns_pct, ew_pct = f"^{_points(x.ns_percent)}", f"^{_points(x.ew_percent)}"
        else:
            contract = "Pass" if x.contract.upper() == "PASS" else x.contract
            declarer = x.declarer or "-"
            result = str(x.tricks) if x.tricks is not None and contract != "Pass" else "-"
            lead = x.lead or "-"
            score = x.score or 0
            score_ns = str(score) if score >= 0 else "-"
            score_ew = str(-score) if score < 0 else "-"
            if top and x.ns_points is not None and x.ew_points is not None:
                ns_pct, ew_pct = _points(100 * x.ns_points / top), _points(100 * x.ew_points / top)
        rows.append(
            [
                x.ns_pair,
                x.ew_pair,
                contract,
                declarer,
                result,
                lead,
                score_ns,
                score_ew,
                *([_points(x.ns_points), _points(x.ew_points)] if points else []),
                ns_pct,
                ew_pct,
            ]
        )
    return _table("ScoreTable", columns, rows)


def _total_table(record: SessionRecord, pairs: dict[str, PairRecord]) -> list[str]:
    two = record.winners == 2
    total = TOTAL_COLUMN[record.scoring]
    columns = [("Rank", "R"), ("PairId", "R")]
    if two:
        columns.append(("Direction", "R"))
    columns += [(total, "R"), ("TotalPercentage", "R"), ("Names", "L")]
    rows = []
    ordered = sorted(pairs.values(), key=lambda p: (p.direction, int(p.place.rstrip("=") or 999), p.number))
    for p in ordered:
        row = [p.place.rstrip("=") or "-", p.label]
        if two:
            row.append(p.direction)
        names = ";".join(pl.name for pl in p.players)
        row += [
            f"{p.total:.2f}" if p.total is not None else "-",
            f"{p.percentage:.2f}" if p.percentage is not None else "-",
            _token(names),
        ]
        rows.append(row)
    return _table("TotalScoreTable", columns, rows)
