"""Master points: what each place earns in a field of a given size, by formula or by the director's table.

Formula (docs/ratings.md): the winner earns ``per_entry`` points for every pair in the field (capped at
``cap``), the top ``share`` of the field (at least one place, rounded up) earns points, falling in equal steps
to the last paid place: place ``p`` of ``k`` paid earns ``round(top * (k - p + 1) / k)``, at least 1.

Table: lines ``SIZE: a1 a2 a3 ...`` (awards for 1st, 2nd, ...); the line with the largest SIZE not above the
field's size applies, e.g. ``1: 6 4 2`` and ``10: 12 8 6 4``.

Ties share the awards of the places they cover equally, each rounded up (so no tied pair loses a point).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from scoring.errors import ScoringError
from scoring.messages import gettext as _

__all__ = ["Formula", "Table", "award_places", "formula_awards", "parse_table", "table_awards"]


@dataclass(frozen=True)
class Formula:
    per_entry: int = 6
    share: float = 1 / 3
    cap: int = 1000


Table = dict[int, tuple[int, ...]]  # smallest field size -> awards for 1st, 2nd, ...


def formula_awards(formula: Formula, field_size: int) -> list[int]:
    """Awards for 1st, 2nd, ... in a field of ``field_size`` pairs."""
    if field_size < 1:
        return []
    if formula.per_entry < 0 or not 0 < formula.share <= 1:
        raise ScoringError(_("A points formula needs points per entry of 0 or more and a share above 0, at most 1."))
    top = min(formula.per_entry * field_size, formula.cap)
    paid = max(1, math.ceil(field_size * formula.share - 1e-9))
    if top == 0:
        return []
    return [max(1, round(top * (paid - p + 1) / paid)) for p in range(1, paid + 1)]


_LINE = re.compile(r"^\s*(\d{1,4})\s*:\s*((?:\d{1,6}\s+)*\d{1,6})\s*$")  # no nested repeats: linear time
MAX_TABLE = 4000  # characters: a table of every field size up to 100 fits


def parse_table(text: str) -> Table:
    """Read the director's table; a line that is not ``SIZE: a1 a2 ...`` is an error naming the line."""
    if len(text) > MAX_TABLE:
        raise ScoringError(
            _("The table is %(count)s characters long; at most %(most)s.") % {"count": len(text), "most": MAX_TABLE}
        )
    table: Table = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = _LINE.match(line)
        if match is None:
            raise ScoringError(
                _("Line %(number)s should read like '10: 12 8 6 4' (field size: awards), not %(line)s.")
                % {"number": number, "line": repr(line)}
            )
        size = int(match.group(1))
        if size in table:
            raise ScoringError(
                _("Line %(number)s: field size %(size)s has a line already.") % {"number": number, "size": size}
            )
        table[size] = tuple(int(x) for x in match.group(2).split())
    if not table:
        raise ScoringError(_("The table is empty: write one line per field size, like '1: 6 4 2'."))
    return table


def table_awards(table: Table, field_size: int) -> list[int]:
    """Awards from the line for the largest size not above the field's; none if the field is smaller."""
    fitting = [size for size in table if size <= field_size]
    return list(table[max(fitting)][:field_size]) if fitting else []


def award_places(awards: Sequence[int], ranks: Sequence[int]) -> list[int]:
    """Each entry's award from its rank (1 for first; tied entries carry the same, first, rank)."""
    ties = Counter(ranks)
    out = []
    for rank in ranks:
        if rank < 1:
            raise ScoringError(_("A place is 1 or more, not %(rank)s.") % {"rank": rank})
        covered = awards[rank - 1 : rank - 1 + ties[rank]]
        out.append(math.ceil(sum(covered) / ties[rank]) if covered else 0)
    return out
