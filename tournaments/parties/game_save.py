"""``party_demo --game G --save``: store a simulated party of the one engine as a real party, through the
write gateway (:mod:`.services`, :mod:`.game_services`): the same guests, each round seated as it was played
(``game_services.seat_round``), each table's deals typed as a scorer types them on the phone or host page."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from tournaments.core.actors import Actor
from tournaments.parties import game_services, games, services
from tournaments.parties.deals import DealEntry
from tournaments.parties.models import Party, PartyTable
from tournaments.parties.types import TableSeating

__all__ = ["SAVED_GAMES", "save_game"]

SAVED_GAMES = ("bridge", "cinch", "five-hundred", "rubber", "solo", "whist")
SEATS = "NESW"


def _typed(value: Any, seat_of: Mapping[str, str]) -> Any:
    """The simulation names the players; the score pad names their seats."""
    if isinstance(value, str):
        return seat_of.get(value, value)
    if isinstance(value, dict):
        return {seat_of.get(k, k): v for k, v in value.items()}
    return value


def _row(game: str, entry: Mapping[str, Any], seat_of: Mapping[str, str]) -> dict[str, Any]:
    """One simulated deal as the score pad's boxes: seats for players; the bidders' tricks or points."""
    row = {k: _typed(v, seat_of) for k, v in entry.items()}
    if game == "cinch":
        row["tricks"] = row.pop("made")
    elif game == "five-hundred":
        side = {p for p, seat in seat_of.items() if seat in ("NS" if seat_of[entry["bidder"]] in "NS" else "EW")}
        if str(entry["bid"]).upper() == "NULLO":  # the bidder plays nullo alone: his own tricks
            side = {entry["bidder"]}
        row["tricks"] = sum(n for p, n in entry["tricks"].items() if p in side)
    return row


def _deal(entry: Mapping[str, Any]) -> DealEntry:
    return DealEntry(
        entry["contract"], entry["declarer"], entry["tricks"], entry["honors_side"], entry["honors_points"]
    )


def _seating(tables: list[dict[str, Any]], pk_of: Mapping[str, str]) -> list[TableSeating]:
    """Each table's players clockwise from the first dealer, so the first dealer sits North."""
    return [
        TableSeating(table=t["table"], seats={s: pk_of[p] for s, p in zip(SEATS, t["players"], strict=True)})
        for t in tables
    ]


def _record_round(actor: Actor, party: Party, number: int, tables: list[dict[str, Any]]) -> None:
    for t in tables:
        table = PartyTable.objects.get(round__party=party, round__number=number, number=t["table"])
        seat_of = dict(zip(t["players"], SEATS, strict=True))
        rules = games.game(party.form)
        if rules.deal_fields:  # whist, five hundred, cinch, solo: the game's score pad
            rows = [_row(party.form, r["entry"], seat_of) for r in t["results"]]
            game_services.record_game_deals(actor=actor, table=table, rows=rows)
        elif not rules.deals_message:  # progressive bridge: the bridge score pad
            deals = [_deal(r["entry"]) for r in t["results"]]
            services.record_deals(actor=actor, table=table, deals=deals)
        else:  # progressive rubber: the two pairs' totals
            ns, ew = (sum(r["scores"][p] for r in t["results"]) for p in t["players"][:2])
            services.record_totals(actor=actor, table=table, ns_total=ns, ew_total=ew)


@transaction.atomic
def save_game(
    simulated: Mapping[str, Any], *, actor: Actor, tables: int, seed: int, tie_rule: str | None = None
) -> Party:
    """Store ``play_party``'s result (``party_demo --game G --json``); its tallies are the party's.

    A tie the party settles by its own cut (cinch's default) may fall the other way than the simulation's;
    ``tie_rule="half"`` (cinch) settles it the same way everywhere.
    """
    game = simulated["game"]
    rounds = simulated["rounds"]
    rules = {"tie_rule": tie_rule} if tie_rule in Party.TieRule.values else {}
    party = services.create_party(
        actor=actor, name=f"Demo {game} party (seed {seed})", date=datetime.date.today(), form=game,
        tables=tables, planned_rounds=len(rounds), **rules,
    )  # fmt: skip
    names = sorted(simulated["tallies"], key=lambda g: int(g[1:]))
    services.set_guests(actor=actor, party=party, text="\n".join(names))
    pk_of = dict(
        zip(names, (str(pk) for pk in party.guests.order_by("order").values_list("pk", flat=True)), strict=True)
    )
    first = _seating(rounds[0]["tables"], pk_of)
    services.start_party(
        actor=actor, party=party,
        assignment={who: (t.table, seat) for t in first for seat, who in t.seats.items()},
        first_dealers={t.table: "N" for t in first},
    )  # fmt: skip
    for number, rnd in enumerate(rounds, start=1):
        if number > 1:
            game_services.seat_round(actor=actor, party=party, number=number, seating=_seating(rnd["tables"], pk_of))
        _record_round(actor, party, number, rnd["tables"])
    services.finish_party(actor=actor, party=party)
    return party
