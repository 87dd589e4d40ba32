"""A party game's round typed deal by deal at a table of four (whist, five hundred, cinch, solo): each deal is
checked and scored by the game's own laws (:mod:`.games`), and the pair totals are saved through
``services.record_totals`` (solo: each seat's chips through ``services.record_seat_totals``) in the same
transaction, with the deals as typed in the audit log. Solo may also be typed as the chips counted at the table.

What the scorer types per deal, seats named N, E, S, W: ``tricks`` (whist: North-South's tricks; five
hundred: the bidder's side's tricks; cinch: the bidder's side's points), ``bidder`` and ``bid`` (five hundred,
cinch) and ``against`` (cinch: the other side's points); solo: ``bidder``, ``bid`` (frog ... heart, or pass),
``double`` (0, 1 doubled, 2 redoubled) and ``points`` (the bidder's card points of 120), each seat scored alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.core.actors import Actor
from tournaments.parties import games, services
from tournaments.parties.entries import INDIVIDUAL_GAMES, MAX_POINTS, TOTALS_GAMES
from tournaments.parties.games import GameError
from tournaments.parties.models import PartyTable
from tournaments.parties.services import EntryError
from tournaments.parties.types import LEFT, SEATS

__all__ = ["game_entry", "record_game_deals", "record_seat_counts"]


def _entry_error(exc: GameError) -> EntryError:
    """The game's message in the reader's language when the game marked it for the translators."""
    return EntryError(str(exc), deal=exc.deal or None, field=exc.field or None)


def game_entry(form: str, row: Mapping[str, Any], seats: Mapping[str, str], deal: int) -> dict[str, Any]:
    """One typed row as the game's ``score_deals`` reads it (seat letters become the players)."""
    try:
        return games.game(form).typed_entry(row, seats, deal)
    except GameError as exc:
        raise _entry_error(exc) from exc


@transaction.atomic
def record_game_deals(
    *,
    actor: Actor,
    table: PartyTable,
    rows: Sequence[Mapping[str, Any]],
    host_choice: str | None = None,
    why: str = "",
) -> PartyTable:
    """Score a game's deals by its laws and save the pairs' totals; a bad deal names its number and field."""
    form = table.round.party.form
    if form not in TOTALS_GAMES:
        raise EntryError(_("This party's deals are entered on the bridge score pad."))
    if not rows:
        raise EntryError(_("Write at least one deal."))
    players = [str(table.north_id), str(table.east_id), str(table.south_id), str(table.west_id)]
    seats = dict(zip("NESW", players, strict=True))
    entries = [game_entry(form, row, seats, n) for n, row in enumerate(rows, start=1)]
    if form in INDIVIDUAL_GAMES:
        return _record_individual(actor, table, entries, rows, why)
    try:
        scores = games.game(form).score_deals(entries, players)
    except GameError as exc:
        raise _entry_error(exc) from exc
    ns, ew = sum(s[players[0]] for s in scores), sum(s[players[1]] for s in scores)
    return services.record_totals(
        actor=actor, table=table, ns_total=ns, ew_total=ew, host_choice=host_choice, why=why, hands=rows
    )


def _record_individual(
    actor: Actor, table: PartyTable, entries: Sequence[Mapping[str, Any]], rows: Sequence[Mapping[str, Any]], why: str
) -> PartyTable:
    """Solo: the deals in the order dealt (the first dealer first, then to the left); each seat keeps its own."""
    rules = games.game(table.round.party.form)
    order: list[str] = [table.first_dealer]
    while len(order) < len(SEATS):
        order.append(LEFT[order[-1]])
    by_seat: dict[str, str] = {s: str(getattr(table, f"{services.SEAT_FIELDS[s]}_id")) for s in SEATS}
    try:  # each typed deal first, so a mistake is shown at its deal
        scores = rules.score_deals(entries, [by_seat[s] for s in order])
    except GameError as exc:
        raise _entry_error(exc) from exc
    deals = rules.round_end(len(SEATS)).deals
    if len(entries) != deals:
        raise EntryError(
            _("A round of %(label)s is %(deals)s deals, one dealt by each player: %(n_entries)s typed.")
            % {"label": rules.label, "deals": deals, "n_entries": len(entries)}
        )
    totals: dict[str, int] = {s: sum(deal[by_seat[s]] for deal in scores) for s in SEATS}
    return services.record_seat_totals(actor=actor, table=table, totals=totals, hands=rows, why=why)


def record_seat_counts(*, actor: Actor, table: PartyTable, counts: Mapping[str, Any], why: str = "") -> PartyTable:
    """Solo typed as each player's chips for the round (counted at the table), checked by the game's laws."""
    rules = games.game(table.round.party.form)
    if table.round.party.form not in INDIVIDUAL_GAMES:
        raise EntryError(_("%(label)s is entered as the pairs' totals.") % {"label": rules.label})
    totals: dict[str, int] = {}
    for seat in SEATS:
        value = counts.get(seat)
        if isinstance(value, bool) or not isinstance(value, int) or not -MAX_POINTS <= value <= MAX_POINTS:
            raise EntryError(
                _("Write %(title)s's chips as a whole number.") % {"title": services.SEAT_FIELDS[seat].title()},
                field=seat,
            )
        totals[seat] = value
    try:
        rules.check_totals([totals[s] for s in SEATS], rules.round_end(len(SEATS)).deals)
    except GameError as exc:
        raise EntryError(str(exc), field=exc.field or None) from exc
    return services.record_seat_totals(actor=actor, table=table, totals=totals, hands=(), why=why)
