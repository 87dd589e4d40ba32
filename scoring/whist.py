"""Duplicate whist (whist-and-duplicate-whist.txt, the Laws of Duplicate Whist, 1900-1914).

A result on a traveller is the number of the thirteen tricks North-South took. A board is scored by match
points on North-South's tricks, or by each pair's tricks above or below the average of its direction on the
board (both in the laws' tradition). Law X section 4, the revoke: "the transfer of two tricks from the
revoking side to their adversaries", one trick for each further revoke by the same side; "the revoking
players cannot score more, nor their adversaries less than the average on the deal"; the penalty never takes
the tricks the revoking side won before its first revoke; and in pair matches the score is "recorded as
made, independently of the revoke penalty, which shall be separately indicated" (-R for the revoking side,
+R for their adversaries), and the penalty does not take the adversaries above the most made at the other
tables nor the revoking side below the least, unless the committee enforces the full penalty; if the
adversaries made more than that most on their own, "the score shall stand as made".
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.messages import gettext as _

from .errors import InvalidResult
from .matchpoints import matchpoints

__all__ = [
    "TRICKS",
    "Revoke",
    "WhistLine",
    "WhistScore",
    "revoke_penalty",
    "score_board",
    "standings",
]

TRICKS = 13


def revoke_penalty(revokes: int) -> int:
    """Tricks a side's revokes in one deal transfer: two for the first, one for each after (Law X s. 4)."""
    if revokes < 0:
        raise InvalidResult(_("A side cannot revoke fewer than no times."))
    return 0 if revokes == 0 else 2 + (revokes - 1)


@dataclass(frozen=True)
class Revoke:
    """A revoke established at the table: the side in error, how often, and its tricks before the first."""

    side: str  # "NS" or "EW"
    count: int = 1
    tricks_before: int = 0  # tricks the revoking side had won before its first revoke
    full_penalty: bool = False  # the committee was satisfied that the full penalty should be enforced

    def __post_init__(self) -> None:
        if self.side not in ("NS", "EW"):
            raise InvalidResult(_("The revoking side is NS or EW, not %(side)s.") % {"side": repr(self.side)})
        if self.count < 1:
            raise InvalidResult(_("A revoke is counted once or more."))
        if not 0 <= self.tricks_before <= TRICKS:
            raise InvalidResult(
                _("Tricks won before the revoke are 0 to %(most)s, not %(tricks_before)s.")
                % {"most": TRICKS, "tricks_before": self.tricks_before}
            )


@dataclass(frozen=True)
class WhistLine:
    """One traveller line: the pairs, North-South's tricks as made, and a revoke if one was established."""

    ns: str
    ew: str
    ns_tricks: int
    revoke: Revoke | None = None

    def __post_init__(self) -> None:
        if isinstance(self.ns_tricks, bool) or not isinstance(self.ns_tricks, int):
            raise InvalidResult(_("Write North-South's tricks as a whole number."))
        if not 0 <= self.ns_tricks <= TRICKS:
            raise InvalidResult(
                _("North-South took 0 to %(most)s tricks, not %(ns_tricks)s.")
                % {"most": TRICKS, "ns_tricks": self.ns_tricks}
            )
        if self.revoke and self.revoke.tricks_before > self.made(self.revoke.side):
            raise InvalidResult(_("The revoking side cannot have won more tricks before its revoke than in the deal."))

    def made(self, side: str) -> int:
        return self.ns_tricks if side == "NS" else TRICKS - self.ns_tricks


@dataclass(frozen=True)
class WhistScore:
    """A line scored: North-South's tricks after the revoke penalty, the R moved, and the two scores."""

    line: WhistLine
    ns_after: Fraction  # North-South's tricks once the revoke penalty is applied
    revoke_tricks: Fraction  # the R: tricks the penalty moved to North-South (negative: to East-West)
    ns_matchpoints: float = 0.0
    ew_matchpoints: float = 0.0
    ns_over_average: Fraction = Fraction(0)

    @property
    def r_mark(self) -> str:
        """The separate indication of the laws: "+R2" for North-South when East-West revoked, "-R2" otherwise."""
        if not self.revoke_tricks:
            return ""
        return f"{'+' if self.revoke_tricks > 0 else '-'}R{abs(self.revoke_tricks)}"


def _after_revoke(line: WhistLine, revoke: Revoke, others: Sequence[int]) -> Fraction:
    """The revoking side's tricks once Law X s. 4 is applied, against the other tables' results (N-S tricks)."""
    side = revoke.side
    made = Fraction(line.made(side))
    theirs = [Fraction(n if side == "NS" else TRICKS - n) for n in others]  # the revoking direction elsewhere
    after = made - revoke_penalty(revoke.count)
    if theirs:
        after = min(after, sum(theirs, Fraction(0)) / len(theirs))  # no more than the average (other tables)
        if not revoke.full_penalty:
            floor = min(theirs)  # nor the adversaries above the most made at the other tables ...
            after = made if made < floor else max(after, floor)  # ... unless they made more: as made
    return max(after, Fraction(min(revoke.tricks_before, line.made(side))))


def score_board(lines: Sequence[WhistLine], *, scale: str = "ebu") -> list[WhistScore]:
    """Every line of one board's traveller: the revoke penalty, match points and tricks over the average."""
    adjusted: list[tuple[Fraction, Fraction]] = []
    for i, line in enumerate(lines):
        ns = Fraction(line.ns_tricks)
        if line.revoke is not None:
            others = [other.ns_tricks for j, other in enumerate(lines) if j != i]
            after = _after_revoke(line, line.revoke, others)
            ns = after if line.revoke.side == "NS" else TRICKS - after
        adjusted.append((ns, ns - line.ns_tricks))
    # Match points compare the scores in the board's smallest unit (a revoke capped at a fractional average).
    unit = math.lcm(1, *(ns.denominator for ns, _r in adjusted))
    mps = matchpoints([int(ns * unit) for ns, _r in adjusted], scale=scale)
    top = 2 * (len(lines) - 1) if scale == "ebu" else len(lines) - 1
    average = sum((ns for ns, _r in adjusted), Fraction(0)) / len(lines) if lines else Fraction(0)
    return [
        WhistScore(line, ns, r, mp, top - mp, ns - average)
        for line, (ns, r), mp in zip(lines, adjusted, mps, strict=True)
    ]


def standings(
    boards: Mapping[int, Sequence[WhistScore]], *, method: str = "matchpoints", individuals: bool = False
) -> dict[str, float]:
    """Each pair's total: match points, or tricks above (+) or below (-) the average, over every board.

    ``individuals``: the lines name partnerships of the moment ("8-3", as an individual movement seats them)
    and each player is credited with his partnership's score.
    """
    if method not in ("matchpoints", "tricks"):
        raise InvalidResult(
            _("Score duplicate whist by 'matchpoints' or 'tricks', not %(method)s.") % {"method": repr(method)}
        )
    totals: dict[str, Fraction] = {}
    for scores in boards.values():
        for s in scores:
            ns, ew = (
                (Fraction(s.ns_matchpoints), Fraction(s.ew_matchpoints))
                if method == "matchpoints"
                else (s.ns_over_average, -s.ns_over_average)
            )
            for label, score in ((s.line.ns, ns), (s.line.ew, ew)):
                for who in label.split("-") if individuals else (label,):
                    totals[who] = totals.get(who, Fraction(0)) + score
    return {pair: float(total) for pair, total in totals.items()}
