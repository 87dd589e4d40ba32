"""The arithmetic of a teams event on plain values (no Django): a match in IMPs and VPs, and the standings.

Every IMP and VP comes from scoring.imps; this module only adds them up and orders the teams.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal

from scoring.aggregate import aggregate_match
from scoring.bam import bam_match, patton_match
from scoring.errors import InvalidScore
from scoring.imps import match_totals, team_board_imps
from scoring.knockout import KnockoutScore, knockout_score
from scoring.messages import gettext as _
from scoring.messages import gettext_noop as N_
from scoring.teams8 import MAX_EXTRA, HalfScore, eight_match, knockout_open, split_boards
from scoring.vpscales import scale_victory_points

__all__ = [
    "MAX_EXTRA_BOARDS",
    "SCORING_FORMS",
    "TIE_BREAKS",
    "MatchScore",
    "Standing",
    "club_victory_points",
    "imps_by_number",
    "knockout_boards",
    "knockout_match",
    "match_score",
    "rank",
]

TIE_BREAKS = {  # marked for makemessages, translated where shown (gettext(TIE_BREAKS[key]))
    "imp_diff": N_("IMP difference"),
    "imp_quotient": N_("IMP quotient (IMPs won / IMPs lost)"),
    "head_to_head": N_("VPs in the matches between the tied teams"),
}


SCORING_FORMS = ("imps", "bam", "patton", "teams8", "total")  # TeamEvent.Scoring's values (teams8: two matches added)


ZERO = Decimal(0)


def _cents(value: float | Decimal) -> Decimal:
    return Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def club_victory_points(imp_margin: int, table: Sequence[float]) -> tuple[float, float]:
    """VPs from a club's own scale: ``table[m]`` is the winner's VPs for a margin of ``m`` IMPs (the last entry
    holds for every larger margin); the loser gets the rest of twice ``table[0]`` (the total of a drawn match)."""
    if not table:
        raise InvalidScore(_("A club's VP scale needs at least the value of a drawn match."))
    total = 2 * table[0]
    winner = table[min(abs(imp_margin), len(table) - 1)]
    loser = round(total - winner, 2)
    return (winner, loser) if imp_margin >= 0 else (loser, winner)


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match's IMPs per board (to the home team), the totals each side won, and the VPs (None until complete)."""

    board_imps: tuple[int, ...]
    imps_home: int
    imps_away: int
    vp_home: float | None
    vp_away: float | None
    complete: bool
    halves: tuple[HalfScore, HalfScore] | None = None  # teams of eight: each of the two matches


def _eight_score(
    numbers: Sequence[int], room1_ns: Sequence[int], room2_ns: Sequence[int], boards: int, vp_table: Sequence[float],
    vp_scale: str,
) -> MatchScore:  # fmt: skip
    stored = {n: (a, b) for n, a, b in zip(numbers, room1_ns, room2_ns, strict=True)}
    score = eight_match(
        *split_boards(stored, boards, extra=MAX_EXTRA), boards=boards, vp_scale=None if vp_table else vp_scale
    )
    vp_home, vp_away = score.vp_home, score.vp_away
    if score.complete and vp_table:
        vp_home, vp_away = club_victory_points(score.net, vp_table)
    per_board = score.first.board_imps + score.second.board_imps
    return MatchScore(
        per_board, score.imps_home, score.imps_away, vp_home, vp_away, score.complete, (score.first, score.second)
    )


