"""Small builders for service tests: a session set up through the real service."""

from __future__ import annotations

import datetime

from tournaments.sessions.models import Section, Session
from tournaments.sessions.services.sessions import SectionSpec, create_session


def make_session(*specs: SectionSpec, scoring_method: str = Session.ScoringMethod.MATCHPOINTS, actor=None) -> Session:
    specs = specs or (SectionSpec(pairs=8, kind="mitchell", boards_per_round=3),)
    return create_session(
        actor=actor,
        event_name="Tuesday pairs",
        date=datetime.date(2026, 11, 17),
        sections=specs,
        scoring_method=scoring_method,
    )


def section_a(session: Session) -> Section:
    return session.sections.get(letter="A")
