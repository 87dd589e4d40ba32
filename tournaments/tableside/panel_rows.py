"""The live panel's rows that grow with the room, written in Python: a row per table of the grid, and a line per
table link. Through the template engine they were most of a 60-table panel's time (a node per cell), and the
panel is the page a director polls all evening (issue 24: at most x1.5 from 15 to 60 tables)."""

from __future__ import annotations

from collections.abc import Sequence

from django.http import HttpRequest
from django.template.backends.utils import csrf_input
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from tournaments.tableside.models import TableLink
from tournaments.tableside.selectors import Grid

MARKS = {"in": "✓", "part": "½", "disputed": "!", "sit": "–"}  # a cell's sign; "missing" is left blank


def grid_body(grid: Grid) -> SafeString:
    """The grid's <tbody> rows: the table (with ⏱ when it is behind), then a cell per round. A cell is one of five
    states, so each state's <td> is written once and looked up (720 cells at 60 tables)."""
    behind = f' <span class="error" title="{escape(gettext("behind"))}">⏱</span>'
    td: dict[str, str] = {}
    rows = []
    for table, cells, _token in grid.rows:
        for c in cells:
            if c not in td:
                td[c] = f'<td class="cell-{escape(c)}" title="{escape(c)}">{MARKS.get(c, "")}</td>'
        tds = "".join([td[c] for c in cells])
        rows.append(f"<tr><th>{int(table)}{behind if table in grid.behind else ''}</th>{tds}</tr>")
    return mark_safe("".join(rows))  # every value above is escaped or a number


def link_items(request: HttpRequest, session_id: int, links: Sequence[tuple[TableLink, str]]) -> SafeString:
    """A <li> per table link: its address, and the buttons to re-issue or withdraw it."""
    action = escape(reverse("tableside:action", args=[session_id]))
    token = csrf_input(request)
    reissue, withdraw = escape(gettext("Re-issue")), escape(gettext("Withdraw"))
    items = []
    for link, url in links:
        label = escape(gettext("Table %(table)s:") % {"table": link.table})
        items.append(
            f'<li>{label} <a href="{escape(url)}">{escape(url)}</a>\n'
            f'      <form method="post" action="{action}" class="inline">{token}<input type="hidden" name="link" '
            f'value="{int(link.pk)}"><button name="action" value="reissue">{reissue}</button>'
            f'<button name="action" value="revoke">{withdraw}</button></form></li>'
        )
    return mark_safe("".join(items))  # every value above is escaped or a number
