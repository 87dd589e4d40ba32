"""The party tallies page's rows, written in Python: a row per guest with a cell per round. Through the template
engine a 60-table party's tallies spent most of their time in a ``blocktranslate`` per guest per round (issue 24:
at most x1.5 from 15 to 60 tables); here each translated word is looked up once per page, and the rows are written
once per party version and language (`kept_tally_body`), as the standings they show are computed."""

from __future__ import annotations

from django.db import connection
from django.utils.formats import localize
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from tournaments.core.once import get_or_build
from tournaments.parties.models import Party, PartyGuest
from tournaments.parties.selectors import STANDINGS_TTL_SECONDS, Standings, TallyRow, party_stamp


def _num(value: object) -> str:
    """A number as the template engine shows it (a whole number as is, a half in the language's decimals)."""
    return str(value) if type(value) is int else escape(localize(value))


def _group_badges() -> dict[str, str]:
    """Each group's badge, its label translated once per page (`get_group_display` per guest was a third of the
    rows' time: a lazy label hashed and translated each time)."""
    return {
        str(value): f' <span class="badge">{escape(str(label))}</span>'
        for value, label in PartyGuest.Group.choices
        if value
    }


def _guest(row: TallyRow, badges: dict[str, str]) -> str:
    guest = row.guest
    html = f"<bdi>{escape(guest.name)}</bdi>"
    if guest.group:
        html += badges.get(guest.group) or f' <span class="badge">{escape(guest.get_group_display())}</span>'
    return html + "".join(f' <span class="badge prize-badge">{escape(p)}</span>' for p in row.prizes)


def _totals(st: Standings, row: TallyRow) -> str:
    """The net (or the game's own tally), or the euchre stars, before the round columns."""
    net = row.tally.net
    minus = "minus" if net < 0 else ""
    if st.game:
        return f'<td class="num net {minus}"><strong>{_num(net)}</strong></td>'
    if not st.euchre:
        return f'<td class="num net {minus}"><strong>{"+" if net > 0 else ""}{_num(net)}</strong></td>'
    s = row.stars
    return "".join(f'<td class="num">{_num(getattr(s, c) if s else "")}</td>' for c in ("gold", "red", "green"))


def tally_body(st: Standings) -> SafeString:
    """The tallies' <tbody> rows: place, guest (with group and prizes), totals, a cell per round, my/opponents."""
    missing = f'<td class="num round-col muted" title="{escape(gettext("not entered yet"))}">–</td>'
    table_word = gettext("table %(table)s")
    badges = _group_badges()
    titles: dict[int, str] = {}  # a table's cell title, escaped once
    game = st.game
    rows = []
    for row in st.rows:
        cells = []
        for r in row.cells:
            if not r:
                cells.append(missing)
                continue
            title = titles.get(r[1])
            if title is None:
                title = titles[r[1]] = escape(table_word % {"table": r[1]})
            value = _num(r[2]) if game else f"{_num(r[2])}/{_num(r[3])}"
            cells.append(f'<td class="num round-col" title="{title}">{value}</td>')
        mine = (
            "" if game else f'<td class="num">{_num(row.tally.my)}</td><td class="num">{_num(row.tally.opponents)}</td>'
        )
        rows.append(
            f'<tr><td class="num">{int(row.place)}</td><td>{_guest(row, badges)}</td>\n      {_totals(st, row)}\n'
            f"      {''.join(cells)}\n      {mine}</tr>\n"
        )
    return mark_safe("".join(rows))  # every value above is escaped or a number


def kept_tally_body(party: Party, st: Standings) -> SafeString:
    """`tally_body` of the party's standings `st` (read by this request at the party's version), written once per
    version and language and kept in Django's cache (a string: cheap to read back), outside a transaction only."""
    if connection.in_atomic_block:
        return tally_body(st)
    html, _stale = get_or_build(
        f"party-tallies:v1:{party_stamp(party)}", lambda: str(tally_body(st)), ttl=STANDINGS_TTL_SECONDS
    )
    return mark_safe(html)  # written by tally_body: every value escaped
