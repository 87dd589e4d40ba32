"""Thin Celery tasks of the session core: they call services."""

from __future__ import annotations

from celery import shared_task
from django.db import transaction

from config.celery import app as _app  # noqa: F401  the configured app: .delay() goes to our broker
from tournaments.sessions.models import Board, Session
from tournaments.sessions.reports.handrecords import unanalysed
from tournaments.sessions.services import analysis


@shared_task(name="bridgedesk.analyse_deals")
def analyse_deals(session_id: int) -> int:
    """Solve a session's deals double dummy ahead of printing; returns how many were solved."""
    return analysis.solve_deals(session_id)


def solve_deals_later(session: Session) -> bool:
    """Queue the solving once this transaction commits, if any deal needs it (the printing panel calls this)."""
    if not unanalysed(list(Board.objects.filter(session=session).exclude(deal=""))):
        return False
    session_id = session.pk
    transaction.on_commit(lambda: analyse_deals.delay(session_id))
    return True
