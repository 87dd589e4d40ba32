"""A simultaneous's papers, registered with the job pipeline (printing/registry.py) as "simul-<paper>".

The renderer imports the report module when it runs: registering the kind loads no PDF library.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop as N_

from tournaments.printing.base import Progress, Rendered, ReportError
from tournaments.printing.registry import JobKind, register
from tournaments.simultaneous.field import field_key
from tournaments.simultaneous.models import Simultaneous

SIMUL_JOB_PREFIX = "simul-"
PAPERS = {"standings": N_("Overall and club standings")}  # translated where shown


def _load(simul_id: int) -> Simultaneous:
    simul = Simultaneous.objects.filter(pk=simul_id).first()
    if simul is None:
        raise ReportError("The simultaneous of this job has been deleted.")
    return simul


def _stamp(simul: Simultaneous) -> str:
    """The clubs' section versions and count: a corrected result or a new club marks the file out of date."""
    return repr(field_key(simul))


def _render(kind: str, simul: Simultaneous, paper: str, progress: Progress) -> Rendered:
    from tournaments.simultaneous.reports import render_job  # HEAVY: ReportLab

    return render_job(kind, simul, paper, progress)


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
