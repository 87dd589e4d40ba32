"""The session's printable files, registered with the job pipeline (printing/registry.py)."""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Sum

from tournaments.printing.pdf import Progress, ReportError
from tournaments.printing.registry import JobKind, Rendered, register
from tournaments.sessions import reports
from tournaments.sessions.models import Section, Session
from tournaments.sessions.services.analysis import solve_deals

WITH_HANDS = ("hand-records", "results")


def load_session(session_id: int) -> Session:
    session = Session.objects.select_related("event").filter(pk=session_id).first()
    if session is None:
        raise ReportError("The session of this job has been deleted.")
    return session


def results_stamp(session: Session) -> str:
    """The session's version sum: every write to its results, rulings or names changes it."""
    return str(Section.objects.filter(session_id=session.pk).aggregate(v=Sum("version"))["v"] or 0)


def _renderer(kind: str) -> Callable[[Session, str, Progress], Rendered]:
    def render(session: Session, paper: str, progress: Progress) -> Rendered:
        return reports.render(kind, session, paper=paper, progress=progress)

    return render


register(
    *(
        JobKind(
            kind=kind,
            title=reports.title_of(kind),
            owner="session",
            load=load_session,
            render=_renderer(kind),
            prepare=solve_deals if kind in WITH_HANDS else None,
            stamp=results_stamp,
        )
        for kind in reports.KINDS
    )
)
