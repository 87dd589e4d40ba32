"""The CSV, TSV and JSON exports of standings, travellers and score cards, made by django-tables2.

Imported inside the result views' export function (HEAVY in tests/test_layers.py): django-tables2 imports the PostgreSQL
field types, psycopg with them (0.1 s or more), which a web process should pay only when a file is asked for.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.http import HttpRequest, HttpResponse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy, pgettext_lazy
from django_tables2 import RequestConfig
from django_tables2.export import TableExport

from tournaments.core.text import spreadsheet_cell
from tournaments.sessions.tables import _num

# Only the formats tablib writes without optional packages: `?_export=xlsx` shows the page rather than failing.
EXPORT_FORMATS = ("csv", "tsv", "json")
SPREADSHEET_FORMATS = ("csv", "tsv")  # opened by spreadsheets: their text cells are neutralised


class NumColumn(tables.Column):
    """A right-aligned number, shown without trailing zeros; exported as the raw number."""

    def __init__(self, *args: Any, places: int = 2, fixed: bool = False, **kwargs: Any) -> None:
        self.places = places
        self.fixed = fixed
        attrs = {"td": {"class": "num"}, "th": {"class": "num"}}
        super().__init__(*args, attrs=attrs, **kwargs)

    def render(self, value: Any) -> str:
        return _num(value, self.places, fixed=self.fixed)

    def value(self, value: Any) -> Any:
        return value


class StandingsTable(tables.Table):
    place = tables.Column(verbose_name=gettext_lazy("Place"), order_by=("order",))
    pair = tables.Column(verbose_name=gettext_lazy("Pair"), order_by=("pair_number",))
    names = tables.Column(verbose_name=gettext_lazy("Players"))
    total = NumColumn(verbose_name=gettext_lazy("Total"))
    percentage = NumColumn(verbose_name="%", fixed=True)
    boards = NumColumn(verbose_name=gettext_lazy("Boards"))
    penalties = NumColumn(verbose_name=gettext_lazy("Penalties"))

    class Meta:
        attrs = {"class": "table standings"}
        orderable = True
        template_name = "django_tables2/table.html"

    def render_pair(self, value: Any, record: dict[str, Any]) -> str:
        return format_html('<a href="{}">{}</a>', record["card_url"], value)

    def value_pair(self, value: Any) -> Any:
        return value

    def render_penalties(self, value: Any) -> str:
        return _num(-value) if value else ""


class TravellerTable(tables.Table):
    round = NumColumn(verbose_name=pgettext_lazy("bridge", "Round"))
    table = NumColumn(verbose_name=gettext_lazy("Table"))
    ns = tables.Column(verbose_name=gettext_lazy("NS"))
    ew = tables.Column(verbose_name=gettext_lazy("EW"))
    contract = tables.Column(verbose_name=gettext_lazy("Contract"))
    declarer = tables.Column(verbose_name=pgettext_lazy("declarer", "By"))
    lead = tables.Column(verbose_name=pgettext_lazy("opening lead", "Lead"))
    made = tables.Column(verbose_name=gettext_lazy("Result"))
    ns_plus = NumColumn(verbose_name=gettext_lazy("NS +"), order_by=("ns_score",))
    ns_minus = NumColumn(verbose_name=gettext_lazy("NS −"), order_by=("ns_score",))
    ns_points = NumColumn(verbose_name=gettext_lazy("NS pts"))
    ew_points = NumColumn(verbose_name=gettext_lazy("EW pts"))
    note = tables.Column(verbose_name=gettext_lazy("Ruling"))

    class Meta:
        attrs = {"class": "table traveller"}
        orderable = True


class ScoreCardTable(tables.Table):
    round = NumColumn(verbose_name=pgettext_lazy("bridge", "Round"))
    table = NumColumn(verbose_name=gettext_lazy("Table"))
    direction = tables.Column(verbose_name=gettext_lazy("Sat"))
    opponents = tables.Column(verbose_name=gettext_lazy("Against"))
    board = NumColumn(verbose_name=pgettext_lazy("bridge", "Board"))
    contract = tables.Column(verbose_name=gettext_lazy("Contract"))
    declarer = tables.Column(verbose_name=pgettext_lazy("declarer", "By"))
    made = tables.Column(verbose_name=gettext_lazy("Result"))
    score = NumColumn(verbose_name=gettext_lazy("Score (us)"))
    points = NumColumn(verbose_name=gettext_lazy("Points"))
    running = NumColumn(verbose_name=gettext_lazy("Running total"))
    note = tables.Column(verbose_name=gettext_lazy("Ruling"))

    class Meta:
        attrs = {"class": "table scorecard"}
        orderable = True


TABLES: dict[str, type[tables.Table]] = {
    "standings": StandingsTable,
    "traveller": TravellerTable,
    "scorecard": ScoreCardTable,
}


def export(
    request: HttpRequest, kind: str, records: list[dict[str, Any]], name: str, **options: Any
) -> HttpResponse | None:
    """The file `?_export=csv` asks for, sorted as the page is (`?sort=`); None for a format not offered."""
    fmt = request.GET.get("_export")
    if fmt not in EXPORT_FORMATS or not TableExport.is_valid_format(fmt):
        return None
    table = TABLES[kind](records, **options)
    if kind != "traveller":
        RequestConfig(request, paginate=False).configure(table)
    exporter = TableExport(fmt, table)
    if fmt in SPREADSHEET_FORMATS:
        exporter.dataset = _neutralised(exporter.dataset)
    response: HttpResponse = exporter.response(f"{name}.{fmt}")
    return response


def _neutralised(data: Any) -> Any:
    """The same rows (a tablib Dataset, untyped) with every text cell made safe to open in a spreadsheet."""
    safe = type(data)(headers=[spreadsheet_cell(h) for h in data.headers or []])
    for row in data:
        safe.append([spreadsheet_cell(cell) for cell in row])
    return safe
