"""The session's printable files, registered with the job pipeline (printing/registry.py).

The renderer and the deal solving are named by dotted path: registering them loads no PDF library.
"""

from __future__ import annotations

from django.db.models import Sum

from tournaments.printing.base import ReportError
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


register(
    *(
        JobKind(
            kind=kind,
            title=printables.title_of(kind),
            owner="session",
            load=load_session,
            render="tournaments.sessions.reports.render_job",
            prepare="tournaments.sessions.services.analysis.solve_deals" if kind in WITH_HANDS else None,
            stamp=results_stamp,
        )
        for kind in printables.KINDS
    )
)
