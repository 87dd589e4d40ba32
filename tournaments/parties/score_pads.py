"""The score pad's writes for a progressive party: a table's round entered as the pairs' totals, each seat's
totals (an individual game such as solo) or bridge deals, and who won the table (a tie settled by the party's
rule, or by a cut already made at the table).

Each function locks the table, runs in one transaction and writes what changed to the audit log; bad input raises
:class:`EntryError` (naming the deal and field) with a message for the host. The party's lifecycle (set-up, the
draw, the progression) is in :mod:`.services`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.parties import games
from tournaments.parties.deals import DealEntry, DealError
from tournaments.parties.entries import INDIVIDUAL_GAMES, EntryError, check_game_totals, check_why
from tournaments.parties.finishing import bump_party, locked_table
from tournaments.parties.models import PartyDeal, PartyTable
from tournaments.parties.progression import table_winner
from tournaments.parties.selectors import seating_of
from tournaments.parties.services import SEAT_FIELDS
from tournaments.parties.snapshots import table_snapshot
from tournaments.parties.types import PartyError

__all__ = ["GAME_TIE_RULES", "record_deals", "record_seat_totals", "record_totals"]


def _tie_rng(table: PartyTable) -> random.Random:
    """The cut for a tie at a table, reproducible: seeded as ``services._rng(party, "tie", round, table)``."""
    party = table.round.party
    return random.Random(":".join(str(p) for p in (party.seed, "tie", table.round.number, table.number)))


def _settle(
    table: PartyTable,
    ns_total: int,
    ew_total: int,
    deal_scores: Sequence[tuple[int, int]],
    host_choice: str | None,
    cut: str | None = None,
) -> tuple[str, str]:
    party = table.round.party
    try:
        winner, how = table_winner(
            ns_total,
            ew_total,
            party.tie_rule,
            deal_scores=deal_scores,
            rng=_tie_rng(table),
            host_choice=host_choice or None,
            cut=cut,
        )
    except PartyError as exc:
        raise EntryError(str(exc), field="host_choice") from exc
    if table.round.progressed and table.winner and winner != table.winner:
        raise EntryError(
            f"The progression after round {table.round.number} has been called with the "
            f"{table.get_winner_display()} pair as winners; this correction would change who moved. "
            "Check the scores with the table."
        )
    return winner, how


@transaction.atomic
def record_totals(
    *,
    actor: Actor,
    table: PartyTable,
    ns_total: Any,
    ew_total: Any,
    host_choice: str | None = None,
    why: str = "",
    hands: Sequence[Mapping[str, Any]] = (),
    cut: str | None = None,
) -> PartyTable:
    """Enter just the two totals for a table's round (the deals, if any were entered, are dropped).

    ``hands``: a party game's deals as typed, when the totals were scored from them (kept in the audit log);
    ``cut``: the pair a cut already made at the table sent up ("NS", "EW"), used if a tie calls for a cut.
    """
    why = check_why(why)
    table = locked_table(table)
    old = table_snapshot(table)
    ns_total, ew_total = check_game_totals(table.round.party, ns_total, ew_total)
    winner, how = _settle(table, ns_total, ew_total, (), host_choice, cut)
    table.deals.all().delete()
    table.entry, table.ns_total, table.ew_total = PartyTable.Entry.TOTALS, ns_total, ew_total
    table.winner, table.decided_by = winner, how
    table.save()
    new = {**table_snapshot(table), "hands": [dict(h) for h in hands]} if hands else table_snapshot(table)
    audit.record(actor=actor, action=AuditAction.PARTY_TABLE, target=table, old=old, new=new, why=why)
    bump_party(table.round.party_id)
    return table


def _recorded_cut(seats: Mapping[str, str], totals: Mapping[str, int], moving: int, cut: str) -> tuple[str, ...]:
    """The progressors a cut already made at the table chose (``cut``: their seats, "NE"), if the laws allow them:
    as many as the laws move, none below anyone left behind."""
    chosen = tuple(seats[s] for s in SEAT_FIELDS if s in cut)
    rest = [totals[seats[s]] for s in SEAT_FIELDS if s not in cut]
    if len(chosen) != moving or len(set(cut)) != len(cut) or not set(cut) <= set(SEAT_FIELDS):
        raise EntryError(_("The cut names players who cannot progress from this table."), field="cut")
    if rest and min(totals[p] for p in chosen) < max(rest):
        raise EntryError(_("The cut names players who cannot progress from this table."), field="cut")
    return chosen


# The party's tie rule as an individual game's laws name it (``games.base.TIE_RULES``).
GAME_TIE_RULES = {"last_deal": "cut", "cut": "cut", "north_south": "first_seat", "host": "ask"}


@transaction.atomic
def record_seat_totals(
    *,
    actor: Actor,
    table: PartyTable,
    totals: Mapping[str, int],
    hands: Sequence[Mapping[str, Any]],
    why: str = "",
    cut: str | None = None,
) -> PartyTable:
    """An individual game's round (solo): each seat's own total, scored from ``hands`` (or counted at the table
    when there are none); the game's laws say who moves up.

    ``cut``: the seats a cut already made at the table sent up ("NE"), used if a tie calls for a cut."""
    why = check_why(why)
    table = locked_table(table)
    party = table.round.party
    if party.form not in INDIVIDUAL_GAMES or sorted(totals) != sorted(SEAT_FIELDS):
        raise EntryError(
            _("%(get_form_display)s is not entered seat by seat.") % {"get_form_display": party.get_form_display()}
        )
    seats = seating_of(table).seats
    players = [seats[s] for s in SEAT_FIELDS]
    by_player = {seats[s]: totals[s] for s in SEAT_FIELDS}
    try:
        moving, how = games.game(party.form).progressors(
            players, by_player, GAME_TIE_RULES[party.tie_rule], _tie_rng(table)
        )
    except PartyError as exc:
        raise EntryError(str(exc), field="host_choice") from exc
    if cut and how == "cut":
        moving = _recorded_cut(seats, by_player, len(moving), cut)
    winner = "".join(s for s in SEAT_FIELDS if seats[s] in moving)
    if table.round.progressed and table.winner and winner != table.winner:
        raise EntryError(
            f"The progression after round {table.round.number} has been called with "
            f"{table.get_winner_display()} moving up; this correction would change who moved."
        )
    old = table_snapshot(table)
    table.deals.all().delete()
    table.entry = PartyTable.Entry.DEALS if hands else PartyTable.Entry.TOTALS
    table.seat_totals = {s: int(totals[s]) for s in SEAT_FIELDS}
    table.ns_total, table.ew_total = totals["N"] + totals["S"], totals["E"] + totals["W"]
    table.winner, table.decided_by = winner, how
    table.save()
    new = {**table_snapshot(table), "hands": [dict(h) for h in hands]}
    audit.record(actor=actor, action=AuditAction.PARTY_TABLE, target=table, old=old, new=new, why=why)
    bump_party(table.round.party_id)
    return table


@transaction.atomic
def record_deals(
    *,
    actor: Actor,
    table: PartyTable,
    deals: Sequence[DealEntry],
    host_choice: str | None = None,
    why: str = "",
    cut: str | None = None,
) -> PartyTable:
    """Enter a table's round deal by deal; each deal is scored by the party rules, the totals are the sums.

    ``cut``: the pair a cut already made at the table sent up ("NS", "EW"), used if a tie calls for a cut."""
    why = check_why(why)
    table = locked_table(table)
    party = table.round.party
    rules = games.game(party.form)
    if rules.deals_message:
        raise EntryError(_(rules.deals_message) % {"get_form_display": party.get_form_display()})
    try:
        scored, premium = rules.score_bridge_round(table.first_dealer, party.vulnerability, deals)
    except DealError as exc:
        raise EntryError(str(exc), deal=exc.deal, field=exc.field) from exc
    except PartyError as exc:
        raise EntryError(str(exc)) from exc
    lines = [
        PartyDeal(
            number=d.deal, dealer=d.dealer, vulnerable=d.vulnerable, contract=d.contract,
            declarer=d.declarer or "", tricks=d.tricks, honors_side=d.honors_side or "",
            honors_points=d.honors_points, ns=d.ns, ew=d.ew,
        )
        for d in scored
    ]  # fmt: skip
    old = table_snapshot(table)
    ns_total = sum(d.ns for d in lines) + premium[0]
    ew_total = sum(d.ew for d in lines) + premium[1]
    winner, how = _settle(table, ns_total, ew_total, [(d.ns, d.ew) for d in lines], host_choice, cut)
    table.deals.all().delete()
    for d in lines:
        d.table = table
    PartyDeal.objects.bulk_create(lines)
    table.entry, table.ns_total, table.ew_total = PartyTable.Entry.DEALS, ns_total, ew_total
    table.winner, table.decided_by = winner, how
    table.save()
    audit.record(actor=actor, action=AuditAction.PARTY_TABLE, target=table, old=old, new=table_snapshot(table), why=why)
    bump_party(party.pk)
    return table
