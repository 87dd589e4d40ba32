"""The one protocol every party game speaks, so one engine can run any of them.

A game is a small pure module (no Django) that says how many sit at a table, who partners whom, what is
entered per deal, how a table's result becomes each guest's tally, who progresses, how ties are settled
and what ends a round. The engine (:mod:`tournaments.parties.engine`) knows no game by name: it asks the
game. Scores are ``dict[guest, int]`` per deal (what each player's score sheet gets, signed: a set-back is
negative); tallies may be halves (a cinch tie scored as half a game each), hence ``float``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from scoring.messages import gettext as _

from ..deals import DealEntry
from ..tallies import DealLine
from ..types import PartyError

__all__ = [
    "Entry",
    "Game",
    "GameError",
    "PartnershipGame",
    "RoundEnd",
    "best_side",
    "check_int",
    "check_player",
    "gettext_noop",
    "individual_sides",
    "pair_sides",
    "settle_tie",
    "top_players",
    "typed_bidder",
    "typed_number",
]

Entry = Mapping[str, Any]  # what the table writes for one deal; each game documents its keys


def gettext_noop(message: str) -> str:
    """Marks a label for the translators (makemessages reads the name) while the game stays pure: the pages
    translate it when they show it. A game's messages (its checks' errors) are written as
    ``_("...%(name)s...") % {...}`` with :func:`scoring.messages.gettext`, like ``scoring``'s: whole sentences
    that makemessages finds, in the reader's language once the app has handed over Django's translation."""
    return message


TIE_RULES = {  # marked for the translators, translated where shown
    "cut": gettext_noop("A cut of the cards decides (Bridgedesk draws them)"),
    "half": gettext_noop("Each tied player scores half a game; a cut decides who progresses"),
    "first_seat": gettext_noop("The side of the first dealer's seat (North at bridge) counts as the winners"),
    "ask": gettext_noop("Decided at the table: the host is asked who won the tie"),
}


class GameError(PartyError):
    """A deal that cannot be scored; ``deal`` (1-based) and ``field`` say where, for the entry form. The message
    is already in the reader's language (written with :func:`scoring.messages.gettext`)."""

    def __init__(self, message: str, *, deal: int = 0, field: str | None = "") -> None:
        super().__init__(message)
        self.deal = deal
        self.field = field or ""


@dataclass(frozen=True)
class RoundEnd:
    """What ends a round: a number of deals, or a bell when a side reaches ``bell`` (at any or the head table)."""

    deals: int = 4
    bell: int | None = None
    bell_at_head_table_only: bool = False


