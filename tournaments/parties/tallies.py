"""Laws 10-12: tallies (my score, opponents' score, net), the hostess's cross-check, ranking and prizes.

Everything here is derived from the results of each table in each round; nothing is typed in twice.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import scoring
from scoring.messages import gettext_noop as N_

from .types import Guest, PartyError, TableSeating

__all__ = [
    "PRIZES",
    "SLAM_PRIZES",
    "SLAM_TRICKS",
    "DealLine",
    "TableResult",
    "Tally",
    "award_prizes",
    "laws_check",
    "rank_guests",
    "tallies_from",
]

# Prizes the host may pick ("Hints to the Hostess" and the comment to Law 12): marked for the catalogue (N_), put
# into the reader's language where shown (`gettext(PRIZES[code])`).
PRIZES = {
    "highest": N_("Highest score"),
    "second": N_("Second-highest score"),
    "booby": N_("Booby (lowest score)"),
    "ladies_highest": N_("Ladies' highest"),
    "gentlemen_highest": N_("Gentlemen's highest"),
    "ladies_booby": N_("Ladies' booby"),
    "gentlemen_booby": N_("Gentlemen's booby"),
    "first_slam": N_("First slam bid and made"),
    "most_slams": N_("Most slams bid and made"),
    "highest_round": N_("Highest score in any round"),
}
SLAM_PRIZES = frozenset({"first_slam", "most_slams"})  # the prizes that look at the deals
SLAM_TRICKS = 12  # the fewest tricks a declarer takes in a slam bid and made: the other deals cannot win one


@dataclass(frozen=True)
class DealLine:
    """One deal as played and scored at a table (contract "PASS" when passed out)."""

    deal: int
    dealer: str
    vulnerable: str
    contract: str
    declarer: str | None
    tricks: int | None
    honors_side: str | None
    honors_points: int
    ns: int
    ew: int

    @property
    def slam_made_by(self) -> str | None:
        """The side that bid and made a slam on this deal, if one did."""
        if self.declarer is None or self.tricks is None:
            return None
        needed = slam_tricks(self.contract)
        if needed is not None and self.tricks >= needed:
            return "NS" if self.declarer in ("N", "S") else "EW"
        return None


@functools.lru_cache(maxsize=512)
def slam_tricks(contract: str) -> int | None:
    """The tricks a slam contract needs (12 or 13), or None for any other contract or a pass.

    A party's deals repeat a few dozen contract texts: each is parsed once per process, not once per deal and
    prize (a 60-table evening is about a thousand deals, and both slam prizes looked at each: issue 24)."""
    if contract in ("PASS", ""):
        return None
    parsed = scoring.parse_contract(contract)
    return parsed.tricks_needed if parsed.is_slam else None


@dataclass
class TableResult:
    """A table's round: the seating, the two totals (or each seat's), the winners and (when entered) the deals."""

    round: int
    seating: TableSeating
    ns_total: int
    ew_total: int
    winner: str | None = None
    deals: Sequence[DealLine] = ()
    seat_totals: Mapping[str, int] = field(default_factory=dict)  # an individual game: each seat's own total
    decided_by: str = "score"  # or the tie rule that settled it ("half": cinch's half game each)

    @property
    def table(self) -> int:
        return self.seating.table


@dataclass
class Tally:
    """A guest's tally card: per round (round, table, my, opponents), and the totals of Law 11.

    The totals are added up as rounds are added (`add`), not summed again on each use: ranking and the prizes
    read them thousands of times at a 60-table party (issue 24). A round appended to `rounds` directly is still
    counted: the totals are summed afresh whenever the count of rounds differs from the one they were made of."""

    guest: str
    # (round, table, my, opponents); a game's tally may hold a half (cinch: half a game each at a tie)
    rounds: list[tuple[int, int, float, float]] = field(default_factory=list)
    _sums: tuple[int, float, float] = field(default=(0, 0, 0), init=False, repr=False, compare=False)

    def add(self, rnd: int, table: int, my: float, opponents: float) -> None:
        """One more round on the card."""
        count, mine, theirs = self._totals()
        self.rounds.append((rnd, table, my, opponents))
        self._sums = (count + 1, mine + my, theirs + opponents)

    def _totals(self) -> tuple[int, float, float]:
        if self._sums[0] != len(self.rounds):
            self._sums = (len(self.rounds), sum(r[2] for r in self.rounds), sum(r[3] for r in self.rounds))
        return self._sums

    @property
    def my(self) -> float:
        return self._totals()[1]

    @property
    def opponents(self) -> float:
        return self._totals()[2]

    @property
    def net(self) -> float:
        """Law 11: my total less my opponents' total, plus or minus."""
        return self.my - self.opponents


def tallies_from(guests: Iterable[Guest], results: Iterable[TableResult]) -> dict[str, Tally]:
    """Law 10: each player's tally gets her side's points as "my score" and the other side's as opponents'."""
    tallies = {g.id: Tally(g.id) for g in guests}
    for res in sorted(results, key=lambda r: (r.round, r.table)):
        for seat, who in res.seating.seats.items():
            if who not in tallies:
                raise PartyError(f"Table {res.table} round {res.round}: {who} is not a guest.")
            mine, theirs = (res.ns_total, res.ew_total) if seat in ("N", "S") else (res.ew_total, res.ns_total)
            tallies[who].add(res.round, res.table, mine, theirs)
    return tallies


