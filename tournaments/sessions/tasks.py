"""Thin Celery tasks of the session core: they call services."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import transaction
from kombu.exceptions import OperationalError as KombuOperationalError

from config.celery import app as _app  # noqa: F401  the configured app: .delay() goes to our broker
from tournaments.printing.tasks import SEND_RETRY
from tournaments.sessions import reminders
from tournaments.sessions.models import Board, Session
from tournaments.sessions.reports.handrecords import unanalysed
from tournaments.sessions.services import analysis

log = logging.getLogger(__name__)


@shared_task(name="bridgedesk.analyse_deals")
def analyse_deals(session_id: int) -> int:
    """Solve a session's deals double dummy ahead of printing; returns how many were solved."""
    return analysis.solve_deals(session_id)


def solve_deals_later(session: Session) -> bool:
    """Queue the solving once this transaction commits, if any deal needs it (the printing panel calls this)."""
    if not unanalysed(list(Board.objects.filter(session=session).exclude(deal=""))):
        return False
    session_id = session.pk
    transaction.on_commit(lambda: _send(session_id))
    return True


def _send(session_id: int) -> None:
    """Queue the solving, giving up at once while the broker is away: the hand records' job solves them itself."""
    try:
        analyse_deals.apply_async((session_id,), retry=True, retry_policy=SEND_RETRY, ignore_result=True)
    except (KombuOperationalError, OSError):
        log.warning("deals of session %s not sent for solving: the broker is not answering", session_id)


@shared_task(name="bridgedesk.remind_directors")
def remind_directors() -> list[int]:
    """Daily (REMINDERS_AT): directors of a session tomorrow whose movement or players are not set are told."""
    return [sent.session_id for sent in reminders.remind_directors()]