class Game(Protocol):
    """Everything the engine needs to know about a game; see the games in this package."""

    code: str
    label: str
    table_sizes: tuple[int, ...]  # how many may sit at a table
    tie_rules: tuple[str, ...]  # the laws' options, the first is the default
    single_table: bool  # pivot: one table, rotated by the game itself
    single_table_message: str  # a single-table game's refusal of more tables, and of a wrong number of guests
    single_table_size_message: str
    pad_columns: tuple[str, ...]  # the table's score pad: its columns, and the laws in a sentence under it
    pad_note: str
    # What a table's phone types per deal: (field of the game's row, its label), the fields the host's page and
    # `game_services.game_entry` read ("tricks", "bidder", "bid", "against", "double", "points"); () when the
    # game is not typed deal by deal on the party table terminal.
    deal_fields: tuple[tuple[str, str], ...]
    seat_scored: bool  # at a table of four each seat's round is its own (solo's chips), not the pairs' totals
    set_backs: bool  # a side's total may fall below zero (five hundred's and cinch's set-backs)
    # Why the game's round is not typed as bridge deals (contract, declarer, tricks), "" for the bridge games; a
    # message for the host, with the game's name as %(get_form_display)s.
    deals_message: str
    vulnerability_by_score: bool  # rubber: vulnerability follows the score, and a round has 1 to max_deals deals
    max_deals: int
    mixed_couples: bool  # the host may seat mixed couples by Law 6 (progressive bridge): the engine's option
    head_table_keeps_partners: bool  # the laws keep the head table's winners together (euchre)
    star_tallies: bool  # the tally is stars, gold, red and green (euchre), ranked and awarded by their colours
    # The party's tie rules (Party.TieRule values) and progressions the laws allow, the first the default; () for
    # any, and the message for a progression they refuse.
    host_tie_rules: tuple[str, ...]
    progressions: tuple[str, ...]
    progression_message: str
    # The tally's column on the standings and tally cards ("Tricks"), "" for a "my score / opponents'" tally; and
    # what a pair's round total counts, for the table's two boxes ("points"), "" for none.
    tally_label: str
    total_noun: str
    bid_hint: str  # the bids as the pad's placeholder shows them ("7H, 10NT, NULLO"), "" for a game without bids

    def sides(self, players: Sequence[str]) -> list[tuple[str, ...]]:
        """Who partners whom at a table (players in seat order, the first dealer first); one per side."""
        ...

    def round_end(self, players: int) -> RoundEnd:
        """What ends a round at a table of ``players``."""
        ...

    def typed_entry(self, row: Entry, seats: Mapping[str, str], deal: int) -> dict[str, Any]:
        """A row typed at a table of four (seats N, E, S, W, ``seats`` naming their players) as ``score_deals``
        reads it; only for the games with ``deal_fields``."""
        ...

    def score_deals(self, entries: Sequence[Entry], players: Sequence[str]) -> list[dict[str, int]]:
        """Each deal's points for each player, checked by the game's own laws (raises :class:`GameError`)."""
        ...

    def progressors(
        self, players: Sequence[str], totals: Mapping[str, int], rule: str, rng: random.Random
    ) -> tuple[tuple[str, ...], str]:
        """Who progresses (the winning side, the high player, the two highest) and how it was decided."""
        ...

    def tally(
        self, players: Sequence[str], totals: Mapping[str, int], winners: Sequence[str], how: str
    ) -> dict[str, float]:
        """What a table's round adds to each guest's tally."""
        ...

    def score_bridge_round(
        self, first_dealer: str, vulnerability: str, deals: Sequence[DealEntry]
    ) -> tuple[list[DealLine], tuple[int, int]]:
        """Only for a bridge game: a table's deals as scored lines, and the (N-S, E-W) premium at the round's end."""
        ...

    def single_table_cycle(self, players: int) -> int:
        """Only for a single-table game: the rounds before the players draw again."""
        ...

    def single_table_seating(self, guests: Sequence[str], round_no: int) -> tuple[list[str], tuple[str, ...]]:
        """Only for a single-table game: (players in seat order, sitting out) for a round."""
        ...

    def check_totals(self, totals: Sequence[int], deals: int) -> None:
        """A table's round typed as each side's total: raise :class:`GameError` if the laws cannot give it."""
        ...

    def random_entry(self, rng: random.Random, players: Sequence[str], deal: int) -> dict[str, Any]:
        """A plausible deal as a table would write it, for the simulated party."""
        ...


def pair_sides(players: Sequence[str]) -> list[tuple[str, ...]]:
    """Partners sit opposite: seats 1 and 3 against 2 and 4 (six at a table: odd seats against even)."""
    return [tuple(players[0::2]), tuple(players[1::2])]


def individual_sides(players: Sequence[str]) -> list[tuple[str, ...]]:
    """Everyone for himself."""
    return [(p,) for p in players]


def best_side(
    sides: Sequence[tuple[str, ...]],
    totals: Mapping[str, int],
    rule: str,
    rng: random.Random,
    host_choice: int | None = None,
) -> tuple[tuple[str, ...], str]:
    """The side with the highest total (a side's total is its first player's), and how it was decided."""
    score = [totals[s[0]] for s in sides]
    top = max(score)
    tied = [i for i, v in enumerate(score) if v == top]
    if len(tied) == 1:
        return sides[tied[0]], "score"
    return sides[settle_tie(tied, rule, rng, host_choice)], rule


