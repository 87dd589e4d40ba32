"""What players see besides their own results, as the director chose per section (TableSettings): the traveller
after a board (with or without the pairs' names and each line's percentage), the running percentage of the two
pairs at the table, and the ranking after each round. Figures come from the score selector, rounded by scoring.
"""

from __future__ import annotations

from typing import Any

from scoring.rounding import shown
from tournaments.sessions.models import Result, Section
from tournaments.sessions.selectors.scores import BoardScore, SectionScores, score_section
from tournaments.sessions.selectors.whist import revoke_text
from tournaments.tableside.models import TableSettings


def _percent(points: float | None, top: float | None) -> str | None:
    """A line's share of the top as the pages show it ("62.50"), or None (no top: an IMP or total-points board)."""
    if points is None or not top:
        return None
    return shown(100 * points / top)


def traveller_lines(
    board_score: BoardScore | None, own: Result | None, settings: TableSettings
) -> list[dict[str, Any]]:
    """The board's traveller lines for a table: names and percentages only when the director shows them."""
    lines = []
    for line in board_score.lines if board_score else []:
        r = line.result
        item: dict[str, Any] = {
            "ns": r.ns_entry.label,
            "ew": r.ew_entry.label,
            "contract": r.contract if r.kind == Result.Kind.PLAYED else line.display_score,
            "declarer": r.declarer,
            "lead": r.lead,
            "tricks": r.tricks,
            "revoke": revoke_text(r.revoke),
            "r_mark": line.revoke_mark,  # the laws' penalty worked out against the other tables so far
            "auction": r.auction,
            "play": r.play,
            "ns_score": line.ns_score,
            "yours": own is not None and r.pk == own.pk,
        }
        if settings.traveller_names:
            item |= {"ns_names": r.ns_entry.names, "ew_names": r.ew_entry.names}
        if settings.traveller_percentages:
            top = board_score.top if board_score else None
            item |= {
                "ns_points": line.ns_points,
                "ew_points": line.ew_points,
                "ns_percent": _percent(line.ns_points, top),
                "ew_percent": _percent(line.ew_points, top),
            }
        lines.append(item)
    return lines


def _pct(value: float | None) -> str | None:
    return None if value is None else shown(value)


def _ranking(scores: SectionScores) -> list[dict[str, Any]]:
    out = []
    for direction, standings in sorted(scores.standings.items()):
        for s in standings:
            out.append(
                {
                    "direction": direction,
                    "place": s.place,
                    "pair": s.entry.label,
                    "names": s.entry.names,
                    "percentage": _pct(s.percentage),
                }
            )
    return out


def add_standing(section: Section, state: dict[str, Any]) -> None:
    """Add to the table page's state (with the director's choices in its "settings") the running percentage of
    its two pairs and, once the round is done (the move is called), the ranking; nothing (and no scoring) when
    the director shows neither."""
    running = bool(state["settings"].get("running_percentage"))
    ranking = bool(state["settings"].get("ranking_after_round") and state.get("move"))
    state["running"] = None
    state["ranking"] = None
    if not (running or ranking):
        return
    scores = score_section(section)
    if running:
        mine = {}
        for side in ("ns", "ew"):
            pair = state.get(side)
            standing = next(
                (s for ss in scores.standings.values() for s in ss if pair and s.entry.label == pair["pair"]), None
            )
            mine[side] = _pct(standing.percentage) if standing and standing.boards_played else None
        state["running"] = mine
    if ranking:
        state["ranking"] = _ranking(scores)
