"""A party's table at the one table terminal: the table API's answers for a party table's link (tableside/api.py
dispatches here when `link.is_party`), on the one phone page `/t/<token>/` with its offline queue and push.

The state names the current round's guests at this table and what is entered; the table sends its round with a
`kind` discriminator in the one result shape, each kind written through the party's write gateway (locked,
audited, the party's version bumped, checked by the finished guard):

- `totals`: `ns_total`, `ew_total` (the pairs' totals; euchre, whist, five hundred, cinch, and bridge too);
- `deals`: `deals`, a list of {contract, declarer, tricks, honors ("NS100")} (progressive, pivot, rubber bridge);
- `games`: `deals`, the game's rows as the host's page types them (whist, five hundred, cinch, solo: see
  parties/game_services.py; five hundred at three, five or six a table: the seats' rows of
  parties/hand_services.py, the only kind such a table sends);
- `seats`: `seats`, {"N": chips, ...} (solo counted at the table).

Each carries `round` (the round the phone showed) and `seen` (the state's `seen`: what the table held when the
phone showed it). A resend of what is already stored answers 200 (`repeat`), the offline queue's second try; a
table changed by someone else since the phone showed it is refused with 409 and what is there now, so a phone
never writes over the host's correction unseen; a finished party answers 403 with the code `finished`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.core import writers
from tournaments.core.errors import DomainError, status_of
from tournaments.parties import game_services, games, hand_services, score_pads
from tournaments.parties.deals import DealEntry
from tournaments.parties.entries import INDIVIDUAL_GAMES, TOTALS_GAMES, EntryError
from tournaments.parties.finishing import refuse_if_finished
from tournaments.parties.models import Party, PartyRound, PartyTable
from tournaments.parties.types import SEATS
from tournaments.tableside.models import TableLink
from tournaments.tableside.services import Outcome

__all__ = ["entry_kinds", "party_state", "preview_party", "submit_party"]


def entry_kinds(form: str, hands: int = 4) -> list[str]:
    """The kinds of entry a party table of this form (and of ``hands`` players) may send, the phone's default
    first. A table of three, five or six is scored deal by deal only: its seats' totals come from the deals."""
    if hands != 4:
        return ["games"]
    if form in INDIVIDUAL_GAMES:
        return ["seats", "games"]
    if form in TOTALS_GAMES:
        return ["totals", "games"]
    if not games.game(form).deals_message:  # the bridge games: contract, declarer and tricks
        return ["totals", "deals"]
    return ["totals"]  # euchre: the pairs' points


def game_pad(form: str, players: int = 4) -> dict[str, Any]:
    """What the phone types per deal of a party game (`games` kind): the game module's fields with their labels
    in the page's language, how many rows to show (a round's deals; at a bell game four, more on demand). At a
    table of three, five or six the module's seats say the fields (`seat_deal_fields`: a seat's tricks each)."""
    rules = games.game(form)
    fields: tuple[tuple[str, str], ...] = rules.deal_fields
    if players != 4:
        by_seats = getattr(rules, "seat_deal_fields", None)
        fields = by_seats(players) if by_seats is not None and players in rules.table_sizes else ()
    if not fields:
        return {}
    end = rules.round_end(players)
    return {
        "deal_fields": [{"field": name, "label": _field_label(name, label)} for name, label in fields],
        "deal_rows": 4 if end.bell else end.deals,
        "more_deals": bool(end.bell),
    }


def _field_label(name: str, label: str) -> str:
    """A deal field's label in the page's language; a seat's own field names its seat ("Tricks, seat 3")."""
    seat = name.rpartition("_")[2]
    return _(label) % {"seat": seat} if "%(seat)s" in label else _(label)


def _current(party: Party) -> PartyRound | None:
    return party.rounds.order_by("-number").first()


def _table(link: TableLink, rnd: PartyRound | None) -> PartyTable | None:
    if rnd is None:
        return None
    found = PartyTable.objects.filter(round=rnd, number=link.table)
    return found.select_related("north", "east", "south", "west", "sitting_out").first()