def settle_tie(tied: Sequence[int], rule: str, rng: random.Random, host_choice: int | None = None) -> int:
    """Which of the tied sides (indices in seat order) counts as the winner under the host's rule."""
    if rule == "first_seat":
        return tied[0]
    if rule == "ask":
        if host_choice not in tied:
            raise PartyError(_("The scores are tied: say which side won the tie at the table."))
        return host_choice  # type: ignore[return-value]
    if rule not in ("cut", "half"):
        raise PartyError(_("Unknown tie rule %(rule)r.") % {"rule": rule})
    return rng.choice(list(tied))


def top_players(
    players: Sequence[str], totals: Mapping[str, int], k: int, rule: str, rng: random.Random
) -> tuple[tuple[str, ...], str]:
    """The ``k`` highest individuals; a tie across the cut-off is settled by the host's rule."""
    ranked = sorted(players, key=lambda p: -totals[p])
    if k >= len(ranked) or totals[ranked[k - 1]] != totals[ranked[k]]:
        return tuple(ranked[:k]), "score"
    edge = totals[ranked[k - 1]]
    sure = [p for p in ranked if totals[p] > edge]
    tied = [p for p in players if totals[p] == edge]  # seat order
    need = k - len(sure)
    if rule == "first_seat":
        chosen = tied[:need]
    elif rule in ("cut", "half"):
        chosen = rng.sample(tied, need)
    elif rule == "ask":
        raise PartyError(_("The scores are tied: say who progresses from the table."))
    else:
        raise PartyError(_("Unknown tie rule %(rule)r.") % {"rule": rule})
    return tuple(sure + [p for p in tied if p in chosen]), rule


class PartnershipGame:
    """Defaults for a game of two sides: the side with more points progresses; the tally is one's own points."""

    code = ""
    label = ""
    table_sizes: tuple[int, ...] = (4,)
    tie_rules: tuple[str, ...] = ("cut", "first_seat", "ask")
    single_table = False
    single_table_message = ""
    single_table_size_message = ""
    pad_columns: tuple[str, ...] = ("Deal", "Dealer", "N-S", "E-W")
    pad_note = ""
    deal_fields: tuple[tuple[str, str], ...] = ()
    seat_scored = False
    set_backs = False
    deals_message = gettext_noop("%(get_form_display)s is entered as the two pairs' totals for the round.")
    vulnerability_by_score = False
    max_deals = 4
    head_table_keeps_partners = False
    mixed_couples = False
    star_tallies = False
    host_tie_rules: tuple[str, ...] = ()
    progressions: tuple[str, ...] = ()
    progression_message = ""
    tally_label = ""
    total_noun = ""
    bid_hint = ""

    def sides(self, players: Sequence[str]) -> list[tuple[str, ...]]:
        return pair_sides(players)

    def round_end(self, players: int) -> RoundEnd:
        return RoundEnd(deals=4)

    def progressors(
        self, players: Sequence[str], totals: Mapping[str, int], rule: str, rng: random.Random
    ) -> tuple[tuple[str, ...], str]:
        return best_side(self.sides(players), totals, rule, rng)

    def tally(
        self, players: Sequence[str], totals: Mapping[str, int], winners: Sequence[str], how: str
    ) -> dict[str, float]:
        return {p: float(totals[p]) for p in players}

    def score_bridge_round(
        self, first_dealer: str, vulnerability: str, deals: Sequence[DealEntry]
    ) -> tuple[list[DealLine], tuple[int, int]]:
        raise PartyError(_("%(game)s is not scored as bridge deals.") % {"game": _(self.label)})

    def typed_entry(self, row: Entry, seats: Mapping[str, str], deal: int) -> dict[str, Any]:
        raise PartyError(_("%(game)s is not typed deal by deal.") % {"game": _(self.label)})

    def single_table_cycle(self, players: int) -> int:
        raise PartyError(_("%(game)s is played at several tables.") % {"game": _(self.label)})

    def single_table_seating(self, guests: Sequence[str], round_no: int) -> tuple[list[str], tuple[str, ...]]:
        raise PartyError(_("%(game)s is played at several tables.") % {"game": _(self.label)})

    def check_totals(self, totals: Sequence[int], deals: int) -> None:
        return None