def match_score(
    room1_ns: Sequence[int],
    room2_ns: Sequence[int],
    *,
    boards: int,
    vp_table: Sequence[float] = (),
    vp_scale: str = "wbf_continuous",
    form: str = "imps",
    numbers: Sequence[int] = (),
) -> MatchScore:
    """Score a match from the N-S scores of the boards entered so far (room 1: home N-S, room 2: away N-S).

    The match's points (``vp_home``, ``vp_away``) are given only once every board has both scores: with ``form``
    "imps", VPs on the named ``vp_scale`` (scoring.vpscales: WBF continuous or discrete) for ``boards`` (the match
    length) or the club's own ``vp_table``; with "bam" or "patton", the board-a-match or Patton points of
    scoring.bam; with "total", each side's aggregate of net scores (scoring.aggregate: may be negative); with
    "teams8", two matches of ``boards`` each (``numbers`` gives each board's number: match 2's board k is
    ``boards + k``), IMPs added, then VPs (scoring.teams8). IMPs are always counted (the tie-breaks).
    """
    if form not in SCORING_FORMS:
        raise InvalidScore(_("Unknown form of scoring %(form)s.") % {"form": repr(form)})
    if form == "teams8":
        return _eight_score(numbers or range(1, len(room1_ns) + 1), room1_ns, room2_ns, boards, vp_table, vp_scale)
    per_board = team_board_imps(room1_ns, room2_ns)
    home, away = match_totals(per_board)
    complete = len(per_board) >= boards  # a tied knockout match goes on with extra boards
    vp_home = vp_away = None
    if complete and form == "bam":
        vp_home, vp_away = bam_match(room1_ns, room2_ns)
    elif complete and form == "patton":
        patton = patton_match(room1_ns, room2_ns)
        vp_home, vp_away = patton.home, patton.away
    elif complete and form == "total":
        aggregate = aggregate_match(room1_ns, room2_ns)
        vp_home, vp_away = float(aggregate.home), float(aggregate.away)
    elif complete:
        margin = int(home - away)
        vp_home, vp_away = (
            club_victory_points(margin, vp_table) if vp_table else scale_victory_points(vp_scale, margin, boards)
        )
    return MatchScore(tuple(per_board), int(home), int(away), vp_home, vp_away, complete)


@dataclass(slots=True)
class Standing:
    """A team's running totals. ``vp`` includes byes and penalties (already taken off)."""

    team: int
    vp: Decimal = Decimal(0)
    imps_for: int = 0
    imps_against: int = 0
    penalty: Decimal = Decimal(0)
    played: int = 0
    vs: dict[int, Decimal] = field(default_factory=dict)  # VPs won against each opponent (head to head)
    place: int = 0

    @property
    def imp_diff(self) -> int:
        return self.imps_for - self.imps_against

    @property
    def imp_quotient(self) -> Decimal:
        if self.imps_against == 0:
            return Decimal("Infinity") if self.imps_for else Decimal(1)
        return Decimal(self.imps_for) / Decimal(self.imps_against)

    def add_match(self, opponent: int, imps_for: int, imps_against: int, vp: float) -> None:
        self.imps_for += imps_for
        self.imps_against += imps_against
        self.vp = _cents(self.vp + _cents(vp))
        self.vs[opponent] = self.vs.get(opponent, Decimal(0)) + _cents(vp)
        self.played += 1


def rank(rows: Sequence[Standing], tie_breaks: Sequence[str]) -> list[Standing]:
    """Order by VPs, then by the director's tie-breaks in turn; teams still level share a place.

    Head to head counts only the matches among the teams level on VPs at that point.
    """
    unknown = [t for t in tie_breaks if t not in TIE_BREAKS]
    if unknown:
        raise InvalidScore(_("Unknown tie-break %(unknown)s.") % {"unknown": repr(unknown[0])})
    out: list[Standing] = []
    for group in _groups(sorted(rows, key=lambda s: (-s.vp, s.team)), lambda s: s.vp):
        out.extend(_break(group, list(tie_breaks)))
    place = 0
    prev: tuple[object, ...] | None = None
    for i, s in enumerate(out, start=1):
        key = _full_key(s, out, tie_breaks)
        if key != prev:
            place = i
        s.place, prev = place, key
    return out


