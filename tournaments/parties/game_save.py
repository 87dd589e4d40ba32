"""``party_demo --game G --save``: store a simulated party of the one engine as a real party, through the
write gateway (:mod:`.services`, :mod:`.game_services`, :mod:`.hand_services`): the same guests, each round
seated as it was played (``start_party``'s assignment, then ``game_services.seat_round``; pivot's draws and
five hundred's tables of three, five or six too), each table's deals typed as a scorer types them on the phone
or host page, and a tie settled by the cut the simulation made (its ``winners``), so the tallies are the same."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from tournaments.core.actors import Actor
from tournaments.parties import game_services, games, hand_services, score_pads, services
from tournaments.parties.deals import DealEntry
from tournaments.parties.models import Party, PartyTable
from tournaments.parties.types import TableSeating

__all__ = ["SAVED_GAMES", "save_game"]

SAVED_GAMES = ("bridge", "cinch", "euchre", "five-hundred", "pivot", "rubber", "solo", "whist")
SEATS = "NESW"
# The engine's tie rules (``games.base.TIE_RULES``) as the party's (``Party.TieRule``).
PARTY_TIE_RULES = {"cut": "cut", "half": "half", "first_seat": "north_south", "ask": "host"}


def _seat_names(size: int) -> str | list[str]:
    """A table of four sits N, E, S, W; five hundred's tables of three, five or six seats 1 to 6."""
    return SEATS if size == len(SEATS) else [str(n) for n in range(1, size + 1)]


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


def _hand_row(entry: Mapping[str, Any], seat_of: Mapping[str, str]) -> dict[str, Any]:
    """A deal at five hundred's table of three, five or six: the bidder's seat, the partners he named, each
    seat's tricks."""
    row: dict[str, Any] = {"bidder": seat_of[entry["bidder"]], "bid": entry["bid"]}
    row["partners"] = " ".join(seat_of[p] for p in entry.get("partners", ()))
    row.update({f"tricks_{seat_of[p]}": n for p, n in entry["tricks"].items()})
    return row


def _deal(entry: Mapping[str, Any]) -> DealEntry:
    return DealEntry(
        entry["contract"], entry["declarer"], entry["tricks"], entry["honors_side"], entry["honors_points"]
    )


def _seating(tables: list[dict[str, Any]], pk_of: Mapping[str, str]) -> list[TableSeating]:
    """Each table's players clockwise from the first dealer, so the first dealer sits North (seat 1); a
    single-table game's guest left out sits out."""
    seated = {p for t in tables for p in t["players"]}
    out = tuple(pk for name, pk in pk_of.items() if name not in seated)
    return [
        TableSeating(
            table=t["table"],
            seats={s: pk_of[p] for s, p in zip(_seat_names(len(t["players"])), t["players"], strict=True)},
            sitting_out=out if len(tables) == 1 else (),
        )
        for t in tables
    ]


def _cut(t: Mapping[str, Any], seat_of: Mapping[str, str]) -> str | None:
    """The seats the simulation's cut sent up at a tied table of four (a pair, "NS" or "EW"; solo's two highest,
    "NE"), else None."""
    if t.get("decided_by") not in ("cut", "half") or not t.get("winners"):
        return None
    won = {seat_of[p] for p in t["winners"]}
    return "".join(s for s in SEATS if s in won)


def _record_table(
    actor: Actor, party: Party, table: PartyTable, t: Mapping[str, Any], pk_of: Mapping[str, str]
) -> None:
    seat_of = dict(zip(t["players"], _seat_names(len(t["players"])), strict=True))
    rules = games.game(party.form)
    if party.hands != len(SEATS):  # five hundred at three, five or six: by seat number
        rows = [_hand_row(r["entry"], seat_of) for r in t["results"]]
        cut = [pk_of[p] for p in t["winners"]] if t.get("decided_by") == "cut" else []
        hand_services.record_hand_deals(actor=actor, table=table, rows=rows, cut=cut)
    elif rules.deal_fields:  # whist, five hundred, cinch, solo: the game's score pad
        rows = [_row(party.form, r["entry"], seat_of) for r in t["results"]]
        game_services.record_game_deals(actor=actor, table=table, rows=rows, cut=_cut(t, seat_of))
    elif not rules.deals_message:  # progressive bridge and pivot: the bridge score pad
        deals = [_deal(r["entry"]) for r in t["results"]]
        score_pads.record_deals(actor=actor, table=table, deals=deals, cut=_cut(t, seat_of))
    else:  # progressive rubber and euchre: the two pairs' totals
        ns, ew = (sum(r["scores"][p] for r in t["results"]) for p in t["players"][:2])
        score_pads.record_totals(actor=actor, table=table, ns_total=ns, ew_total=ew, cut=_cut(t, seat_of))


def _record_round(
    actor: Actor, party: Party, number: int, tables: list[dict[str, Any]], pk_of: Mapping[str, str]
) -> None:
    for t in tables:
        table = PartyTable.objects.get(round__party=party, round__number=number, number=t["table"])
        _record_table(actor, party, table, t, pk_of)


def party_tie_rule(game: str, tie_rule: str | None) -> str:
    """The party's tie rule for the simulation's (given, or the game's default as the engine picks it)."""
    rule = tie_rule or next(r for r in games.game(game).tie_rules if r != "ask")
    return PARTY_TIE_RULES.get(rule, Party.TieRule.CUT)


@transaction.atomic
def save_game(
    simulated: Mapping[str, Any], *, actor: Actor, tables: int, seed: int, tie_rule: str | None = None
) -> Party:
    """Store ``play_party``'s result (``party_demo --game G --json``); its tallies are the party's.

    A tie settled by a cut (or cinch's half game) takes the simulation's cut, its table's ``winners``.
    """
    game = simulated["game"]
    rounds = simulated["rounds"]
    size = len(rounds[0]["tables"][0]["players"])
    party = services.create_party(
        actor=actor, name=f"Demo {game} party (seed {seed})", date=datetime.date.today(), form=game,
        tables=tables, planned_rounds=len(rounds), tie_rule=party_tie_rule(game, tie_rule),
        hands=size if game == "five-hundred" else len(SEATS),
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
        _record_round(actor, party, number, rnd["tables"], pk_of)
    services.finish_party(actor=actor, party=party)
    return party
