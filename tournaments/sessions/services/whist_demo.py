"""`manage.py demo --game duplicate-whist --save`: the simulated evening stored as a duplicate whist session.

The evening (:mod:`tournaments.sessions.whist_evening`) is played on the movement the session is created with,
and every line goes through the session's own write gateway (``record_result``: checked against the movement,
audited, the version bumped), so its travellers, score cards, standings and phones are the stored session's.
"""

from __future__ import annotations

import datetime

from django.db import transaction

from scoring.whist import Revoke
from tournaments.core.actors import Actor
from tournaments.sessions.models import Session
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec, create_session
from tournaments.sessions.whist_evening import WhistEvening

__all__ = ["store_evening"]


def _typed(revoke: Revoke | None) -> str:
    """A revoke as the traveller types it ("EW", "NS2/4"): the side, how often, the tricks won before it."""
    if revoke is None:
        return ""
    count = str(revoke.count) if revoke.count != 1 or revoke.tricks_before else ""
    return revoke.side + count + (f"/{revoke.tricks_before}" if revoke.tricks_before else "")


@transaction.atomic
def store_evening(evening: WhistEvening, *, actor: Actor = None, seed: int = 1) -> Session:
    """Create a duplicate whist session on the evening's movement and record each traveller line in it."""
    plan = evening.movement
    session = create_session(
        actor=actor,
        event_name=f"Demo duplicate whist ({plan.kind.title()}, {plan.tables} tables, seed {seed})",
        session_name="Evening session",
        club="Bridgedesk demo club",
        date=datetime.date.today(),
        sections=[
            SectionSpec(
                pairs=plan.tables * (4 if plan.kind == "individual" else 2),
                kind=plan.kind,
                boards_per_round=plan.boards_per_round,
                rounds=plan.rounds,
            )
        ],
        game=Session.Game.WHIST,
    )
    section = session.sections.get()
    for board, lines in sorted(evening.played.items()):
        for _round, _table, line in lines:
            record_result(
                actor=actor,
                section=section,
                board=board,
                ns=line.ns,
                ew=line.ew,
                tricks=line.ns_tricks,
                revoke=_typed(line.revoke),
                why="demo evening",
            )
    return session
