"""Progressive whist (the whist drive), from whist-and-duplicate-whist.txt.

Four at a table, partners opposite. Each hand the table writes how many of the thirteen tricks the first
dealer's side took; every player's score sheet gets the tricks his side took (a whist drive counts every
trick, not only those over the book). After the round's hands the pair with more tricks progresses; the
host chooses the partner change (the engine's ``keep_partners``) and the tie rule before play.
A revoke costs two tricks, moved to the other side (Law 30), and is typed as the tricks after it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.messages import ngettext

from .base import Entry, GameError, PartnershipGame, RoundEnd, check_int, gettext_noop, typed_number

__all__ = ["GAME", "Whist"]

TRICKS = 13


class Whist(PartnershipGame):
    """Entry per hand: ``{"tricks": tricks taken by the first dealer's side}``."""

    code = "whist"
    label = gettext_noop("Progressive Whist (whist drive)")
    tally_label = gettext_noop("Tricks")
    total_noun = gettext_noop("tricks (all four hands)")
    pad_columns = ("Hand", "Dealer", "N-S tricks", "E-W tricks")
    pad_note = "Thirteen tricks a hand: write each pair's tricks; the two columns add up to 13 on every line."
    table_sizes = (4,)
    deal_fields = (("tricks", gettext_noop("N-S tricks")),)

    def round_end(self, players: int) -> RoundEnd:
        return RoundEnd(deals=4)

    def typed_entry(self, row: Entry, seats: Mapping[str, str], deal: int) -> dict[str, Any]:
        return {"tricks": typed_number(row.get("tricks"), deal, "tricks")}

    def score_deals(self, entries: Sequence[Entry], players: Sequence[str]) -> list[dict[str, int]]:
        first, second = self.sides(players)
        scores = []
        for number, entry in enumerate(entries, start=1):
            ours = check_int(entry.get("tricks"), 0, TRICKS, deal=number, field="tricks", what="the tricks")
            scores.append({**{p: ours for p in first}, **{p: TRICKS - ours for p in second}})
        return scores

    def check_totals(self, totals: Sequence[int], deals: int) -> None:
        """Every hand's thirteen tricks go to one pair or the other."""
        if any(t < 0 for t in totals) or sum(totals) != TRICKS * deals:
            message = ngettext(
                "%(deals)s hand is %(tricks)s tricks: the two pairs' tricks add up to %(total)s.",
                "%(deals)s hands are %(tricks)s tricks: the two pairs' tricks add up to %(total)s.",
                deals,
            )
            raise GameError(
                message % {"deals": deals, "tricks": TRICKS * deals, "total": sum(totals)}, field="ns_total"
            )

    def random_entry(self, rng: random.Random, players: Sequence[str], deal: int) -> dict[str, Any]:
        return {"tricks": sum(rng.random() < 0.5 for _ in range(TRICKS))}


GAME = Whist()