def laws_check(tallies: Mapping[str, Tally]) -> tuple[float, float]:
    """The hostess's check: all "My Score" totals and all "Opponents' Score" totals must add up the same."""
    return sum(t.my for t in tallies.values()), sum(t.opponents for t in tallies.values())


def _rank_key(tally: Tally, names: Mapping[str, str]) -> tuple[float, float, str, str]:
    # Law 12 ranks by net; equal nets are listed by the larger own score, then by name.
    return (-tally.net, -tally.my, names.get(tally.guest, ""), tally.guest)


def rank_guests(guests: Sequence[Guest], tallies: Mapping[str, Tally]) -> list[str]:
    """Law 12: largest plus score first, the largest minus last."""
    names = {g.id: g.name for g in guests}
    return [t.guest for t in sorted(tallies.values(), key=lambda t: _rank_key(t, names))]


def _tied_with(ranking: Sequence[str], tallies: Mapping[str, Tally]) -> list[str]:
    """A prize is shared by everyone exactly level (net and own score) with its winner, the first of `ranking`.

    `ranking` is in Law 12's order (or its reverse), so those level with the first come right after it."""
    first = tallies[ranking[0]]
    key = (first.net, first.my)
    tied = []
    for g in ranking:
        t = tallies[g]
        if (t.net, t.my) != key:
            break
        tied.append(g)
    return tied


def award_prizes(
    chosen: Sequence[str],
    guests: Sequence[Guest],
    tallies: Mapping[str, Tally],
    results: Sequence[TableResult],
    ranking: Sequence[str] | None = None,
) -> list[tuple[str, str]]:
    """(prize code, guest id) pairs for the prizes the host chose; shared prizes list every winner.

    Slam prizes need deal-by-deal entry: a table entered as two totals has no slams to count. The deals are
    searched for slams once, whichever slam prizes were chosen. `ranking`: `rank_guests`' answer, if the caller
    has it already.
    """
    ranking = rank_guests(guests, tallies) if ranking is None else ranking
    ranking = [g for g in ranking if tallies[g].rounds]  # a guest who never played wins nothing
    group = {g.id: g.group for g in guests}
    awards: list[tuple[str, str]] = []
    given: set[str] = set()

    def best(pool: Sequence[str], *, skip_given: bool = True) -> list[str]:
        pool = [g for g in pool if not (skip_given and g in given)]
        return _tied_with(pool, tallies) if pool else []

    def give(code: str, winners: Iterable[str]) -> None:
        for w in winners:
            awards.append((code, w))
            given.add(w)

    for code in chosen:
        if code not in PRIZES:
            raise PartyError(f"Unknown prize {code!r}.")
    # Top prizes first, then boobies, then the specials, so nobody takes two ranked prizes.
    order = [c for c in PRIZES if c in chosen]
    slams = _slams(results) if SLAM_PRIZES & set(order) else []
    for code in order:
        if code in ("highest", "second"):
            give(code, best(ranking))
        elif code in ("ladies_highest", "gentlemen_highest"):
            want = "lady" if code.startswith("ladies") else "gentleman"
            give(code, best([g for g in ranking if group[g] == want]))
        elif code == "booby":
            give(code, best(list(reversed(ranking))))
        elif code in ("ladies_booby", "gentlemen_booby"):
            want = "lady" if code.startswith("ladies") else "gentleman"
            give(code, best([g for g in reversed(ranking) if group[g] == want]))
        elif code == "first_slam":
            give(code, _first_slam(slams))
        elif code == "most_slams":
            give(code, _most_slams(slams))
        elif code == "highest_round":
            give(code, _highest_round(tallies))
    return awards


Slam = tuple[int, int, int, tuple[str, ...]]  # (round, deal, table, the pair that made it)


def _slams(results: Sequence[TableResult]) -> list[Slam]:
    """Every slam bid and made, in order of round, deal and table."""
    found = []
    for res in results:
        for d in res.deals:
            side = d.slam_made_by
            if side:
                found.append((res.round, d.deal, res.table, res.seating.pair(side)))
    return sorted(found)


def _first_slam(slams: Sequence[Slam]) -> list[str]:
    """The earliest round and deal number; two tables making one on the same deal share the prize."""
    if not slams:
        return []
    first = slams[0][:2]
    return [g for r, d, _t, pair in slams if (r, d) == first for g in pair]


def _most_slams(slams: Sequence[Slam]) -> list[str]:
    counts: dict[str, int] = {}
    for *_rest, pair in slams:
        for g in pair:
            counts[g] = counts.get(g, 0) + 1
    if not counts:
        return []
    top = max(counts.values())
    return sorted(g for g, n in counts.items() if n == top)


def _highest_round(tallies: Mapping[str, Tally]) -> list[str]:
    best = max((r[2] for t in tallies.values() for r in t.rounds), default=None)
    if best is None or best <= 0:
        return []
    return sorted(t.guest for t in tallies.values() if any(r[2] == best for r in t.rounds))
