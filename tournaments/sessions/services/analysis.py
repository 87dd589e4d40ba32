"""Solving the session's deals double dummy ahead of printing: the answers are a cache (DoubleDummyAnalysis)."""

from __future__ import annotations

from tournaments.sessions.models import Board, Session
from tournaments.sessions.reports.handrecords import analyse, unanalysed


def solve_deals(session: Session | int) -> int:
    """Solve the deals not solved yet (writing the cache); returns how many were solved."""
    session_id = session if isinstance(session, int) else session.pk
    todo = unanalysed(list(Board.objects.filter(session_id=session_id).exclude(deal="")))
    if todo:
        analyse(todo)
    return len(todo)
