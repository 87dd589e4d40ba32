"""Reading a teams event: the rounds with every match scored, the standings, the knockout's winners.

Scores are computed here from the stored N-S scores (via tournaments.teams.calc), never stored and never in a view.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from scoring.knockout import KnockoutScore
from scoring.teams8 import in_first_match
from tournaments.tableside.events import key_of
from tournaments.teams.calc import (
    MatchScore,
    Standing,
    imps_by_number,
    knockout_boards,
    knockout_match,
    match_score,
    rank,
)
from tournaments.teams.models import Team, TeamBoard, TeamEvent, TeamMatch, TeamPenalty, TeamRound

__all__ = [
    "MatchView",
    "RoundView",
    "boards_open",
    "event_key",
    "event_versions",
    "half_of",
    "imps_by_number",
    "knockout",
    "knockout_winners",
    "match_view",
    "played_rounds",
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
    carry: Decimal = Decimal(0)  # a knockout's carry-over: positive to the home team


@dataclass(frozen=True, slots=True)
class RoundView:
    pk: int
    number: int
    bye: int | None
    matches: tuple[MatchView, ...]

    @property
    def complete(self) -> bool:
        return all(m.score.complete for m in self.matches)


def _view(m: dict[str, Any], rows: tuple[tuple[int, int, int], ...], event: TeamEvent) -> MatchView:
    score = match_score(
        [r[1] for r in rows],
        [r[2] for r in rows],
        boards=event.boards_per_match,
        vp_table=event.vp_table,
        vp_scale=event.vp_scale,
        form=event.scoring_form,
        numbers=[r[0] for r in rows],
    )
    return MatchView(
        m["pk"], m["table"], m["home__number"], m["away__number"], m["home__name"], m["away__name"], rows, score,
        m["version"],
        m["carry_over"],
    )  # fmt: skip


MATCH_FIELDS = (
    "pk", "round_id", "table", "home__number", "away__number", "home__name", "away__name", "version", "carry_over",
)  # fmt: skip


def _boards_of(matches: Any) -> dict[int, list[tuple[int, int, int]]]:
    boards: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    rows = TeamBoard.objects.filter(match__in=matches).order_by("match_id", "number")
    for match_id, number, r1, r2 in rows.values_list("match_id", "number", "room1_ns", "room2_ns"):
        boards[match_id].append((number, r1, r2))
    return boards


def match_view(match: TeamMatch) -> MatchView:
    event = TeamEvent.objects.get(draw_rounds__matches=match)
    m = TeamMatch.objects.filter(pk=match.pk).values(*MATCH_FIELDS).get()
    return _view(m, tuple(_boards_of(TeamMatch.objects.filter(pk=match.pk))[match.pk]), event)


def board_details(match: TeamMatch) -> list[dict[str, Any]]:
    """What an imported file said of each board of the match (contracts, declarers, leads, tricks, the hand
    record), board by board; empty for a match typed here."""
    rows = TeamBoard.objects.filter(match=match).exclude(rooms={}, deal="").order_by("number")
    return [
        {"number": n, "room1": rooms.get("1", {}), "room2": rooms.get("2", {}), "deal": deal}
        for n, rooms, deal in rows.values_list("number", "rooms", "deal")
    ]


def played_rounds(event: TeamEvent) -> list[RoundView]:
    """Every round drawn so far, in order, each match scored (three queries and plain rows: a 40-team Swiss
    has over a thousand boards by the last round, too many to build model instances for every draw)."""
    matches = TeamMatch.objects.filter(round__event=event)
    boards = _boards_of(matches)
    by_round: dict[int, list[MatchView]] = defaultdict(list)
    for m in matches.order_by("table").values(*MATCH_FIELDS):
        by_round[m["round_id"]].append(_view(m, tuple(boards[m["pk"]]), event))
    rounds = TeamRound.objects.filter(event=event).order_by("number").values_list("pk", "number", "bye__number")
    return [RoundView(pk, number, bye, tuple(by_round[pk])) for pk, number, bye in rounds]


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


def knockout_winners(event: TeamEvent, number: int, played: list[RoundView] | None = None) -> list[int]:
    """Who goes through after knockout round ``number``, in bracket order (round 1's byes included)."""
    rounds = {r.number: r for r in (played_rounds(event) if played is None else played)}
    rnd = rounds[number]
    winners: list[int] = []
    for m in rnd.matches:
        ko = knockout(event, m)
        if not ko.complete:
            raise ValueError(f"Match {m.table} of round {number} is not complete.")
        if ko.winner is None:
            raise ValueError(f"Match {m.table} of round {number} is tied: play extra boards.")
        winners.append(m.home if ko.winner == "home" else m.away)
    if number == 1:
        playing = {t for m in rnd.matches for t in (m.home, m.away)}
        by_home = {m.home: w for m, w in zip(rnd.matches, winners, strict=True)}
        seeds = list(Team.objects.filter(event=event).order_by("number").values_list("number", flat=True))
        slots = seeds[: len(seeds) - len(playing) // 2]  # the top half of the bracket: a bye or a home team each
        winners = [by_home.get(t, t) for t in slots]
    return winners


def boards_open(event: TeamEvent, view: MatchView) -> int:
    """The boards a match's entry form offers: the match's boards, and in a knockout extra ones while it is tied."""
    if event.format != TeamEvent.Format.KNOCKOUT:
        return event.match_boards
    return knockout_boards(imps_by_number(view.boards), event.boards_per_match, event.scoring_form, view.carry)


def knockout(event: TeamEvent, view: MatchView) -> KnockoutScore:
    """A knockout match in the event's stanzas with its carry-over: the running score and the winner on the total."""
    return knockout_match(
        imps_by_number(view.boards),
        event.boards_per_match,
        event.scoring_form,
        stanza_boards=event.stanza_boards,
        carry=view.carry,
    )


def event_key(event_id: int) -> str:
    """The event's owner key for pushed events (tableside/events.py): its rooms' pages stream it."""
    return key_of("teams", event_id)


def event_versions(event_ids: list[int]) -> dict[int, int]:
    """The versions of several teams events in one query (the push watcher's reader, registered in apps.py)."""
    return dict(TeamEvent.objects.filter(pk__in=event_ids).values_list("pk", "version"))


def half_of(event: TeamEvent, n: int) -> dict[str, int]:
    """Teams of eight: which of the two matches board ``n`` belongs to, and its number in that match (a knockout's
    extra board k is played in both, after each match's boards: scoring.teams8)."""
    if event.rooms != 4:
        return {}
    boards = event.boards_per_match
    if n > event.match_boards:
        return {"half": 1 if in_first_match(n, boards) else 2, "in_half": boards + (n - 2 * boards + 1) // 2}
    half = 1 if n <= boards else 2
    return {"half": half, "in_half": n - (half - 1) * boards}
