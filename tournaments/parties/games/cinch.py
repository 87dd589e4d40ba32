"""Progressive cinch (five-hundred-cinch-solo.txt): partners, fourteen points a deal, the bell at 32.

Points: high, low, jack, game (one each) and the two pedros (five each), fourteen in all; cards out of play
count for nobody, so a deal may share fewer. The bidder's side that makes its bid scores all it made, and
the opponents score what they made; a side that fails is set back the amount bid (the laws' first method).
The side first scoring 32 rings the bell and play stops at every table; the partners with the greatest
score up to and including the last hand scored progress and win the game. A tie by the host's rule: cut
to progress and score ("cut"), or half a game to each player and a cut to progress only ("half").
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
    typed_bidder,
    typed_number,
)

__all__ = ["BELL", "GAME", "POINTS", "Cinch"]

POINTS = 14
BELL = 32
MAX_DEALS = 40  # a round that nobody ends (set-backs both ways) is called off by the host


class Cinch(PartnershipGame):
    """Entry per deal: ``{"bidder", "bid": 1-14, "made": bidder's side's points, "against": the others'}``."""

    code = "cinch"
    label = gettext_noop("Progressive Cinch")
    tally_label = gettext_noop("Games")
    total_noun = gettext_noop("points when the bell rang")
    set_backs = True
    bid_hint = "6 to 14"
    deal_fields = (
        ("bidder", gettext_noop("Bidder")),
        ("bid", gettext_noop("Bid")),
        ("tricks", gettext_noop("Bidders' points")),
        ("against", gettext_noop("Others' points")),
    )
    pad_columns = ("Deal", "Bidder", "Bid", "N-S points", "E-W points", "N-S running", "E-W running")
    pad_note = (
        "High, low, jack, game 1 each; right and left pedro 5 each: 14 a deal. Bidders who fall short are set "
        "back their bid. The first side to 32 rings the bell and play stops at every table."
    )
    tie_rules = ("cut", "half")

    def round_end(self, players: int) -> RoundEnd:
        return RoundEnd(deals=MAX_DEALS, bell=BELL)

    def typed_entry(self, row: Entry, seats: Mapping[str, str], deal: int) -> dict[str, Any]:
        """The pad's "tricks" box holds the bidders' points."""
        _seat, bidder = typed_bidder(row, seats, deal)
        return {
            "bidder": bidder,
            "bid": typed_number(row.get("bid"), deal, "bid"),
            "made": typed_number(row.get("tricks"), deal, "tricks"),
            "against": typed_number(row.get("against"), deal, "against"),
        }

    def score_deals(self, entries: Sequence[Entry], players: Sequence[str]) -> list[dict[str, int]]:
        scores = []
        for number, entry in enumerate(entries, start=1):
            bidder = check_player(entry.get("bidder"), players, deal=number, field="bidder", what="bidder")
            bid = check_int(entry.get("bid"), 1, POINTS, deal=number, field="bid", what="the bid")
            made = check_int(entry.get("made"), 0, POINTS, deal=number, field="made", what="the bidders' points")
            against = check_int(entry.get("against"), 0, POINTS, deal=number, field="against", what="the points")
            if made + against > POINTS:
                message = _("Deal %(deal)s: only %(points)s points are played for, not %(total)s.")
                raise GameError(message % {"deal": number, "points": POINTS, "total": made + against},
                                deal=number, field="against")  # fmt: skip
            ours, theirs = (s for s in sorted(self.sides(players), key=lambda s: bidder not in s))
            score = {p: made if made >= bid else -bid for p in ours}
            scores.append({**score, **{p: against for p in theirs}})
        return scores

    def tally(
        self, players: Sequence[str], totals: Mapping[str, int], winners: Sequence[str], how: str
    ) -> dict[str, float]:
        """Games won: one to each winner; half a game to everyone at a tie under the "half" rule."""
        if how == "half":
            return dict.fromkeys(players, 0.5)
        return {p: 1.0 if p in winners else 0.0 for p in players}

    def random_entry(self, rng: random.Random, players: Sequence[str], deal: int) -> dict[str, Any]:
        bidder = players[(deal - 1) % len(players)]
        bid = rng.choice([5, 6, 7, 7, 8, 9, 10, 11, 14])
        out = rng.choice([0, 0, 0, 1, 1, 5])  # a card out of play now and then
        made = rng.randint(0, POINTS - out)
        return {"bidder": bidder, "bid": bid, "made": made, "against": POINTS - out - made}


GAME = Cinch()
