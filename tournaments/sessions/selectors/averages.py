"""Average plus and average minus as the pair's own percentage (a session convention), not a fixed 60/40.

The laws let average plus be the pair's own session percentage when better than 60% (Law 12C2), and average
minus the offending pair's own when worse than 40%; programs differ in whether they do it. The pair's own
percentage is taken on the boards it really played (real, assigned and weighted scores).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any, Protocol

import scoring
from tournaments.sessions.models import Result

OWN_KINDS = (Result.Kind.PLAYED, Result.Kind.ASSIGNED, Result.Kind.WEIGHTED)


class _Board(Protocol):
    @property
    def top(self) -> float | None: ...

    @property
    def lines(self) -> Sequence[Any]: ...  # LineResult (scores.py, which calls this module)


def apply_own_percentage_averages(
    board_scores: Sequence[_Board], full_top: float | None, *, plus: bool, minus: bool
) -> None:
    """Artificial scores of 60% or more (``plus``) and 40% or less (``minus``) become the pair's own percentage
    where that is better (plus) or worse (minus); a 50% average is never changed."""
    if not full_top or not (plus or minus):
        return
    earned: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for bs in board_scores:
        for line in bs.lines:
            if line.result.kind in OWN_KINDS:
                for entry_id, points in (
                    (line.result.ns_entry_id, line.ns_total_points),
                    (line.result.ew_entry_id, line.ew_total_points),
                ):
                    if points is not None:
                        earned[entry_id][0] += points
                        earned[entry_id][1] += full_top
    for bs in board_scores:
        top = bs.top or 0.0
        for line in bs.lines:
            result = line.result
            if result.kind != Result.Kind.ARTIFICIAL:
                continue
            for side, pct in (("ns", result.ns_percent), ("ew", result.ew_percent)):
                if pct is None or 40 < pct < 60 or (pct >= 60 and not plus) or (pct <= 40 and not minus):
                    continue
                got, possible = earned[getattr(result, f"{side}_entry_id")]
                own = 100 * got / possible if possible else None
                if pct >= 60:
                    chosen = scoring.average_plus(own, minimum=pct)
                else:
                    chosen = scoring.average_minus(own, maximum=pct)
                setattr(line, f"{side}_points", top * chosen / 100)
                setattr(line, f"{side}_total_points", full_top * chosen / 100)
