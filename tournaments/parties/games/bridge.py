"""Progressive bridge on the party engine: four deals a round scored by the Laws of Progressive Bridge.

Seats in order N, E, S, W (North deals first). The arithmetic stays where it was (``deals.score_deal``,
Law 9 vulnerability by ``deals.deal_plan``); a player's tally is Law 11's net: his side's points less his opponents'.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..deals import DealEntry, DealError, deal_plan, score_deal, score_round
from ..tallies import DealLine
from .base import Entry, GameError, PartnershipGame, gettext_noop

__all__ = ["GAME", "ProgressiveBridge", "deal_entry", "per_player"]


def deal_entry(entry: Entry) -> DealEntry:
    """The table's writing as the bridge scoring reads it."""
    return DealEntry(
        str(entry.get("contract", "")), entry.get("declarer"), entry.get("tricks"),
        entry.get("honors_side"), int(entry.get("honors_points") or 0),
    )  # fmt: skip


def per_player(lines: Sequence[DealLine], players: Sequence[str]) -> list[dict[str, int]]:
    """Each deal's N-S and E-W points, credited to the players of each side (seats N, E, S, W)."""
    north, east, south, west = players
    return [{north: d.ns, south: d.ns, east: d.ew, west: d.ew} for d in lines]


def as_entry(deal: DealEntry) -> dict[str, Any]:
    return {
        "contract": deal.contract, "declarer": deal.declarer, "tricks": deal.tricks,
        "honors_side": deal.honors_side, "honors_points": deal.honors_points,
    }  # fmt: skip


def random_deal(rng: random.Random) -> DealEntry:
    """A plausible deal: sometimes passed out, mostly part-scores and games, now and then a slam or honors."""
    if rng.random() < 0.07:
        return DealEntry("PASS")
    level = rng.choices([1, 2, 3, 4, 5, 6, 7], weights=[10, 18, 22, 28, 8, 7, 2])[0]
    strain = rng.choice(["C", "D", "H", "S", "NT"])
    doubled = rng.choices([0, 1, 2], weights=[86, 12, 2])[0]
    declarer = rng.choice("NESW")
    needed = level + 6
    tricks = max(0, min(13, needed + rng.choices([-3, -2, -1, 0, 1, 2], weights=[2, 5, 14, 45, 24, 10])[0]))
    side = "NS" if rng.random() < 0.5 else "EW"
    points = 0
    if rng.random() < 0.1:
        points = 150 if strain == "NT" else rng.choice([100, 100, 150])
    return DealEntry(f"{level}{strain}{'X' * doubled}", declarer, tricks, side if points else None, points)


class ProgressiveBridge(PartnershipGame):
    """Entry per deal: ``{"contract", "declarer", "tricks", "honors_side", "honors_points"}``."""

    code = "bridge"
    label = gettext_noop("Progressive Bridge")
    deals_message = ""
    mixed_couples = True  # Law 6: "the visiting lady at each table becomes partner of the gentleman who remains"

    def score_bridge_round(
        self, first_dealer: str, vulnerability: str, deals: Sequence[DealEntry]
    ) -> tuple[list[DealLine], tuple[int, int]]:
        """Law 9 (or the announced method) for vulnerability; no premium at the round's end."""
        return score_round(first_dealer, vulnerability, list(deals)), (0, 0)

    def score_deals(self, entries: Sequence[Entry], players: Sequence[str]) -> list[dict[str, int]]:
        north, east, south, west = players
        scores = []
        for (number, _dealer, vul), entry in zip(deal_plan("N", "law9", len(entries)), entries, strict=True):
            try:
                *_rest, ns, ew = score_deal(deal_entry(entry), vul, number)
            except DealError as exc:
                raise GameError(str(exc), deal=exc.deal, field=exc.field) from exc
            scores.append({north: ns, south: ns, east: ew, west: ew})
        return scores

    def tally(
        self, players: Sequence[str], totals: Mapping[str, int], winners: Sequence[str], how: str
    ) -> dict[str, float]:
        """Law 11: my score less my opponents' score."""
        mine, theirs = self.sides(players)
        return {p: float(totals[p] - totals[(theirs if p in mine else mine)[0]]) for p in players}

    def random_entry(self, rng: random.Random, players: Sequence[str], deal: int) -> dict[str, Any]:
        return as_entry(random_deal(rng))


GAME = ProgressiveBridge()
