"""A party round page's tables, written in Python: a card per table with its seats, its result and its button.
Through the template engine each table was ``_seats.html`` and a dozen tags (issue 24: at most x1.5 from 15 to
60 tables); here each translated word is looked up once per page, and the cards are written once per party version
and language (`kept_round`), so that a host's poll after a table's score reads no table. The entry pages still use
``_seats.html``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import connection
from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from tournaments.core.once import get_or_build
from tournaments.parties.models import Party, PartyGuest, PartyRound, PartyTable
from tournaments.parties.selectors import STANDINGS_TTL_SECONDS, party_stamp

GUEST_FIELDS = ("north", "east", "south", "west", "fifth", "sixth", "sitting_out")


def _v(value: object) -> str:
    """A value as the template engine shows it (escaped, numbers in the language's form, "" for a missing one)."""
    return escape(localize(value))


def _name(guest: PartyGuest | None) -> str:
    return f"<bdi>{escape(guest.name)}</bdi>" if guest is not None else ""


class _Words:
    """The page's translated words, looked up once."""

    def __init__(self) -> None:
        self.deals = f' <span class="badge deals">{escape(gettext("deals first"))}</span>'
        self.head = f' <span class="badge">{escape(gettext("head"))}</span>'
        self.table, self.seats = gettext("Table %(number)s"), gettext("Seats at table %(table)s")
        self.sits = gettext("%(name)s sits out this round.")
        self.up, self.tie_up = gettext("%(get_winner_display)s move up"), gettext("(tie: %(tie_label)s)")
        self.won, self.tie_won = gettext("%(get_winner_display)s won"), gettext("the tie (%(tie_label)s)")
        self.correct, self.enter = gettext("Correct table %(number)s"), gettext("Enter table %(number)s")
        # each side's label translated once (`get_winner_display` per table hashed and translated a lazy label)
        self.sides = {str(value): str(label) for value, label in PartyTable.Side.choices}

    def winner(self, t: PartyTable) -> str:
        """`t.get_winner_display()`, from the labels looked up once."""
        return self.sides.get(t.winner, t.winner)


def _seats(t: PartyTable, w: _Words) -> str:
    label = escape(w.seats % {"table": t.number})
    numbered = t.numbered_seats
    if numbered:
        items = "".join(
            f'<li><span class="seat-letter">{escape(s)}</span> {_name(g)}{w.deals if i == 0 else ""}</li>'
            for i, (s, g) in enumerate(numbered)
        )
        html = f'<ol class="party-hand-seats" aria-label="{label}">{items}</ol>'
    else:
        where = {"N": ("n", t.north), "W": ("w", t.west), "E": ("e", t.east), "S": ("s", t.south)}
        divs = [
            f'<div class="pc-{css}"><span class="seat-letter">{seat}</span> {_name(g)}'
            f"{w.deals if t.first_dealer == seat else ''}</div>"
            for seat, (css, g) in where.items()
        ]
        divs.insert(2, f'<div class="pc-table">{int(t.number)}</div>')
        html = f'<div class="party-compass" aria-label="{label}">\n  ' + "\n  ".join(divs) + "\n</div>"
    if t.sitting_out is not None:
        html += f'\n<p class="muted">{w.sits % {"name": _name(t.sitting_out)}}</p>'
    return html


def _result(t: PartyTable, w: _Words) -> str:
    tie = t.tie_label
    if t.seat_totals:
        s = t.seat_totals
        if t.numbered_seats:
            rows = t.numbered_results
            spans = "".join(f"<span>{escape(n)} {_name(g)} <strong>{_v(p)}</strong></span> " for n, g, p in rows)
        else:
            four = (("N", t.north), ("E", t.east), ("S", t.south), ("W", t.west))
            spans = " ".join(f"<span>{n} {_name(g)} <strong>{_v(s.get(n, ''))}</strong></span>" for n, g in four)
        movers = w.winner(t) if t.hands == 4 else t.movers_label
        won = w.up % {"get_winner_display": escape(movers)}
        tied = " " + w.tie_up % {"tie_label": escape(tie)} if tie else ""
        return f'<p class="result-line"><span class="seat-totals">{spans}</span></p>\n<p class="winner">{won}{tied}</p>'
    line = f"<span>N-S <strong>{_v(t.ns_total)}</strong></span> <span>E-W <strong>{_v(t.ew_total)}</strong></span>"
    won = w.won % {"get_winner_display": escape(w.winner(t))}
    tied = " " + w.tie_won % {"tie_label": escape(tie)} if tie else ""
    return f'<p class="result-line">{line}</p>\n<p class="winner">{won}{tied}</p>'


def table_cards(party: Party, rnd: PartyRound, tables: Sequence[PartyTable]) -> SafeString:
    """A <section> per table of the round: its seats, then its result and "Correct", or the "Enter" button."""
    w = _Words()
    cards = []
    mark = 987654321  # the table number in a URL reversed once, then put in for each table
    url_of = escape(reverse("parties:table", args=[party.pk, rnd.number, mark]))
    for t in tables:
        url = url_of.replace(str(mark), str(int(t.number)))
        title = w.table % {"number": t.number}
        head = w.head if party.tables > 1 and t.number == 1 else ""
        if t.entered:
            action = f'{_result(t, w)}\n<a class="button" href="{url}">{w.correct % {"number": t.number}}</a>'
        else:
            action = f'<a class="button big primary" href="{url}">{w.enter % {"number": t.number}}</a>'
        cards.append(
            f'<section class="card party-table{" entered" if t.entered else ""}" id="table-{int(t.number)}">\n'
            f"<h2>{title}{head}</h2>\n{_seats(t, w)}\n{action}\n</section>\n"
        )
    return mark_safe("".join(cards))  # every value above is escaped or a number


@dataclass(frozen=True)
class KeptRound:
    """What a round's page shows of its tables, written once per party version and language: the cards' HTML and
    the two facts the page's buttons depend on."""

    number: int
    cards: str  # table_cards' HTML: every value escaped
    all_entered: bool
    is_last: bool  # no later round is seated yet

    @property
    def table_cards(self) -> SafeString:
        return mark_safe(self.cards)  # written by table_cards


def kept_round(party: Party, number: int) -> KeptRound | None:
    """Round `number` of the party as its page shows it (None: no such round), kept in Django's cache per party
    version (core/once.py: built once per change however many pages ask), outside a transaction only."""
    if connection.in_atomic_block:
        return _round_now(party, number)
    kept, _stale = get_or_build(
        f"party-round:v1:{party_stamp(party)}:{number}", lambda: _round_now(party, number), ttl=STANDINGS_TTL_SECONDS
    )
    return kept


def _round_now(party: Party, number: int) -> KeptRound | None:
    """The round's tables with their guests; not their deals, which the cards do not show."""
    rnd = party.rounds.filter(number=number).first()
    if rnd is None:
        return None
    tables = list(rnd.tables.select_related(*GUEST_FIELDS).order_by("number"))
    is_last = not party.rounds.filter(number__gt=number).exists()
    cards = str(table_cards(party, rnd, tables))
    return KeptRound(number, cards, all(t.entered for t in tables), is_last)
