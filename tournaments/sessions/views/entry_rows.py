"""The entry page's lines (a traveller or a pickup slip), written in Python.

Through the template engine the 15 rows of a traveller were about a third of opening it, the cost of every save
cycle a director makes (issue 24: a cycle of ~20 ms of CPU). The HTML is the template's, byte for byte: every
value escaped as `{{ }}` escapes it (localized, then `conditional_escape`), each translated word looked up once
per page. The page shows pair numbers only (no names).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

if TYPE_CHECKING:
    from tournaments.sessions.views.entry_lines import Line


def _out(value: Any) -> str:
    """`{{ value }}` in a template: localized, then escaped unless already safe (an error list renders itself)."""
    return str(conditional_escape(localize(value)))


@dataclass(frozen=True)
class _Words:
    """The page's translated words and its rulings link, looked up once per page rather than once per line."""

    ns: str
    ew: str
    tricks: str
    revoke: str
    contract: str
    declarer: str
    result: str
    lead: str
    score: str
    ruling_title: str
    ruling: str
    rulings_url: str
    letter: str

    @classmethod
    def of(cls, session_id: int, letter: str) -> _Words:
        # As `{% translate "..." as t %}{{ t }}` wrote them: a literal's translation is the page's own text, not
        # escaped (the translators' apostrophes stay as they are); the address and the letter are escaped.
        return cls(
            ns=gettext("NS pair"),
            ew=gettext("EW pair"),
            tricks=gettext("N-S tricks"),
            revoke=pgettext("card play", "Revoke"),
            contract=gettext("Contract"),
            declarer=gettext("Declarer"),
            result=gettext("Result"),
            lead=pgettext("opening lead", "Lead"),
            score=gettext("NS score"),
            ruling_title=gettext("A director's ruling on this line"),
            ruling=gettext("Ruling…"),
            rulings_url=_out(reverse("rulings", args=[session_id])),
            letter=_out(letter),
        )


def _or_blank(value: Any) -> str:
    """`{{ value|default:'' }}`."""
    return _out(value or "")


def _if_none(value: Any) -> str:
    """`{{ value|default_if_none:'' }}`."""
    return _out("" if value is None else value)


def _errors(cells: dict[str, Any], *names: str) -> tuple[str, str]:
    """A cell's class (`field-error` when any of `names` has errors) and the error lists, in that order."""
    found = [cells[n]["errors"] for n in names]
    return ("field-error" if any(found) else ""), "".join(_out(e) for e in found if e)


def _input(cell: dict[str, Any], size: str, label: str, extra: str = "") -> str:
    """An input's opening tag up to its label (the caller adds its class and closes it)."""
    name, value = _out(cell["name"]), _or_blank(cell["value"])
    return f'<input name="{name}" value="{value}" size="{size}"{extra} aria-label="{label}"'


def _hidden(cells: dict[str, Any]) -> str:
    v, s = cells["version"], cells["shown"]
    return (
        f'<input type="hidden" name="{_out(v["name"])}" value="{_if_none(v["value"])}">'
        f'<input type="hidden" name="{_out(s["name"])}" value="{_if_none(s["value"])}">'
    )


def _cell(cells: dict[str, Any], name: str, size: str, label: str) -> str:
    """A plain field's cell: its input and its errors."""
    cls, errors = _errors(cells, name)
    return f'<td class="{cls}">{_input(cells[name], size, label)}>{errors}</td>'


def _fields(line: Line, cells: dict[str, Any], w: _Words, whist: bool) -> list[str]:
    """The cells typed into: whist's tricks and revoke, or bridge's contract, declarer, result, lead and score."""
    focus = "autofocus" if line.focus else ""
    if whist:
        cls, errors = _errors(cells, "tricks", "contract")
        tricks = _input(cells["tricks"], "3", w.tricks, ' inputmode="numeric"')
        return [
            f'<td class="{cls}">{_hidden(cells)}{tricks} class="tricks" {focus}>{errors}</td>',
            _cell(cells, "revoke", "5", w.revoke),
        ]
    cls, errors = _errors(cells, "contract")
    contract = f'{_hidden(cells)}{_input(cells["contract"], "6", w.contract)} class="contract" {focus}>'
    return [
        f'<td class="{cls}">{contract}{errors}</td>',
        _cell(cells, "declarer", "2", w.declarer),
        _cell(cells, "tricks", "3", w.result),
        _cell(cells, "lead", "3", w.lead),
        _cell(cells, "score", "5", w.score),
    ]