def _groups(rows: list[Standing], key: Callable[[Standing], object]) -> list[list[Standing]]:
    groups: list[list[Standing]] = []
    for s in rows:
        if groups and key(groups[-1][0]) == key(s):
            groups[-1].append(s)
        else:
            groups.append([s])
    return groups


def _value(s: Standing, tie_break: str, group: Sequence[Standing]) -> Decimal:
    if tie_break == "imp_diff":
        return Decimal(s.imp_diff)
    if tie_break == "imp_quotient":
        return s.imp_quotient
    mates = {g.team for g in group}
    return sum((v for t, v in s.vs.items() if t in mates), Decimal(0))


def _break(group: list[Standing], tie_breaks: list[str]) -> list[Standing]:
    if len(group) < 2 or not tie_breaks:
        return group
    first, rest = tie_breaks[0], tie_breaks[1:]
    ordered = sorted(group, key=lambda s: (-_value(s, first, group), s.team))
    out: list[Standing] = []
    for sub in _groups(ordered, lambda s: _value(s, first, group)):
        out.extend(_break(sub, rest))
    return out


def _full_key(s: Standing, rows: Sequence[Standing], tie_breaks: Sequence[str]) -> tuple[object, ...]:
    level = [r for r in rows if r.vp == s.vp]
    return (s.vp, *(_value(s, t, level) for t in tie_breaks))


MAX_EXTRA_BOARDS = 16  # a knockout tie is settled long before this many extra boards


def imps_by_number(boards: Sequence[tuple[int, int, int]]) -> dict[int, int]:
    """Each stored board's IMPs to the home team by its number, from (number, room 1 N-S, room 2 N-S) rows (a
    teams-of-eight score lists its boards match by match, not by number)."""
    imps = team_board_imps([b[1] for b in boards], [b[2] for b in boards])
    return {b[0]: int(i) for b, i in zip(boards, imps, strict=True)}


def knockout_boards(board_imps: Mapping[int, int], boards: int, form: str = "imps", carry: Decimal = ZERO) -> int:
    """How many boards a knockout match has room for: its `boards`, then one extra board at a time while the match
    (its carry-over included) is tied after every board before it (extra boards are entered like any other; the
    total decides). Teams of eight: both matches, then each extra board in both (scoring.teams8.knockout_open)."""
    if form == "teams8":
        return knockout_open(board_imps, boards, carry=float(carry))
    n = boards
    while (
        n < boards + MAX_EXTRA_BOARDS
        and all(k in board_imps for k in range(1, n + 1))
        and carry + sum(board_imps[k] for k in range(1, n + 1)) == 0
    ):
        n += 1
    return n


def knockout_match(
    board_imps: Mapping[int, int], boards: int, form: str = "imps", *, stanza_boards: int = 0, carry: Decimal = ZERO
) -> KnockoutScore:
    """A knockout match in stanzas with its carry-over (scoring.knockout). Teams of eight: each match's IMPs of a
    stanza added (never netted board by board), board k of both matches counted together (match 2's board k is
    stored as ``boards + k``; extra board k as ``2 * boards + 2k - 1`` and ``2 * boards + 2k``), a board counting
    once both matches have played it."""
    if form == "teams8":
        both: dict[int, tuple[int, ...]] = {}
        half_played = False
        for k in range(1, boards + MAX_EXTRA + 1):
            first, second = (k, boards + k) if k <= boards else (2 * k - 1, 2 * k)
            if first in board_imps and second in board_imps:
                both[k] = (board_imps[first], board_imps[second])  # each match's stanza IMPs, added, not netted
            elif first in board_imps or second in board_imps:
                half_played = True  # a board one match has played and the other not: the match is not over
        score = knockout_score(both, boards=boards, stanza_boards=min(stanza_boards, boards), carry=carry)
        return replace(score, complete=False) if half_played else score
    return knockout_score(board_imps, boards=boards, stanza_boards=min(stanza_boards, boards), carry=carry)
