"""Events of the apps above this one that a season competition may count (a teams event), through adapters those
apps register at start-up (tournaments/apps.py imports tournaments.teams.competitions).

Competitions live with the sessions, below the teams app in the layers (tests/test_layers.py), so they cannot
import a teams event. A competition names such an event by its source and id (models.CompetitionEvent, no foreign
key), and the source, written in the owning app, turns the event into each club member's score: the same
`scoring.competitions.Score` a session gives, so the rules never know where a score came from.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scoring.competitions import Score

__all__ = ["SOURCES", "EventResult", "Source", "register"]


@dataclass(frozen=True)
class EventResult:
    """One event of a source as a column of the standings: its scores once it is finished (else none)."""

    key: str  # "teams:12": unique among every source's events
    name: str
    date: datetime.date
    finished: bool
    scores: list[Score]


@dataclass(frozen=True)
class Source:
    kind: str  # stored on CompetitionEvent.source: keep it stable ("teams")
    title: str  # the form field's label, registered in English (gettext_noop), shown through gettext
    choices: Callable[[], list[tuple[int, str]]]  # the current club's events: (id, label), newest first
    results: Callable[[Sequence[int]], list[EventResult]]  # the named events still there, scored
    stamp: Callable[[Sequence[int]], str]  # their state: a change shows a printed file out of date


SOURCES: dict[str, Source] = {}


def register(source: Source) -> None:
    SOURCES[source.kind] = source