def typed_number(value: Any, deal: int, field: str) -> int:
    """A number as typed in a box of the table's pad."""
    try:
        return int(str(value).strip())
    except ValueError:
        message = _("Deal %(deal)s: write a whole number.") % {"deal": deal}
        raise GameError(message, deal=deal, field=field) from None


def typed_bidder(row: Entry, seats: Mapping[str, str], deal: int) -> tuple[str, str]:
    """The bidder's seat letter as typed, and the player sitting there."""
    seat = str(row.get("bidder") or "")
    if seat not in seats:
        message = _("Deal %(deal)s: who was the bidder? Choose N, E, S or W.") % {"deal": deal}
        raise GameError(message, deal=deal, field="bidder")
    return seat, seats[seat]


# check_int's and check_player's messages as whole sentences for the translators, keyed by the ``what`` the games
# pass (a game may pass only a ``what`` listed here).
_WHOLE = {
    "the tricks": gettext_noop("Deal %(deal)s: write the tricks as a whole number."),
    "the makers' side": gettext_noop("Deal %(deal)s: write the makers' side as a whole number."),
    "the makers' tricks": gettext_noop("Deal %(deal)s: write the makers' tricks as a whole number."),
    "the bid": gettext_noop("Deal %(deal)s: write the bid as a whole number."),
    "the bidders' points": gettext_noop("Deal %(deal)s: write the bidders' points as a whole number."),
    "the points": gettext_noop("Deal %(deal)s: write the points as a whole number."),
    "doubled (0-2)": gettext_noop("Deal %(deal)s: write doubled (0-2) as a whole number."),
}
_BOUNDS = {
    "the tricks": gettext_noop("Deal %(deal)s: the tricks is between %(low)s and %(high)s, not %(value)s."),
    "the makers' side": gettext_noop("Deal %(deal)s: the makers' side is between %(low)s and %(high)s, not %(value)s."),
    "the makers' tricks": gettext_noop(
        "Deal %(deal)s: the makers' tricks is between %(low)s and %(high)s, not %(value)s."
    ),
    "the bid": gettext_noop("Deal %(deal)s: the bid is between %(low)s and %(high)s, not %(value)s."),
    "the bidders' points": gettext_noop(
        "Deal %(deal)s: the bidders' points is between %(low)s and %(high)s, not %(value)s."
    ),
    "the points": gettext_noop("Deal %(deal)s: the points is between %(low)s and %(high)s, not %(value)s."),
    "doubled (0-2)": gettext_noop("Deal %(deal)s: doubled (0-2) is between %(low)s and %(high)s, not %(value)s."),
}
_PLAYER = {
    "bidder": gettext_noop("Deal %(deal)s: choose the bidder among the players at the table."),
    "bidder's partner": gettext_noop("Deal %(deal)s: choose the bidder's partner among the players at the table."),
    "player who took the tricks": gettext_noop(
        "Deal %(deal)s: choose the player who took the tricks among the players at the table."
    ),
}


def _entry_error(templates: Mapping[str, str], what: str, **params: Any) -> GameError:
    """The sentence for ``what`` in the reader's language, naming the deal and field."""
    deal, field = params.pop("deal"), params.pop("field")
    return GameError(_(templates[what]) % {"deal": deal, **params}, deal=deal, field=field)


def check_int(value: Any, low: int, high: int, *, deal: int, field: str, what: str) -> int:
    """A whole number typed at the table, within the laws' bounds, or a message naming the deal and field."""
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            value = int(value.strip())
        else:
            raise _entry_error(_WHOLE, what, deal=deal, field=field)
    if not low <= value <= high:
        raise _entry_error(_BOUNDS, what, deal=deal, field=field, low=low, high=high, value=value)
    return int(value)


def check_player(value: Any, players: Sequence[str], *, deal: int, field: str, what: str) -> str:
    """A player named at the table must be one of the players at it."""
    if value not in players:
        raise _entry_error(_PLAYER, what, deal=deal, field=field)
    return str(value)
