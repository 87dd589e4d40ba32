"""Reading a teams event: the rounds with every match scored, the standings, the knockout's winners.

Scores are computed here from the stored N-S scores (via tournaments.teams.calc), never stored and never in a view.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Prefetch

from tournaments.teams.calc import MatchScore, Standing, match_score, rank
from tournaments.teams.models import Team, TeamBoard, TeamEvent, TeamMatch, TeamPenalty, TeamRound

__all__ = [
    "MatchView",
    "RoundView",
    "knockout_winners",
    "match_view",
    "played_rounds",
    "round_complete",
    "standings",
]


@dataclass(frozen=True, slots=True)
class MatchView:
    """A match with its boards ((number, room 1 N-S, room 2 N-S) in board order) and its score."""

    pk: int
    table: int
    home: int
    away: int
    home_name: str
    away_name: str
    boards: tuple[tuple[int, int, int], ...]
    score: MatchScore
    version: int


@dataclass(frozen=True, slots=True)
class RoundView:
    pk: int
    number: int
    bye: int | None
    matches: tuple[MatchView, ...]

    @property
    def complete(self) -> bool:
        return all(m.score.complete for m in self.matches)


def _view(match: TeamMatch, event: TeamEvent) -> MatchView:
    rows = tuple((b.number, b.room1_ns, b.room2_ns) for b in match.boards.all())
    score = match_score(
        [r[1] for r in rows], [r[2] for r in rows], boards=event.boards_per_match, vp_table=event.vp_table
    )
    return MatchView(
        match.pk, match.table, match.home.number, match.away.number, match.home.name, match.away.name, rows,
        score, match.version,
    )  # fmt: skip


def match_view(match: TeamMatch) -> MatchView:
    match = TeamMatch.objects.select_related("home", "away", "round__event").prefetch_related("boards").get(pk=match.pk)
    return _view(match, match.round.event)


def played_rounds(event: TeamEvent) -> list[RoundView]:
    """Every round drawn so far, in order, each match scored (three queries, whatever the size)."""
    matches = TeamMatch.objects.select_related("home", "away").prefetch_related(
        Prefetch("boards", queryset=TeamBoard.objects.order_by("number"))
    )
    rounds = (
        TeamRound.objects.filter(event=event)
        .select_related("bye")
        .prefetch_related(Prefetch("matches", queryset=matches.order_by("table")))
        .order_by("number")
    )
    return [
        RoundView(r.pk, r.number, r.bye.number if r.bye else None, tuple(_view(m, event) for m in r.matches.all()))
        for r in rounds
    ]


def round_complete(rnd: TeamRound) -> bool:
    boards = rnd.event.boards_per_match
    return all(m.boards.count() == boards for m in rnd.matches.all())


def standings(event: TeamEvent, rounds: list[RoundView] | None = None) -> list[Standing]:
    """Teams by VPs (complete matches, byes, less penalties), then the event's tie-breaks; level teams share."""
    rows = {n: Standing(n) for n in Team.objects.filter(event=event).values_list("number", flat=True)}
    for r in played_rounds(event) if rounds is None else rounds:
        if r.bye is not None:
            rows[r.bye].vp += Decimal(event.bye_vp)
        for m in r.matches:
            s = m.score
            if s.vp_home is None or s.vp_away is None:
                continue
            rows[m.home].add_match(m.away, s.imps_home, s.imps_away, s.vp_home)
            rows[m.away].add_match(m.home, s.imps_away, s.imps_home, s.vp_away)
    for team, vp in TeamPenalty.objects.filter(team__event=event).values_list("team__number", "vp"):
        rows[team].penalty += vp
        rows[team].vp -= vp
    return rank(list(rows.values()), event.tie_breaks)


def knockout_winners(event: TeamEvent, number: int) -> list[int]:
    """Who goes through after knockout round ``number``, in bracket order (round 1's byes included)."""
    rounds = {r.number: r for r in played_rounds(event)}
    rnd = rounds[number]
    winners: list[int] = []
    for m in rnd.matches:
        if not m.score.complete:
            raise ValueError(f"Match {m.table} of round {number} is not complete.")
        if m.score.imps_home == m.score.imps_away:
            raise ValueError(f"Match {m.table} of round {number} is tied: play extra boards.")
        winners.append(m.home if m.score.imps_home > m.score.imps_away else m.away)
    if number == 1:
        playing = {t for m in rnd.matches for t in (m.home, m.away)}
        by_home = {m.home: w for m, w in zip(rnd.matches, winners, strict=True)}
        seeds = list(Team.objects.filter(event=event).order_by("number").values_list("number", flat=True))
        slots = seeds[: len(seeds) - len(playing) // 2]  # the top half of the bracket: a bye or a home team each
        winners = [by_home.get(t, t) for t in slots]
    return winners
