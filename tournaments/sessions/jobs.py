"""The session's printable files, registered with the job pipeline (printing/registry.py).

The renderer and the deal solving import their modules when they run: registering them loads no PDF library
and no double-dummy solver.
"""

from __future__ import annotations

from django.db.models import Sum
from django.utils.translation import gettext_noop

from tournaments.printing.base import Progress, Rendered, ReportError
from tournaments.printing.registry import JobKind, register
from tournaments.sessions import printables
from tournaments.sessions.competition_sources import SOURCES
from tournaments.sessions.models import Competition, Section, Session

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


COMPETITION_KIND = "competition-standings"


def load_competition(competition_id: int) -> Competition:
    competition = Competition.objects.filter(pk=competition_id).first()
    if competition is None:
        raise ReportError("The competition of this job has been deleted.")
    return competition


def competition_stamp(competition: Competition) -> str:
    """The competition's own save, its finished sessions and their results' versions: a change to any of them
    changes the standings, and the printed file is then shown out of date."""
    sessions = competition.sessions.filter(status=Session.Status.FINISHED)
    versions = Section.objects.filter(session__in=sessions).aggregate(v=Sum("version"))["v"] or 0
    finished = ",".join(str(pk) for pk in sorted(sessions.values_list("pk", flat=True)))
    named: dict[str, list[int]] = {}
    for source, object_id in competition.events.values_list("source", "object_id"):
        named.setdefault(source, []).append(object_id)
    others = "|".join(SOURCES[kind].stamp(ids) for kind, ids in sorted(named.items()) if kind in SOURCES)
    return f"{competition.updated_at.isoformat()}|{finished}|{versions}|{others}"


def _render_competition(kind: str, competition: Competition, paper: str, progress: Progress) -> Rendered:
    from tournaments.sessions.reports.competitions import render_competition  # HEAVY: ReportLab

    return render_competition(competition, paper, progress)


register(
    JobKind(
        kind=COMPETITION_KIND,
        title=gettext_noop("Competition standings"),
        owner="competition",
        load=load_competition,
        render=_render_competition,
        stamp=competition_stamp,
    )
)
