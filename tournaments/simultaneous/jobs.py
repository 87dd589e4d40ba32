"""A simultaneous's papers, registered with the job pipeline (printing/registry.py) as "simul-<paper>"."""

from __future__ import annotations

from tournaments.printing.pdf import Progress, ReportError
from tournaments.printing.registry import JobKind, Rendered, register
from tournaments.simultaneous.field import field_key
from tournaments.simultaneous.models import Simultaneous
from tournaments.simultaneous.reports import render_standings

SIMUL_JOB_PREFIX = "simul-"
PAPERS = {"standings": "Overall and club standings"}


def _load(simul_id: int) -> Simultaneous:
    simul = Simultaneous.objects.filter(pk=simul_id).first()
    if simul is None:
        raise ReportError("The simultaneous of this job has been deleted.")
    return simul


def _render(simul: Simultaneous, paper: str, progress: Progress) -> Rendered:
    return render_standings(simul, paper, progress)


def _stamp(simul: Simultaneous) -> str:
    """The clubs' section versions and count: a corrected result or a new club marks the file out of date."""
    return repr(field_key(simul))


register(
    JobKind(
        kind=f"{SIMUL_JOB_PREFIX}standings",
        title=PAPERS["standings"],
        owner="simultaneous",
        load=_load,
        render=_render,
        stamp=_stamp,
    )
)