def seen_of(table: PartyTable | None) -> str:
    """What the table holds, as a short fingerprint ("" when nothing is entered): the phone sends it back."""
    if table is None or not table.entered:
        return ""
    deals = [(d.number, d.contract, d.declarer, d.tricks, d.honors_side, d.honors_points) for d in table.deals.all()]
    # JSON, not repr: a value just set is a choices enum member, the same value read back is a plain str.
    text = json.dumps([table.entry, table.ns_total, table.ew_total, sorted(table.seat_totals.items()), deals])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _result(table: PartyTable) -> dict[str, Any] | None:
    if not table.entered:
        return None
    return {
        "entry": table.entry,
        "ns_total": table.ns_total,
        "ew_total": table.ew_total,
        "seat_totals": table.seat_totals or None,
        "winner": table.winner,
        "winner_label": _winner_label(table),
        "tie": table.tie_label,
    }


def _winner_label(table: PartyTable) -> str:
    """Who moves up: the side (N-S, E-W) at a table of four; at three, five or six, the progressors' names."""
    if table.hands == 4 or not table.winner:
        return str(table.get_winner_display())
    seats = table.seats
    return ", ".join(seats[s].name for s in table.winner if s in seats)


def party_state(link: TableLink) -> dict[str, Any]:
    """What the party table's phone shows, as the JSON of the table API's state (`kind` "party")."""
    party = link.table_party
    rnd = _current(party)
    table = _table(link, rnd)
    waiting = [] if rnd is None else [t.number for t in rnd.tables.all() if not t.entered]
    hands = table.hands if table is not None else party.hands
    return {
        "kind": "party",
        "party": party.name,
        "form": party.form,
        "form_label": str(party.get_form_display()),
        "status": party.status,
        "table": link.table,
        "round": rnd.number if rnd is not None else None,
        "rounds": party.planned_rounds,
        "seats": None if table is None else {s: g.name for s, g in table.seats.items()},
        "sitting_out": table.sitting_out.name if table is not None and table.sitting_out else None,
        "first_dealer": table.first_dealer if table is not None else "N",
        "entry_kinds": entry_kinds(party.form, hands),
        "host_tie": party.tie_rule == Party.TieRule.HOST,
        "result": None if table is None else _result(table),
        "seen": seen_of(table),
        "waiting": waiting,
        "settings": {"opponents_confirm": False, "show_traveller": False},
    } | game_pad(party.form, hands)


def _number(value: Any, field: str) -> int:
    """A whole number as JSON or ASCII digits with an optional minus (five hundred's set-backs)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value if value is not None else "").strip()
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 6):
        raise EntryError(_("Write a whole number."), field=field)
    return int(text)


def _deal_entries(rows: Any) -> list[DealEntry]:
    if not isinstance(rows, list) or not rows:
        raise EntryError(_("Write at least one deal."), field="deals")
    entries = []
    for row in rows:
        if not isinstance(row, Mapping):
            raise EntryError(_("Write at least one deal."), field="deals")
        honors = str(row.get("honors") or "")
        side, points = (honors[:2], int(honors[2:])) if honors[2:].isascii() and honors[2:].isdigit() else (None, 0)
        tricks = row.get("tricks")
        entries.append(
            DealEntry(
                contract=str(row.get("contract") or ""),
                declarer=str(row.get("declarer") or "") or None,
                tricks=None if tricks in (None, "") else str(tricks),
                honors_side=side,
                honors_points=points,
            )
        )
    return entries


def _writer(table: PartyTable, kind: str, data: Mapping[str, Any]) -> Callable[[], PartyTable]:
    """The party service that writes what the phone sent, checked to be one of this form's kinds of entry."""
    why = f"Entered at table {table.number}"
    host_choice = str(data.get("host_choice") or "") or None
    if kind not in entry_kinds(table.round.party.form, table.hands):
        raise EntryError(_("This party's tables do not send %(kind)r.") % {"kind": kind}, field="kind")
    if kind == "totals":
        ns, ew = _number(data.get("ns_total"), "ns_total"), _number(data.get("ew_total"), "ew_total")
        return lambda: score_pads.record_totals(
            actor=None, table=table, ns_total=ns, ew_total=ew, host_choice=host_choice, why=why
        )
    if kind == "seats":
        raw = data.get("seats")
        typed: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
        counts: dict[str, Any] = {s: _number(typed.get(s), s) for s in SEATS}
        return lambda: game_services.record_seat_counts(actor=None, table=table, counts=counts, why=why)
    rows = data.get("deals")
    if kind == "games":
        listed = rows if isinstance(rows, list) else []
        game_rows = [dict(r) for r in listed if isinstance(r, Mapping)]
        if table.hands != 4:  # five hundred at three, five or six: one deal a player, scored seat by seat
            return lambda: hand_services.record_hand_deals(actor=None, table=table, rows=game_rows, why=why)
        return lambda: game_services.record_game_deals(
            actor=None, table=table, rows=game_rows, host_choice=host_choice, why=why
        )
    deals = _deal_entries(rows)
    return lambda: score_pads.record_deals(actor=None, table=table, deals=deals, host_choice=host_choice, why=why)


