"""IMP pairs on a board that not every line played: an unplayed line's IMPs count 0, the board factored by lines
over results (the convention issue #26 names for RealBridge).

Issue #26 states the rule in one sentence, "IMPs for unplayed lines counted as 0 with factoring by lines over
results (RealBridge)"; RealBridge's own notes say only that it uses Neuberg's formula (docs/interchange.md). This is
that sentence written out, for a board of ``lines`` lines (the most results any board of the field has) and
``results`` real or weighted results on it (``lines`` >= ``results``):

- **cross-IMPs**: a result is IMPed against each of the other ``lines - 1`` lines; a comparison with a line that
  was not played counts 0, so the sum of its IMPs against the other results is divided by ``lines - 1`` (not by
  ``results - 1``); that is then factored by ``lines / results``;
- **Butler**: each result's IMPs against the datum (taken over the results, as always), factored by
  ``lines / results``;
- a line not played (:data:`scoring.matchpoints.NOT_PLAYED`) scores 0 IMPs to both sides (it counts, as a board
  its pairs played for 0); an artificial score keeps its own IMPs (+3/0/-3), unfactored.

With every line played (``results == lines``) this is plain Butler or cross-IMPs. Worked example (cross-IMPs):
four lines, three played, N-S +420, +170, -50. +420 gains 6 IMPs against +170 and 10 against -50: 16 IMPs.
Plain cross-IMPs divide by the two other results: 8.00. Here the unplayed fourth line counts 0, so 16 / 3 = 5.33,
then factored by 4 / 3: 7.11. +170: (-6 + 6) = 0; -50: (-10 - 6) / 3 x 4 / 3 = -7.11.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from scoring.errors import InvalidScore
from scoring.imps import LineImps, score_board_imps
from scoring.matchpoints import Artificial, Line, NotPlayed, Weighted, as_line
from scoring.messages import gettext as _

__all__ = ["unplayed_zero_factor", "unplayed_zero_imps"]


def unplayed_zero_factor(*, lines: int, results: int, method: str) -> float:
    """What a result's plain Butler or cross-IMPs are multiplied by under this convention.

    Cross-IMPs: ``(results - 1) / (lines - 1) x lines / results`` (the plain figure is the sum over
    ``results - 1``); Butler: ``lines / results``. 1 when every line was played (or none, or a single line).
    """
    if method not in ("butler", "cross"):
        raise InvalidScore(_("Unknown IMP method %(method)s: use 'butler' or 'cross'.") % {"method": repr(method)})
    if results < 0 or lines < 0:
        raise InvalidScore(_("A board's lines and results are counted from zero up."))
    lines = max(lines, results)
    if results == 0 or lines == results:
        return 1.0
    if method == "butler":
        return lines / results
    if results == 1:
        return 0.0  # a single result has no other result to be IMPed against: 0 either way
    return (results - 1) / (lines - 1) * lines / results


def unplayed_zero_imps(
    lines: Sequence[Line],
    *,
    expected: int,
    method: Literal["butler", "cross"] = "butler",
    rounding: str = "half_away",
) -> list[LineImps]:
    """Rate a traveller as :func:`scoring.score_board_imps` does, then apply the convention (module docstring).

    ``expected`` is the board's number of lines in the full field (the most results any board has); fewer is
    read as this board's own results.
    """
    norm = [as_line(x) for x in lines]
    results = sum(1 for x in norm if isinstance(x, int | Weighted))
    factor = unplayed_zero_factor(lines=expected, results=results, method=method)
    plain = score_board_imps(norm, method=method, rounding=rounding)
    out: list[LineImps] = []
    for line, rated in zip(norm, plain, strict=True):
        if isinstance(line, NotPlayed):
            out.append(LineImps(0.0, 0.0, rated.datum))
        elif isinstance(line, Artificial) or rated.ns is None or rated.ew is None:
            out.append(rated)
        else:
            value = rated.ns * factor
            out.append(LineImps(value, -value, rated.datum))
    return out
