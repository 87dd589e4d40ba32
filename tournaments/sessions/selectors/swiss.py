"""Swiss pairs standings: each pair's score round by round, the order the next round is drawn from.

An IMP-scored Swiss (Butler or cross-IMPs) turns each match into victory points: the pair's IMPs on the round's
boards less its opponents', on the session's VP scale (`Session.vp_scale`: the WBF continuous 20-VP scale, or
the WBF discrete one) for that many boards; a bye earns 12 VP (60%, as an
average plus). A match-pointed Swiss ranks as any pairs session does (the standings' totals, a bye's missed boards
scaled as every missed board is), with each round's match points shown. Ties: the lower pair number first.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import scoring
from scoring.vpscales import scale_victory_points
from tournaments.sessions.models import Entry, Section, TableRound
from tournaments.sessions.selectors.scores import SectionScores, score_section

BYE_VP = 12.0


@dataclass(frozen=True)
class SwissRound:
    number: int
    opponent: Entry | None  # None: the bye
    score: float | None  # VPs (IMPs) or match points; None while the round's results are missing


@dataclass
class SwissStanding:
    entry: Entry
    rounds: list[SwissRound]
    total: float
    place: str = ""


@dataclass
class SwissTable:
    section: Section
    vps: bool
    drawn: int  # rounds drawn so far
    standings: list[SwissStanding]
    rows: dict[int, list[TableRound]]  # round -> its tables

    @property
    def can_draw(self) -> bool:
        return self.drawn < self.section.rounds


def swiss_table(section: Section, scores: SectionScores | None = None) -> SwissTable:
    """The Swiss standings of a section from its scores, best first."""
    scores = scores if scores is not None else score_section(section)
    vps = section.session.is_imps
    rows: dict[int, list[TableRound]] = defaultdict(list)
    for row in TableRound.objects.filter(section=section).order_by("round", "table"):
        rows[row.round].append(row)
    points: dict[tuple[int, int], float] = defaultdict(float)  # (entry, round) -> IMPs or match points
    lines: dict[tuple[int, int], int] = defaultdict(int)
    round_of = {row.pk: row.round for rs in rows.values() for row in rs}
    for board in scores.boards:
        for line in board.lines:
            r = round_of.get(line.result.table_round_id or 0)
            if r is None or line.ns_points is None:
                continue
            for entry_id, value in (
                (line.result.ns_entry_id, line.ns_points),
                (line.result.ew_entry_id, line.ew_points),
            ):
                points[(entry_id, r)] += value or 0.0
                lines[(entry_id, r)] += 1
    entries = {e.pk: e for e in scores.entries}
    by_entry: dict[int, list[SwissRound]] = defaultdict(list)
    for number, tables in sorted(rows.items()):
        for row in tables:
            for me, them in ((row.ns_entry_id, row.ew_entry_id), (row.ew_entry_id, row.ns_entry_id)):
                if me is None:
                    continue
                opponent = entries.get(them) if them else None
                score = _score(vps, me, them, number, row, points, lines, section.session.vp_scale)
                by_entry[me].append(SwissRound(number, opponent, score))
    totals = {s.entry.pk: s.total for rs in scores.standings.values() for s in rs}
    standings = []
    for entry in sorted(entries.values(), key=lambda e: e.number):
        played = by_entry.get(entry.pk, [])
        total = sum(r.score or 0.0 for r in played) if vps else totals.get(entry.pk, 0.0)
        standings.append(SwissStanding(entry, played, round(total, 2)))
    standings.sort(key=lambda s: (-s.total, s.entry.number))
    for standing, place in zip(standings, scoring.rank_with_ties([s.total for s in standings]), strict=True):
        standing.place = place
    return SwissTable(section, vps, max(rows, default=0), standings, dict(rows))


def _score(
    vps: bool,
    me: int,
    them: int | None,
    number: int,
    row: TableRound,
    points: dict[tuple[int, int], float],
    lines: dict[tuple[int, int], int],
    vp_scale: str = "wbf_continuous",
) -> float | None:
    boards = len(row.boards)
    if them is None:
        return BYE_VP if vps else None
    if lines[(me, number)] < boards:
        return None  # the match is not over
    if not vps:
        return round(points[(me, number)], 2)
    return scale_victory_points(vp_scale, points[(me, number)] - points[(them, number)], boards)[0]
