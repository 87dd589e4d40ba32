"""Standings, travellers and personal score cards as plain tables (strings in template loops), sortable.

They show numbers the scores selector computed; rows are plain dicts built in `tournaments.sessions.selectors.reports`.
The CSV exports are django-tables2 tables, in `sessions/exports.py`, loaded only when a file is asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape  # Django's escape() is this, behind a lazy-string wrapper that costs more than the work
from typing import Any

from django.http import QueryDict
from django.utils.formats import get_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from scoring import Notation
from tournaments.core import notation
from tournaments.core.languages import local_decimal
from tournaments.core.text import isolated_names


def _num(value: Any, places: int = 2, *, fixed: bool = False, mark: str | None = None) -> str:
    """A cell's figure with the reader's decimal mark ("52,13" on a French page); `mark`: that mark, looked up
    once by a caller writing many cells (a format lookup per cell was a tenth of the standings page)."""
    if value is None or value == "":
        return "–"
    if not isinstance(value, float):
        return str(value)
    text = f"{value:.{places}f}"
    if not fixed:
        text = text.rstrip("0").rstrip(".") or "0"
    if mark is None:
        return str(local_decimal(text))
    return text.replace(".", mark)  # a formatted float is a figure (or nan, inf: no point to replace)


TRAVELLER_COLUMNS = (
    ("round", pgettext_lazy("bridge", "Round"), True),
    ("table", gettext_lazy("Table"), True),
    ("ns", gettext_lazy("NS"), False),
    ("ew", gettext_lazy("EW"), False),
    ("contract", gettext_lazy("Contract"), False),
    ("declarer", pgettext_lazy("declarer", "By"), False),
    ("lead", pgettext_lazy("opening lead", "Lead"), False),
    ("made", gettext_lazy("Result"), False),
    ("ns_plus", gettext_lazy("NS +"), True),
    ("ns_minus", gettext_lazy("NS −"), True),
    ("ns_points", gettext_lazy("NS pts"), True),
    ("ew_points", gettext_lazy("EW pts"), True),
    ("note", gettext_lazy("Ruling"), False),
)


def traveller_cells(rows: list[dict[str, Any]]) -> list[list[tuple[str, bool]]]:
    """The travellers page's cells as (text, is_number), for a plain template loop.

    A page of 120 boards renders 17,000 cells: through django-tables2's per-cell accessors that took 0.8 s,
    as a loop over strings it takes a tenth of that. The per-board CSV export still uses `TravellerTable`.
    """
    table = notation.active_notation()  # contracts with suit symbols, in the page's language
    return [[(_cell(row, key, numeric, table), numeric) for key, _, numeric in TRAVELLER_COLUMNS] for row in rows]


def _cell(row: dict[str, Any], key: str, numeric: bool, table: Notation) -> str:
    if numeric:
        return _num(row.get(key), 2)
    text = str(row.get(key) or "")
    return notation.shown(text, table) if key == "contract" else text


_CELL = {True: '<td class="num">{}</td>', False: "<td>{}</td>"}


def traveller_body(rows: list[dict[str, Any]]) -> SafeString:
    """A traveller's table rows as one HTML string, each cell escaped: what the template loop over
    `traveller_cells` wrote, character for character, without 17,000 template variable lookups a page (the
    loop was nine tenths of the travellers page's time at 60 tables)."""
    html = "".join(
        "<tr>" + "".join(_CELL[numeric].format(escape(text)) for text, numeric in row) + "</tr>"
        for row in traveller_cells(rows)
    )
    return mark_safe(html)  # every cell's text went through escape() above


def hand_diagram(hands: dict[str, list[tuple[str, str, str]]]) -> SafeString:
    """The deal's four hands (`recaps.hands`) as the travellers page shows them, escaped, built in Python for
    the same reason as `traveller_body` (120 boards are 1,920 suits)."""
    html = "".join(
        f'<div class="hand hand-{escape(seat.lower())}"><strong>{escape(pgettext("seat", seat))}</strong>'
        + "".join(
            f'<div><span class="suit-{escape(cls)}">{escape(symbol)}</span> {escape(cards)}</div>'
            for cls, symbol, cards in suits
        )
        + "</div>"
        for seat, suits in hands.items()
    )
    return mark_safe(html)  # every piece went through escape() above


# (key, label, is a number, sort key) of the standings page; None: not sortable.
STANDINGS_COLUMNS = (
    ("place", gettext_lazy("Place"), False, "order"),
    ("pair", gettext_lazy("Pair"), False, "pair_number"),
    ("names", gettext_lazy("Players"), False, "names"),
    ("total", gettext_lazy("Total"), True, "total"),
    ("percentage", "%", True, "percentage"),
    ("boards", gettext_lazy("Boards"), True, "boards"),
    ("penalties", gettext_lazy("Penalties"), True, "penalties"),
)


@dataclass
class PlainTable:
    """A table ready for a plain template loop: header cells (label, is a number, sort link, arrow) and rows
    of (text, is a number, link)."""

    head: list[tuple[str, bool, str, str]]
    rows: list[list[tuple[str, bool, str]]]

    def body(self) -> SafeString:
        """The rows as one HTML string, as the template loop over `rows` wrote them (a cell's text escaped unless
        it is already safe HTML, e.g. names in <bdi>; a link around it when it has one): at 60 tables that loop
        was half of the director's standings, the page polled every 5 s (issue 24)."""
        html = []
        for row in self.rows:
            html.append("<tr>")
            for text, numeric, url in row:
                shown = text if hasattr(text, "__html__") else escape(str(text))
                cell = f'<a href="{escape(url)}">{shown}</a>' if url else shown
                html.append(_CELL[numeric].format(cell))
            html.append("</tr>")
        return mark_safe("".join(html))  # every text and link went through escape() above, or was safe already


SCORECARD_COLUMNS = (
    ("round", pgettext_lazy("bridge", "Round"), True, "round"),
    ("table", gettext_lazy("Table"), True, "table"),
    ("direction", gettext_lazy("Sat"), False, "direction"),
    ("opponents", gettext_lazy("Against"), False, "opponents"),
    ("board", pgettext_lazy("bridge", "Board"), True, "board"),
    ("contract", gettext_lazy("Contract"), False, "contract"),
    ("declarer", pgettext_lazy("declarer", "By"), False, "declarer"),
    ("made", gettext_lazy("Result"), False, "made"),
    ("score", gettext_lazy("Score (us)"), True, "score"),
    ("points", gettext_lazy("Points"), True, "points"),
    ("running", gettext_lazy("Running total"), True, "running"),
    ("note", gettext_lazy("Ruling"), False, "note"),
)


def plain_table(
    rows: list[dict[str, Any]],
    columns: tuple[tuple[str, Any, bool, str], ...],  # the labels are lazy translations
    *,
    prefix: str = "",
    query: QueryDict,
    exclude: tuple[str, ...] = (),
    formats: dict[str, Any] | None = None,
    link: tuple[str, str] | None = None,
) -> PlainTable:
    """Rows as a plain table, sortable by `?<prefix>sort=<key>` (or `-<key>`) as django-tables2 was.

    A 60-table standings page through django-tables2 took 90 ms, nearly all of it per-cell rendering; this is a
    loop over strings. The django-tables2 tables still make the CSV exports. `link` is (column, row key of
    its URL); `formats` maps a column to the function that writes its value.
    """
    columns = tuple(c for c in columns if c[0] not in exclude)
    formats = formats or {}
    param = f"{prefix}sort"
    asked = query.get(param, "")
    sort_by = next((c[3] for c in columns if c[0] == asked.removeprefix("-")), None)
    if sort_by is not None:
        present = [r for r in rows if r.get(sort_by) not in (None, "")]
        missing = [r for r in rows if r.get(sort_by) in (None, "")]
        rows = sorted(present, key=lambda r: r[sort_by], reverse=asked.startswith("-")) + missing
    head = []
    for name, label, numeric, _sort in columns:
        target = query.copy()
        target[param] = f"-{name}" if asked == name else name
        arrow = "▲" if asked == name else "▼" if asked == f"-{name}" else ""
        head.append((str(label), numeric, "?" + target.urlencode(), arrow))
    # Each column's writer and link chosen once, not per cell (120 rows of 7 cells on a polled page).
    plan = [
        (name, formats.get(name) or (_num if numeric else _text), numeric, link[1] if link and name == link[0] else "")
        for name, _label, numeric, _sort in columns
    ]
    body = [[(write(r.get(name)), numeric, r[url] if url else "") for name, write, numeric, url in plan] for r in rows]
    return PlainTable(head, body)


def _text(value: Any) -> str:
    return str(value or "")


def standings_plain(
    rows: list[dict[str, Any]], *, prefix: str, query: QueryDict, exclude: tuple[str, ...] = ()
) -> PlainTable:
    """The standings page's table: pair numbers link to their score cards."""
    mark = str(get_format("DECIMAL_SEPARATOR"))
    formats = {
        "total": lambda v: _num(v, mark=mark),
        "penalties": lambda v: _num(-v, mark=mark) if v else "",
        "percentage": lambda v: _num(v, fixed=True, mark=mark),
        "names": lambda v: isolated_names(str(v or "")),  # each name in its own <bdi>: safe HTML
    }
    return plain_table(
        rows, STANDINGS_COLUMNS, prefix=prefix, query=query, exclude=exclude, formats=formats, link=("pair", "card_url")
    )
