"""Overall standings of a multi-session event: each pair's sessions, with the carry-over the director chose.

The same pair in different sessions is a different entry, so a pair is known across sessions by its players
(national numbers where given, else names, in any order). The last session always counts in full; each earlier
session counts for nothing (no carry-over), in full, or for the chosen percentage. In match-point events the
overall figure is the weighted mean of the pair's session percentages; in IMP events (no percentages) the
weighted sum of its totals.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import scoring
from tournaments.sessions.models import Event, Session
from tournaments.sessions.selectors.scores import Standing, score_session


@dataclass
class EventStanding:
    names: str
    figures: list[float | None]  # per session, in session order (None: did not play it)
    overall: float | None
    place: str = ""


@dataclass
class EventStandings:
    event: Event
    sessions: list[Session]
    weights: list[float]
    by_total: bool  # IMP sessions: totals are added, not percentages averaged
    standings: list[EventStanding] = field(default_factory=list)


def session_weights(event: Event, count: int) -> list[float]:
    """How much each session counts: earlier ones by the carry-over, the last one in full."""
    earlier = {Event.CarryOver.NONE: 0.0, Event.CarryOver.FULL: 1.0}.get(
        Event.CarryOver(event.carry_over), event.carry_over_percent / 100
    )
    return [earlier] * (count - 1) + [1.0] if count else []


def _pair_key(standing: Standing) -> tuple[str, ...]:
    players = list(standing.entry.players.all())
    if not any(p.name.strip() for p in players):
        return (f"entry:{standing.entry.pk}",)
    return tuple(sorted((p.national_id or p.name).strip().lower() for p in players if p.name.strip()))


def places_best_first(values: list[float | None]) -> list[str]:
    """Places of figures sorted best first with the missing ones (None) last, which get no place."""
    counted = [v for v in values if v is not None]
    return [*scoring.rank_with_ties(counted, tolerance=1e-6), *[""] * (len(values) - len(counted))]


def event_standings(event: Event) -> EventStandings:
    """Every pair of the event across its sessions, best overall first (pairs with nothing counted last)."""
    sessions = list(event.sessions.select_related("event").order_by("number"))
    weights = session_weights(event, len(sessions))
    by_total = any(s.is_imps for s in sessions)
    figures: dict[tuple[str, ...], list[float | None]] = {}
    names: dict[tuple[str, ...], str] = {}
    for index, session in enumerate(sessions):
        for scores in score_session(session):
            for field_standings in scores.standings.values():
                for standing in field_standings:
                    value = standing.total if by_total else standing.percentage
                    if value is None or not standing.boards_played:
                        continue
                    key = _pair_key(standing)
                    figures.setdefault(key, [None] * len(sessions))[index] = value
                    names.setdefault(key, standing.entry.names or standing.entry.label)
    out = EventStandings(event, sessions, weights, by_total)
    for key, row in figures.items():
        counted = [(w, v) for w, v in zip(weights, row, strict=True) if v is not None and w > 0]
        if not counted:
            overall = None
        elif by_total:
            overall = sum(w * v for w, v in counted)
        else:
            overall = sum(w * v for w, v in counted) / sum(w for w, _ in counted)
        out.standings.append(EventStanding(names[key], row, overall))
    out.standings.sort(key=lambda s: (s.overall is None, -(s.overall or 0.0), s.names))
    for event_standing, place in zip(out.standings, places_best_first([s.overall for s in out.standings]), strict=True):
        event_standing.place = place
    return out
