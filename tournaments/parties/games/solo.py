"""Progressive solo (five-hundred-cinch-solo.txt): Frog and the four solos, doubles, and the two pots.

Four at a table; the dealer takes no cards, the other three are active. The bidder wins or loses, for every
card point over or under 60 of the 120, 1 chip (Frog), 2 (Spade Solo), 3 (Club), 4 (Diamond) or 5 (Heart
Solo), twice that doubled and four times redoubled; 60 is a tie. He is paid by each active opponent, and
pays each of the others at the table, the dealer included (the laws of Solo Sixty). The pots: each player
puts ``ANTE`` chips into the Frog pot and twice as many into the Solo pot at the start of a round, and
again whenever a pot is emptied; a bidder who succeeds takes the pot he plays for, one who fails doubles
it. Chips left in the pots when the round ends go back to the table in equal shares (an odd chip goes to
the host's kitty). The two players with the most chips at a table progress.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.messages import gettext as _

from .base import (
    Entry,
    GameError,
    PartnershipGame,
    RoundEnd,
    check_int,
    check_player,
    gettext_noop,
    individual_sides,
    top_players,
    typed_bidder,
    typed_number,
)

__all__ = ["ANTE", "BIDS", "GAME", "Solo"]

BIDS = {"frog": 1, "spade": 2, "club": 3, "diamond": 4, "heart": 5}  # chips a point, lowest bid first
ANTE = 1
POINTS = 120


class Solo(PartnershipGame):
    """Entry per deal: ``{"bidder", "bid": frog|spade|club|diamond|heart, "double": 0-2, "points": 0-120}``.

    A deal nobody bid is entered as ``{"bid": "pass"}``: nothing changes hands.
    """

    code = "solo"
    label = gettext_noop("Progressive Solo")
    tally_label = gettext_noop("Chips")
    seat_scored = True
    bid_hint = "Frog, Heart Solo, PASS"
    deal_fields = (
        ("bidder", gettext_noop("Bidder")),
        ("bid", gettext_noop("Bid")),
        ("double", gettext_noop("Doubled")),
        ("points", gettext_noop("Bidder's points")),
    )
    tie_rules = ("cut", "first_seat", "ask")
    pad_columns = ("Deal", "Dealer", "Bidder", "Bid", "Dbl", "Points", "N chips", "E chips", "S chips", "W chips")
    pad_note = (
        "Four deals, one by each player. The bidder wins or loses a chip a point over or under 60 of the 120: "
        "Frog 1, Spade Solo 2, Club 3, Diamond 4, Heart Solo 5; doubled twice, redoubled four times; 60 is a tie. "
        "Paid by each active opponent; a failed bidder pays everyone, the dealer too. Pots: 1 chip each to the "
        "Frog pot, 2 to the Solo pot; a winner takes his pot, a loser doubles it; what is left is shared at the end."
    )

    def sides(self, players: Sequence[str]) -> list[tuple[str, ...]]:
        return individual_sides(players)

    def round_end(self, players: int) -> RoundEnd:
        return RoundEnd(deals=players)

    def progressors(
        self, players: Sequence[str], totals: Mapping[str, int], rule: str, rng: random.Random
    ) -> tuple[tuple[str, ...], str]:
        return top_players(players, totals, 2, rule, rng)

    def typed_entry(self, row: Entry, seats: Mapping[str, str], deal: int) -> dict[str, Any]:
        if str(row.get("bid") or "").strip().lower() == "pass":
            return {"bid": "pass"}
        _seat, bidder = typed_bidder(row, seats, deal)
        return {
            "bidder": bidder,
            "bid": str(row.get("bid") or ""),
            "double": typed_number(row.get("double") or 0, deal, "double"),
            "points": typed_number(row.get("points"), deal, "points"),
        }

    def score_deals(self, entries: Sequence[Entry], players: Sequence[str]) -> list[dict[str, int]]:
        n = len(players)
        pots = {"frog": ANTE * n, "solo": 2 * ANTE * n}
        scores: list[dict[str, int]] = []
        for number, entry in enumerate(entries, start=1):
            score = dict.fromkeys(players, 0)
            if number == 1:
                for p in players:
                    score[p] -= 3 * ANTE
            bid = str(entry.get("bid", "")).strip().lower().removesuffix(" solo")
            if bid == "pass":
                scores.append(score)
                continue
            if bid not in BIDS:
                message = _("Deal %(deal)s: the bid is Frog, Spade, Club, Diamond or Heart Solo, or pass.")
                raise GameError(message % {"deal": number}, deal=number, field="bid")
            dealer = players[(number - 1) % n]
            bidder = check_player(entry.get("bidder"), players, deal=number, field="bidder", what="bidder")
            if bidder == dealer:
                message = _("Deal %(deal)s: the dealer takes no cards and cannot bid.")
                raise GameError(message % {"deal": number}, deal=number, field="bidder")
            double = check_int(entry.get("double", 0), 0, 2, deal=number, field="double", what="doubled (0-2)")
            points = check_int(entry.get("points"), 0, POINTS, deal=number, field="points", what="the points")
            rate = BIDS[bid] * (1, 2, 4)[double]
            over = points - POINTS // 2
            if over > 0:  # paid by each active opponent
                for p in players:
                    if p not in (bidder, dealer):
                        score[p] -= rate * over
                        score[bidder] += rate * over
            elif over < 0:  # pays each of the others at the table, the dealer included
                for p in players:
                    if p != bidder:
                        score[p] += rate * -over
                        score[bidder] -= rate * -over
            pot = "frog" if bid == "frog" else "solo"
            if over > 0:
                score[bidder] += pots[pot]
                pots[pot] = 0
            elif over < 0:
                score[bidder] -= pots[pot]
                pots[pot] *= 2
            if pots[pot] == 0:  # made up again at once
                pots[pot] = (1 if pot == "frog" else 2) * ANTE * n
                for p in players:
                    score[p] -= (1 if pot == "frog" else 2) * ANTE
            scores.append(score)
        if scores:
            share = (pots["frog"] + pots["solo"]) // n
            for p in players:
                scores[-1][p] += share
        return scores

    def check_totals(self, totals: Sequence[int], deals: int) -> None:
        """Each player's chips for the round: they only change hands, but for the odd chips left to the kitty."""
        short = -sum(totals)
        if not 0 <= short < len(totals):
            message = _(
                "Chips only change hands: the %(players)s players' chips add up to %(total)s, not 0 "
                "(or up to %(short)s short, the odd chips left in the pots)."
            )
            params = {"players": len(totals), "total": f"{-short:+d}", "short": len(totals) - 1}
            raise GameError(message % params, field="N")

    def random_entry(self, rng: random.Random, players: Sequence[str], deal: int) -> dict[str, Any]:
        if rng.random() < 0.1:
            return {"bid": "pass"}
        dealer = players[(deal - 1) % len(players)]
        bidder = rng.choice([p for p in players if p != dealer])
        bid = rng.choices(list(BIDS), weights=[30, 20, 20, 15, 15])[0]
        return {"bidder": bidder, "bid": bid, "double": rng.choices([0, 1, 2], weights=[85, 12, 3])[0],
                "points": max(0, min(POINTS, round(rng.gauss(64, 14))))}  # fmt: skip


GAME = Solo()
