"""Progressive five hundred, for three, four, five or six at a table (five-hundred-cinch-solo.txt).

The Avondale schedule (recommended by the laws) values the bids; nullo (250, between eight spades and
eight clubs) is the laws' variation. A bidder who makes his bid scores its value (250 if he bid less than
250 and took all ten tricks); one who fails is set back the value. Each opponent, or pair of opponents,
scores ten a trick. In partnership play each player is credited with the whole amount made by the
partners; the scorer's plus and minus columns are netted at the end. Tables: four-hand, seats 1 and 3
against 2 and 4; six-hand, odd seats against even; three- and five-hand, everyone for himself (five-hand:
the bidder names his partner(s) for the hand). One deal per player at the table, then: three-hand, the
high player progresses; four-hand, the winning partners; five-hand, the two highest; six-hand, the three
winning partners.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.messages import gettext as _

from ..types import LEFT
from .base import (
    Entry,
    GameError,
    PartnershipGame,
    RoundEnd,
    best_side,
    check_player,
    gettext_noop,
    individual_sides,
    pair_sides,
    top_players,
    typed_bidder,
    typed_number,
)

__all__ = ["AVONDALE", "GAME", "NULLO", "FiveHundred", "bid_value", "parse_bid"]

STRAINS = ("S", "C", "D", "H", "NT")
AVONDALE = {strain: 40 + 20 * i for i, strain in enumerate(STRAINS)}  # six tricks; +100 for each more
NULLO = 250
TRICKS = 10


def parse_bid(bid: str) -> tuple[int | None, int]:
    """(tricks needed, Avondale value) of a bid such as "7H", "10NT"; (None, 250) for "NULLO"."""
    text = bid.strip().upper().replace(" ", "")
    if text == "NULLO":
        return None, NULLO
    cut = -2 if text.endswith("NT") else -1
    level, strain = text[:cut], text[cut:]
    if not level.isdigit() or not 6 <= int(level) <= TRICKS or strain not in AVONDALE:
        message = _("%(bid)r is not a bid: 6 to 10 and S, C, D, H or NT (7H, 10NT), or NULLO.")
        raise ValueError(message % {"bid": bid})
    return int(level), AVONDALE[strain] + 100 * (int(level) - 6)


def bid_value(bid: str) -> int:
    """The Avondale value of a bid such as "7H", "10NT" or "NULLO"."""
    return parse_bid(bid)[1]


class FiveHundred(PartnershipGame):
    """Entry per deal: ``{"bidder", "bid", "tricks": {player: tricks he took}, "partners": [five-hand]}``."""

    code = "five-hundred"
    label = gettext_noop("Progressive Five Hundred")
    tally_label = gettext_noop("Points")
    total_noun = gettext_noop("points (less set-backs)")
    set_backs = True
    bid_hint = "7H, 10NT, NULLO"
    deal_fields = (
        ("bidder", gettext_noop("Bidder")),
        ("bid", gettext_noop("Bid")),
        ("tricks", gettext_noop("Bidders' tricks")),
    )
    pad_columns = ("Deal", "Bidder", "Bid", "Tricks made", "N-S (+/-)", "E-W (+/-)")
    pad_note = (
        "Avondale schedule, six tricks: spades 40, clubs 60, diamonds 80, hearts 100, no trump 120; each trick "
        "more adds 100. Nullo 250. All ten tricks on a bid under 250 score 250. A bidder who fails is set back "
        "his bid; each opponent scores ten a trick. Partners are each credited with the whole amount."
    )
    table_sizes = (3, 4, 5, 6)

    def sides(self, players: Sequence[str]) -> list[tuple[str, ...]]:
        return pair_sides(players) if len(players) in (4, 6) else individual_sides(players)

    def round_end(self, players: int) -> RoundEnd:
        return RoundEnd(deals=players)  # "Play one deal for each player at table, and then progress."

    def seat_deal_fields(self, players: int) -> tuple[tuple[str, str], ...]:
        """What a table of three, five or six types per deal, its seats numbered 1 to ``players`` as the laws'
        A 1 ... A 6: the bidder's seat, the bid, at five-hand the partners he named, and each seat's tricks
        (ten in all), since there each player is scored on his own or his side of the moment."""
        named = (("partners", gettext_noop("Partners (seats)")),) if players == 5 else ()
        tricks = tuple((f"tricks_{n}", gettext_noop("Tricks, seat %(seat)s")) for n in range(1, players + 1))
        return (("bidder", gettext_noop("Bidder")), ("bid", gettext_noop("Bid")), *named, *tricks)

    def progressors(
        self, players: Sequence[str], totals: Mapping[str, int], rule: str, rng: random.Random
    ) -> tuple[tuple[str, ...], str]:
        if len(players) in (4, 6):
            return best_side(self.sides(players), totals, rule, rng)
        return top_players(players, totals, 1 if len(players) == 3 else 2, rule, rng)

    def typed_entry(self, row: Entry, seats: Mapping[str, str], deal: int) -> dict[str, Any]:
        """At a table of four: the bidders' tricks, the rest of the ten to the opponent on the bidder's left."""
        seat, bidder = typed_bidder(row, seats, deal)
        made = typed_number(row.get("tricks"), deal, "tricks")
        if not 0 <= made <= 10:
            message = _("Deal %(deal)s: the bidders took 0 to 10 tricks.") % {"deal": deal}
            raise GameError(message, deal=deal, field="tricks")
        opponent = seats[LEFT[seat]]
        return {"bidder": bidder, "bid": str(row.get("bid") or ""), "tricks": {bidder: made, opponent: 10 - made}}

    def _side_of(self, players: Sequence[str], who: str) -> tuple[str, ...]:
        return next(s for s in self.sides(players) if who in s)

    def _bidder_side(self, entry: Entry, players: Sequence[str], number: int, bidder: str) -> tuple[str, ...]:
        partners = list(entry.get("partners") or [])
        if len(players) != 5:
            if partners:
                message = _("Deal %(deal)s: only at five-hand play does the bidder name partners.")
                raise GameError(message % {"deal": number}, deal=number, field="partners")
            return next(s for s in self.sides(players) if bidder in s)
        if not 1 <= len(partners) <= 2 or bidder in partners or len(set(partners)) != len(partners):
            message = _("Deal %(deal)s: at five-hand the bidder names one or two partners.")
            raise GameError(message % {"deal": number}, deal=number, field="partners")
        for p in partners:
            check_player(p, players, deal=number, field="partners", what="bidder's partner")
        return (bidder, *partners)

    def score_deal(self, entry: Entry, players: Sequence[str], number: int) -> dict[str, int]:
        """One deal as the scorer enters it on the general score sheet."""
        bidder = check_player(entry.get("bidder"), players, deal=number, field="bidder", what="bidder")
        try:
            needed, value = parse_bid(str(entry.get("bid", "")))
        except ValueError as exc:
            message = _("Deal %(deal)s: %(bid)r is not a bid: 6 to 10 and S, C, D, H or NT (7H, 10NT), or NULLO.")
            raise GameError(message % {"deal": number, "bid": entry.get("bid", "")}, deal=number, field="bid") from exc
        tricks = _tricks(entry.get("tricks"), players, number)
        nullo = needed is None
        side = (bidder,) if nullo and len(players) not in (4, 6) else self._bidder_side(entry, players, number, bidder)
        sides = [side] + [s for s in self.sides(players) if bidder not in s]
        if len(players) == 5:
            sides = [side] + [(p,) for p in players if p not in side]
        score = dict.fromkeys(players, 0)
        if nullo:
            taken = tricks[bidder]
            for p in side:
                score[p] = NULLO if taken == 0 else -NULLO
            for s in sides[1:]:  # the opponents score ten for each trick the bidder took
                for p in s:
                    score[p] = 10 * taken
            return score
        made = sum(tricks[p] for p in side)
        points = (250 if value < 250 and made == TRICKS else value) if made >= (needed or 0) else -value
        for p in side:
            score[p] = points
        for s in sides[1:]:
            for p in s:
                score[p] = 10 * sum(tricks[q] for q in s)
        return score

    def score_deals(self, entries: Sequence[Entry], players: Sequence[str]) -> list[dict[str, int]]:
        return [self.score_deal(e, players, n) for n, e in enumerate(entries, start=1)]

    def check_totals(self, totals: Sequence[int], deals: int) -> None:
        """Every score in five hundred is a multiple of ten (tricks at ten, bids from the schedule)."""
        for total, field in zip(totals, ("ns_total", "ew_total"), strict=False):
            if total % 10:
                message = _("Five hundred scores go in tens: %(total)s cannot be right.")
                raise GameError(message % {"total": total}, field=field)

    def random_entry(self, rng: random.Random, players: Sequence[str], deal: int) -> dict[str, Any]:
        bidder = players[(deal - 1) % len(players)]
        others = [p for p in players if p != bidder]
        if rng.random() < 0.08:
            taken = rng.choice([0, 0, 0, 1, 2])
            tricks: dict[str, int] = {bidder: taken}
            for _ in range(TRICKS - taken):
                who = rng.choice(others)
                tricks[who] = tricks.get(who, 0) + 1
            return {"bidder": bidder, "bid": "NULLO", "tricks": tricks}
        bid = f"{rng.choice([6, 6, 7, 7, 7, 8, 8, 9, 10])}{rng.choice(STRAINS)}"
        entry: dict[str, Any] = {"bidder": bidder, "bid": bid}
        if len(players) == 5:
            entry["partners"] = [rng.choice(others)]
        side = [bidder, *entry.get("partners", [])] if len(players) in (3, 5) else list(self._side_of(players, bidder))
        rest = [p for p in players if p not in side]
        tricks = {}
        for _ in range(TRICKS):  # the bidder's side, who bid on their cards, takes most tricks
            who = rng.choice(side if rng.random() < 0.7 else rest)
            tricks[who] = tricks.get(who, 0) + 1
        entry["tricks"] = tricks
        return entry


def _tricks(value: Any, players: Sequence[str], number: int) -> dict[str, int]:
    if not isinstance(value, Mapping):
        message = _("Deal %(deal)s: write the tricks each player took.")
        raise GameError(message % {"deal": number}, deal=number, field="tricks")
    tricks = dict.fromkeys(players, 0)
    for who, n in value.items():
        check_player(who, players, deal=number, field="tricks", what="player who took the tricks")
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= TRICKS:
            raise GameError(_("Deal %(deal)s: tricks are 0 to 10.") % {"deal": number}, deal=number, field="tricks")
        tricks[who] = n
    if sum(tricks.values()) != TRICKS:
        message = _("Deal %(deal)s: the tricks add up to %(total)s, not 10.")
        raise GameError(message % {"deal": number, "total": sum(tricks.values())}, deal=number, field="tricks")
    return tricks


GAME = FiveHundred()
