"""A party game's round typed deal by deal at a table of four (whist, five hundred, cinch): each deal is
checked and scored by the game's own laws (:mod:`.games`), and the pair totals are saved through
``services.record_totals`` in the same transaction, with the deals as typed in the audit log.

What the scorer types per deal, seats named N, E, S, W: ``tricks`` (whist: North-South's tricks; five
hundred: the bidder's side's tricks; cinch: the bidder's side's points), ``bidder`` and ``bid`` (five hundred,
cinch) and ``against`` (cinch: the other side's points).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from tournaments.core.actors import Actor
from tournaments.parties import games, services
from tournaments.parties.games import GameError
from tournaments.parties.models import PartyTable
from tournaments.parties.services import EntryError
from tournaments.parties.types import LEFT

__all__ = ["game_entry", "record_game_deals"]


def _number(value: Any, deal: int, field: str) -> int:
    try:
        return int(str(value).strip())
    except ValueError:
        raise EntryError(f"Deal {deal}: write a whole number.", deal=deal, field=field) from None


def game_entry(form: str, row: Mapping[str, Any], seats: Mapping[str, str], deal: int) -> dict[str, Any]:
    """One typed row as the game's ``score_deals`` reads it (seat letters become the players)."""
    if form == "whist":
        return {"tricks": _number(row.get("tricks"), deal, "tricks")}
    bidder_seat = str(row.get("bidder") or "")
    if bidder_seat not in seats:
        raise EntryError(f"Deal {deal}: who was the bidder? Choose N, E, S or W.", deal=deal, field="bidder")
    bidder = seats[bidder_seat]
    made = _number(row.get("tricks"), deal, "tricks")
    if form == "five-hundred":
        if not 0 <= made <= 10:
            raise EntryError(f"Deal {deal}: the bidders took 0 to 10 tricks.", deal=deal, field="tricks")
        opponent = seats[LEFT[bidder_seat]]
        return {"bidder": bidder, "bid": str(row.get("bid") or ""), "tricks": {bidder: made, opponent: 10 - made}}
    return {
        "bidder": bidder,
        "bid": _number(row.get("bid"), deal, "bid"),
        "made": made,
        "against": _number(row.get("against"), deal, "against"),
    }


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
    if form not in services.TOTALS_GAMES:
        raise EntryError("This party's deals are entered on the bridge score pad.")
    if not rows:
        raise EntryError("Write at least one deal.")
    players = [str(table.north_id), str(table.east_id), str(table.south_id), str(table.west_id)]
    seats = dict(zip("NESW", players, strict=True))
    entries = [game_entry(form, row, seats, n) for n, row in enumerate(rows, start=1)]
    try:
        scores = games.game(form).score_deals(entries, players)
    except GameError as exc:
        raise EntryError(str(exc), deal=exc.deal or None, field=exc.field or None) from exc
    ns, ew = sum(s[players[0]] for s in scores), sum(s[players[1]] for s in scores)
    return services.record_totals(
        actor=actor, table=table, ns_total=ns, ew_total=ew, host_choice=host_choice, why=why, hands=rows
    )
