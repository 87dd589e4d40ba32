"""Reading a season competition: its sessions' (and its teams events') results turned into players' scores, and
its standings.

Computed on every read from the finished sessions as they stand (a corrected result shows at once; nothing is
stored, so nothing goes stale). The rules are scoring/competitions.py; docs/competitions.md explains them.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

import scoring.competitions as rules
from tournaments.sessions.competition_sources import SOURCES, EventResult
from tournaments.sessions.models import Competition, Member, Session
from tournaments.sessions.selectors.scores import score_session

_PLACE = re.compile(r"^\s*(\d+)")
MAX_CARRY_DEPTH = 8  # a championship carrying from a championship ...: deeper chains (or a loop) stop here


@dataclass(frozen=True)
class Row:
    """One player's line in the standings, with the member it names."""

    member: Member
    standing: rules.Standing

    @property
    def cells(self) -> list[tuple[float | None, bool]]:
        return list(zip(self.standing.scores, self.standing.counted, strict=True))


@dataclass(frozen=True)
class Column:
    """A session or another app's event (a teams event) as a column of the standings."""

    key: str  # "session:12", "teams:3"
    name: str
    date: datetime.date
    scores: list[rules.Score]


@dataclass(frozen=True)
class Table:
    competition: Competition
    sessions: list[Column]  # the finished sessions and events, in the order played: the columns
    waiting: list[Column]  # the competition's sessions and events not finished yet (not counted)
    rows: list[Row]
    carry_from: Competition | None

    @property
    def finished_sessions(self) -> int:
        """How many of the counted columns are pairs sessions (the page's count line says them apart)."""
        return sum(1 for c in self.sessions if c.key.startswith("session:"))

    @property
    def finished_events(self) -> int:
        """How many of the counted columns are other apps' events (teams events)."""
        return len(self.sessions) - self.finished_sessions


def competition_sessions(competition: Competition) -> tuple[list[Session], list[Session]]:
    """The finished sessions (counted) and the others, each in the order they were played."""
    every = list(competition.sessions.select_related("event").order_by("date", "number", "pk"))
    done = [s for s in every if s.status == Session.Status.FINISHED]
    return done, [s for s in every if s.status != Session.Status.FINISHED]


def other_events(competition: Competition) -> list[EventResult]:
    """The competition's events of other apps (teams events), through their registered sources."""
    named: dict[str, list[int]] = {}
    for source, object_id in competition.events.values_list("source", "object_id"):
        named.setdefault(source, []).append(object_id)
    return [r for kind, ids in named.items() if kind in SOURCES for r in SOURCES[kind].results(ids)]


def competition_columns(competition: Competition) -> tuple[list[Column], list[Column]]:
    """Every finished session and event (counted), and the others, each in the order played (sessions first on
    a day they share with an event)."""
    done, waiting = competition_sessions(competition)
    others = other_events(competition)
    counted = [(s.date, 0, Column(f"session:{s.pk}", s.event.name, s.date, session_scores(s))) for s in done]
    counted += [(e.date, 1, Column(e.key, e.name, e.date, e.scores)) for e in others if e.finished]
    later = [Column(f"session:{s.pk}", s.event.name, s.date, []) for s in waiting]
    later += [Column(e.key, e.name, e.date, []) for e in others if not e.finished]
    return [c for *_, c in sorted(counted, key=lambda t: (t[0], t[1]))], sorted(later, key=lambda c: c.date)


def session_scores(session: Session) -> list[rules.Score]:
    """Each club member's percentage and rank in their field (NS, EW or one); guests take no part. A member
    named twice in one session (a slip in the names) keeps their first result."""
    out: list[rules.Score] = []
    seen: set[str] = set()
    for section in score_session(session):
        players = {e.pk: [p.member_id for p in e.players.all()] for e in section.entries}
        for standings in section.standings.values():
            ranked = [
                (s, int(m.group(1)))
                for s in standings
                if s.percentage is not None and s.boards_played > 0 and (m := _PLACE.match(s.place))
            ]
            for standing, rank in ranked:
                for member in players.get(standing.entry.pk, []):
                    key = str(member)
                    if member is None or key in seen:
                        continue
                    seen.add(key)
                    pct = min(max(float(standing.percentage or 0.0), 0.0), 100.0)
                    out.append(rules.Score(key, pct, min(rank, len(ranked)), len(ranked)))
    return out


def _rules(competition: Competition, depth: int) -> rules.Rules:
    carry: dict[str, float] = {}
    if competition.kind == Competition.Kind.CHAMPIONSHIP and competition.carry_from_id and depth < MAX_CARRY_DEPTH:
        earlier = Competition.objects.filter(pk=competition.carry_from_id).first()
        if earlier is not None:
            carry = rules.carried(_standings(earlier, depth + 1), competition.carry_percent)
    kind: rules.Kind = competition.kind  # type: ignore[assignment]  # the choices are rules.KINDS
    return rules.Rules(kind, competition.counting, carry)


def _standings(competition: Competition, depth: int = 0) -> list[rules.Standing]:
    done, _ = competition_columns(competition)
    return rules.standings([c.scores for c in done], _rules(competition, depth))


def competition_table(competition: Competition) -> Table:
    """The standings page's whole content."""
    done, waiting = competition_columns(competition)
    standings = rules.standings([c.scores for c in done], _rules(competition, 0))
    members = Member.objects.in_bulk([int(s.player) for s in standings])
    rows = [Row(members[int(s.player)], s) for s in standings if int(s.player) in members]
    carry_from = None
    if competition.kind == Competition.Kind.CHAMPIONSHIP and competition.carry_from_id:
        carry_from = Competition.objects.filter(pk=competition.carry_from_id).first()
    return Table(competition, done, waiting, rows, carry_from)
