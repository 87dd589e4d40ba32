"""A teams event's papers, registered with the job pipeline (printing/registry.py) as "teams-<paper>".

The renderer imports the report module when it runs: registering the kinds loads no PDF library.
"""

from __future__ import annotations

from tournaments.printing.base import Progress, Rendered, ReportError
from tournaments.printing.registry import JobKind, register
from tournaments.teams.models import TeamEvent
from tournaments.teams.papers import PAPERS

TEAMS_JOB_PREFIX = "teams-"


def _render(kind: str, event: TeamEvent, paper: str, progress: Progress) -> Rendered:
    from tournaments.teams.reports import render_job  # HEAVY: ReportLab, loaded by the first paper, not by pages

    return render_job(kind, event, paper, progress)


def _load(event_id: int) -> TeamEvent:
    event = TeamEvent.objects.filter(pk=event_id).first()
    if event is None:
        raise ReportError("The teams event of this job has been deleted.")
    return event


def _stamp(event: TeamEvent) -> str:
    """The event's version: any later write marks the file out of date."""
    return str(TeamEvent.objects.filter(pk=event.pk).values_list("version", flat=True).get())


register(
    *(
        JobKind(
            kind=f"{TEAMS_JOB_PREFIX}{kind}",
            title=label,
            owner="team_event",
            load=_load,
            render=_render,
            stamp=_stamp,
        )
        for kind, label in PAPERS.items()
    )
)
