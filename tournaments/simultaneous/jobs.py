"""A simultaneous's papers, registered with the job pipeline (printing/registry.py) as "simul-<paper>".

The renderer is named by dotted path: registering the kind loads no PDF library.
"""

from __future__ import annotations

from tournaments.core.lazy import resolve
from tournaments.printing.base import ReportError
from tournaments.printing.registry import JobKind, register
from tournaments.simultaneous.models import Simultaneous

SIMUL_JOB_PREFIX = "simul-"
PAPERS = {"standings": "Overall and club standings"}


def _load(simul_id: int) -> Simultaneous:
    simul = Simultaneous.objects.filter(pk=simul_id).first()
    if simul is None:
        raise ReportError("The simultaneous of this job has been deleted.")
    return simul


def _stamp(simul: Simultaneous) -> str:
    """The clubs' section versions and count: a corrected result or a new club marks the file out of date."""
    return repr(resolve("tournaments.simultaneous.field.field_key")(simul))  # by path: the field loads numpy


register(
    JobKind(
        kind=f"{SIMUL_JOB_PREFIX}standings",
        title=PAPERS["standings"],
        owner="simultaneous",
        load=_load,
        render="tournaments.simultaneous.reports.render_job",
        stamp=_stamp,
    )
)
