"""The session's printable files, registered with the job pipeline (printing/registry.py).

The renderer and the deal solving import their modules when they run: registering them loads no PDF library
and no double-dummy solver.
"""

from __future__ import annotations

from django.db.models import Sum

from tournaments.printing.base import Progress, Rendered, ReportError
from tournaments.printing.registry import JobKind, register
from tournaments.sessions import printables
from tournaments.sessions.models import Section, Session

WITH_HANDS = ("hand-records", "results")


def load_session(session_id: int) -> Session:
    session = Session.objects.select_related("event").filter(pk=session_id).first()
    if session is None:
        raise ReportError("The session of this job has been deleted.")
    return session


def results_stamp(session: Session) -> str:
    """The session's version sum: every write to its results, rulings or names changes it."""
    return str(Section.objects.filter(session_id=session.pk).aggregate(v=Sum("version"))["v"] or 0)


def _render(kind: str, session: Session, paper: str, progress: Progress) -> Rendered:
    from tournaments.sessions.reports import render_job  # HEAVY: ReportLab

    return render_job(kind, session, paper, progress)


def solve_deals(session: Session) -> None:
    """Solve the session's deals not solved yet (the hand records' preparing step)."""
    from tournaments.sessions.services.analysis import solve_deals as solve  # HEAVY: endplay (DDS), ReportLab

    solve(session)


def solve_deals_later(session: Session) -> bool:
    """Queue the solving of the session's deals once this transaction commits (False if none needs it)."""
    from tournaments.sessions.tasks import solve_deals_later as queue  # HEAVY: Celery, loaded by the first call

    return queue(session)


register(
    *(
        JobKind(
            kind=kind,
            title=printables.title_of(kind),
            owner="session",
            load=load_session,
            render=_render,
            prepare=solve_deals if kind in WITH_HANDS else None,
            stamp=results_stamp,
        )
        for kind in printables.KINDS
    )
)