class _Undo(Exception):
    """Raised inside a savepoint to roll back what a save wrote (a preview, a resend, a stale phone's send)."""


def _refusal(exc: DomainError) -> Outcome:
    body: dict[str, Any] = {"field": exc.field or "", "message": exc.message, "code": exc.code}
    deal = getattr(exc, "deal", None)
    if deal:
        body["deal"] = deal
    return Outcome(status_of(exc), body)


def _locked(link: TableLink, data: Mapping[str, Any]) -> PartyTable:
    """The link's table in the current round, locked; the round the phone showed must be the current one."""
    rnd = _current(link.table_party)
    table = _table(link, rnd)
    if rnd is None or table is None:
        raise EntryError(_("There is no table %(table)s this round.") % {"table": link.table}, field="round")
    if str(data.get("round") or "") != str(rnd.number):
        raise EntryError(
            _("The party is in round %(round)s now: reload the page (the host corrects an earlier round).")
            % {"round": rnd.number},
            field="round",
        )
    locked = PartyTable.objects.select_for_update().select_related("round__party").get(pk=table.pk)
    refuse_if_finished(locked.round.party, "change a table")
    return locked


def _decide(table: PartyTable, saved: PartyTable, seen: str, preview: bool) -> tuple[Outcome, bool]:
    """(the answer, whether to keep the write) once the save ran in its savepoint: what it stored is compared
    with what the table held (`before`) and with what the phone showed (`seen`)."""
    before, after = seen_of(table), seen_of(saved)
    if preview:
        return Outcome(200, {"round": saved.round.number, "result": _result(saved)}), False
    if after == before:  # already stored (the offline queue's resend): nothing to write
        return Outcome(200, {"status": "accepted", "repeat": True, "result": _result(table), "seen": before}), False
    if before != seen:
        message = _("Table %(table)s was changed since this page showed it: check it and send again.")
        return Outcome(409, {"message": message % {"table": table.number}, "now": _result(table)}), False
    body = {"status": "accepted", "round": saved.round.number, "result": _result(saved), "seen": after}
    return Outcome(201, body), True


def _run(link: TableLink, data: Mapping[str, Any], *, preview: bool) -> Outcome:
    """Lock the table, write what the phone sent through the party's services in a savepoint, and keep it only
    when it is new and the phone saw what was there (else roll it back: no row, no audit entry, no push)."""
    outcome: Outcome | None = None
    try:
        with writers.turn(writers.party(link.table_party.pk)), transaction.atomic():  # core/writers.py
            table = _locked(link, data)
            write = _writer(table, str(data.get("kind") or ""), data)
            try:
                with transaction.atomic():
                    outcome, keep = _decide(table, write(), str(data.get("seen") or ""), preview)
                    if not keep:
                        raise _Undo
            except _Undo:
                pass
    except DomainError as exc:
        return _refusal(exc)
    assert outcome is not None
    return outcome


def submit_party(link: TableLink, data: Mapping[str, Any]) -> Outcome:
    """A party table's round sent by its phone: 201 written, 200 already stored (a resend), 409 changed by someone
    else since the phone showed it (`now` holds what is there), 422 bad input, 403 a finished party."""
    return _run(link, data, preview=False)


def preview_party(link: TableLink, data: Mapping[str, Any]) -> Outcome:
    """The round as it would be stored (scored by the party's rules, who moves up), nothing written."""
    return _run(link, data, preview=True)