def _where(line: Line, traveller: bool, second: str) -> str:
    """The first two cells: round and table on a traveller; on a pickup slip the board and `second` (its
    vulnerability's cell, or an empty one on a ruling's row)."""
    if traveller:
        return f"<td>{_out(line.row.round)}</td><td>{_out(line.row.table)}</td>"
    return f"<td><strong>{_out(line.board)}</strong></td>{second}"


def _pair(cells: dict[str, Any], line: Line, seat: str, label: str, traveller: bool) -> str:
    cls, errors = _errors(cells, seat)
    if traveller:
        shown = _input(cells[seat], "4", label, ' tabindex="-1"') + ">"
    else:
        shown = _out(getattr(line.row, f"{seat}_entry").label)
    return f'<td class="{cls}">{shown}{errors}</td>'


def _computed(line: Line, cells: dict[str, Any]) -> str:
    preview = line.preview
    flag = " flag" if preview is not None and not preview.ok else ""
    if preview:
        shown = _out(preview.ns_score) if preview.ok else "⚠"
    else:
        shown = _out(line.result.ns_score) if line.result else ""
    errors = "".join(f'<div class="error">{_out(e)}</div>' for e in cells["non_field_errors"])
    span = f'<span id="preview-{_out(cells["prefix"])}" class="computed{flag}">{shown}</span>'
    return f'<td class="num">{span}{errors}</td>'


def _ruling_link(line: Line, w: _Words) -> str:
    row = line.row
    assert row.ns_entry is not None and row.ew_entry is not None  # an editable line seats both pairs
    query = (
        f"?section={w.letter}&amp;board={_out(line.board)}&amp;ns={_out(row.ns_entry.label)}"
        f"&amp;ew={_out(row.ew_entry.label)}"
    )
    link = f'<a class="muted" tabindex="-1" title="{w.ruling_title}" href="{w.rulings_url}{query}">{w.ruling}</a>'
    return f"<td>{link}</td>"


def _editable(line: Line, w: _Words, traveller: bool, whist: bool) -> str:
    cells = line.cells
    lead = "\n        "
    parts = [
        _where(line, traveller, f'<td class="muted">{_out(line.vulnerability)}</td>'),
        _pair(cells, line, "ns", w.ns, traveller),
        _pair(cells, line, "ew", w.ew, traveller),
        lead.join(["", *_fields(line, cells, w, whist), ""]),
        _computed(line, cells),
        _ruling_link(line, w),
    ]
    errors = " has-errors" if cells["has_errors"] else ""
    tr = f'<tr class="line{errors}" id="row-{_out(cells["prefix"])}">'
    return f"\n      {tr}{lead}{lead.join(parts)}\n      </tr>\n      "


def _adjusted(line: Line, w: _Words, traveller: bool, ruled: Callable[[str, str], str]) -> str:
    row = line.row
    ns = _out(row.ns_entry.label if row.ns_entry is not None else "")
    ew = _out(row.ew_entry.label if row.ew_entry is not None else "")
    kind = _out(line.result.get_kind_display() if line.result is not None else "")
    return (
        f'\n      <tr class="line adjusted">\n        {_where(line, traveller, "<td></td>")}\n'
        f"        <td>{ns}</td><td>{ew}</td>\n"
        f'        <td colspan="8">{ruled(kind, w.rulings_url)}</td>\n      </tr>\n      '
    )


def line_rows(lines: Sequence[Line], *, session_id: int, letter: str, traveller: bool, whist: bool) -> SafeString:
    """The `<tbody>` rows of the entry page: an editable row per typed line, a ruling's row otherwise."""
    w = _Words.of(session_id, letter)
    template = gettext('%(kind)s by ruling — <a href="%(url)s">change it on the rulings page</a>')

    def ruled(kind: str, url: str) -> str:
        return template % {"kind": kind, "url": url}

    rows = [
        _editable(line, w, traveller, whist) if line.editable else _adjusted(line, w, traveller, ruled)
        for line in lines
    ]
    return mark_safe("".join(f"\n      {row}\n    " for row in rows))  # every value escaped, each word once
