"""A teams event's papers, registered with the job pipeline (printing/registry.py) as "teams-<paper>"."""

from __future__ import annotations

from collections.abc import Callable

from tournaments.printing.pdf import Progress, ReportError
from tournaments.printing.registry import JobKind, Rendered, register
from tournaments.teams.models import TeamEvent
from tournaments.teams.reports import RENDERERS

TEAMS_JOB_PREFIX = "teams-"


def _load(event_id: int) -> TeamEvent:
    event = TeamEvent.objects.filter(pk=event_id).first()
    if event is None:
        raise ReportError("The teams event of this job has been deleted.")
    return event


def _renderer(make: Callable[[TeamEvent, str], Rendered]) -> Callable[[TeamEvent, str, Progress], Rendered]:
    def render(event: TeamEvent, paper: str, progress: Progress) -> Rendered:
        progress(0.1, "Making the paper")
        return make(event, paper)

    return render


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
            render=_renderer(make),
            stamp=_stamp,
        )
        for kind, (label, make) in RENDERERS.items()
    )
)
