"""A party game's round typed deal by deal at a table of four (whist, five hundred, cinch, solo): each deal is
checked and scored by the game's own laws (:mod:`.games`), and the pair totals are saved through
``score_pads.record_totals`` (solo: each seat's chips through ``score_pads.record_seat_totals``) in the same
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

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.parties import games, hand_services, score_pads, services
from tournaments.parties.entries import INDIVIDUAL_GAMES, MAX_POINTS, TOTALS_GAMES, check_why
from tournaments.parties.finishing import bump_party, refuse_if_finished
from tournaments.parties.games import GameError
from tournaments.parties.models import Party, PartyRound, PartyTable
from tournaments.parties.services import EntryError
from tournaments.parties.types import LEFT, SEATS, TableSeating

__all__ = ["game_entry", "record_game_deals", "record_seat_counts", "seat_round"]


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
    cut: str | None = None,
) -> PartyTable:
    """Score a game's deals by its laws and save the pairs' totals; a bad deal names its number and field.

    ``cut``: the seats a cut already made at the table sent up (a pair, "NS" or "EW"; solo's two, "NE"), if a tie
    calls for a cut."""
    form = table.round.party.form
    if form not in TOTALS_GAMES:
        raise EntryError(_("This party's deals are entered on the bridge score pad."))
    if not rows:
        raise EntryError(_("Write at least one deal."))
    players = [str(table.north_id), str(table.east_id), str(table.south_id), str(table.west_id)]
    seats = dict(zip("NESW", players, strict=True))
    entries = [game_entry(form, row, seats, n) for n, row in enumerate(rows, start=1)]
    if form in INDIVIDUAL_GAMES:
        return _record_individual(actor, table, entries, rows, why, cut)
    try:
        scores = games.game(form).score_deals(entries, players)
    except GameError as exc:
        raise _entry_error(exc) from exc
    ns, ew = sum(s[players[0]] for s in scores), sum(s[players[1]] for s in scores)
    return score_pads.record_totals(
        actor=actor, table=table, ns_total=ns, ew_total=ew, host_choice=host_choice, why=why, hands=rows, cut=cut
    )


def _record_individual(
    actor: Actor,
    table: PartyTable,
    entries: Sequence[Mapping[str, Any]],
    rows: Sequence[Mapping[str, Any]],
    why: str,
    cut: str | None,
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
    return score_pads.record_seat_totals(actor=actor, table=table, totals=totals, hands=rows, why=why, cut=cut)


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
    return score_pads.record_seat_totals(actor=actor, table=table, totals=totals, hands=(), why=why)


def _check_seating(party: Party, seating: Sequence[TableSeating]) -> None:
    """Every table of the party once, its guests in every seat (N, E, S, W, or five hundred's 1 to 6), nobody
    twice."""
    known = {str(pk) for pk in party.guests.values_list("pk", flat=True)}
    seated = [who for t in seating for who in t.seats.values()]
    if sorted(t.table for t in seating) != list(range(1, party.tables + 1)):
        raise EntryError(_("Seat every table of the party once."), field="seating")
    if party.hands != len(SEATS):
        if any(sorted(t.seats) != [str(n) for n in range(1, party.hands + 1)] for t in seating):
            message = _("Seat %(hands)s players at every table, in seats 1 to %(hands)s.")
            raise EntryError(message % {"hands": party.hands}, field="seating")
    elif any(sorted(t.seats) != sorted(SEATS) for t in seating):
        raise EntryError(_("Seat four players at every table: North, East, South and West."), field="seating")
    if len(set(seated)) != len(seated) or not set(seated) <= known:
        raise EntryError(_("Seat each guest of the party at one place only."), field="seating")


def _table(seating: TableSeating) -> int:
    return seating.table


@transaction.atomic
def seat_round(
    *, actor: Actor, party: Party, number: int, seating: Sequence[TableSeating], why: str = ""
) -> PartyRound:
    """Seat round ``number`` as it was played (the seats written down at the tables, or a simulated party):
    the next round once every table has entered the current one, instead of the progression Bridgedesk calls."""
    party = Party.objects.select_for_update().get(pk=party.pk)
    refuse_if_finished(party, "play another round")
    if party.status != Party.Status.PLAYING:
        raise EntryError(_("The party is not in play."))
    current = party.rounds.order_by("-number").first()
    if current is None or number != current.number + 1:
        raise EntryError(_("Only the next round can be seated."), field="seating")
    if any(not t.entered for t in current.tables.all()):
        raise EntryError(_("Every table must enter round %(number)s first.") % {"number": current.number})
    _check_seating(party, seating)
    current.progressed = True
    current.save(update_fields=["progressed", "updated_at"])
    if party.hands != len(SEATS):  # five hundred at three, five or six: seats 1 to 6
        players = [[int(t.seats[str(n)]) for n in range(1, party.hands + 1)] for t in sorted(seating, key=_table)]
        rnd = hand_services.save_round(party, number, players)
    else:
        rnd = services._save_round(party, number, seating)
    audit.record(
        actor=actor,
        action=AuditAction.PARTY_PROGRESSION,
        target=rnd,
        new={"round": number, "seating": [{"table": t.table, **t.seats} for t in seating]},
        why=check_why(why) or "seated as played",
    )
    bump_party(party.pk)
    return rnd
