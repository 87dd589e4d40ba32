"""Scoring a duplicate whist traveller: each played line's N-S tricks and revoke, rated by `scoring.whist`.

By match points on N-S's tricks after the revoke penalty (Law X s. 4: capped by the other tables' results
unless the full penalty was ruled), or by each pair's tricks above or below the average of the field on the
board ("tricks"). A line not played scores nothing; the R the penalty moved is shown beside the tricks.
"""

from __future__ import annotations

from typing import Any

from scoring.whist import Revoke, WhistLine, score_board
from tournaments.sessions.models import Result

__all__ = ["WhistPoints", "rate_whist", "revoke_of", "revoke_text"]

WhistPoints = tuple[float | None, float | None]


def revoke_of(stored: dict[str, Any]) -> Revoke | None:
    """The `scoring.whist` form of a stored revoke (None: no revoke)."""
    if not stored:
        return None
    return Revoke(
        str(stored["side"]),
        int(stored.get("count", 1)),
        int(stored.get("tricks_before", 0)),
        bool(stored.get("full_penalty", False)),
    )


def rate_whist(rows: list[Result], *, scale: str, method: str) -> tuple[float | None, list[WhistPoints], list[str]]:
    """A board's top (match points; None by tricks), each row's (N-S, E-W) points and each row's R mark."""
    played = [r for r in rows if r.kind == Result.Kind.PLAYED and r.tricks is not None]
    lines = [WhistLine(str(r.ns_entry_id), str(r.ew_entry_id), int(r.tricks or 0), revoke_of(r.revoke)) for r in played]
    scored = dict(zip((r.pk for r in played), score_board(lines, scale=scale), strict=True))
    points: list[WhistPoints] = []
    marks: list[str] = []
    for result in rows:
        s = scored.get(result.pk)
        if s is None:
            points.append((None, None))
            marks.append("")
        elif method == "matchpoints":
            points.append((s.ns_matchpoints, s.ew_matchpoints))
            marks.append(s.r_mark)
        else:
            points.append((float(s.ns_over_average), float(-s.ns_over_average)))
            marks.append(s.r_mark)
    top = float(2 * (len(played) - 1) if scale == "ebu" else len(played) - 1)
    return (top if method == "matchpoints" and played else None), points, marks


def revoke_text(stored: dict[str, Any]) -> str:
    """A stored revoke as the traveller writes it (the inverse of `services.whist.parse_revoke`)."""
    if not stored:
        return ""
    count, before = int(stored.get("count", 1)), int(stored.get("tricks_before", 0))
    text = str(stored["side"]) + (str(count) if count != 1 or before else "")
    return text + (f"/{before}" if before else "") + ("!" if stored.get("full_penalty") else "")
