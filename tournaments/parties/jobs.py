"""A party's papers, registered with the job pipeline (printing/registry.py) under their stored kind names.

The renderer imports the report module when it runs: registering the papers loads no PDF library.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.core.actors import Actor
from tournaments.parties.entries import EntryError
from tournaments.parties.models import Party
from tournaments.parties.papers import PAPERS, PARTY_JOB_PREFIX
from tournaments.printing import jobs, registry
from tournaments.printing.base import Progress, Rendered, ReportError
from tournaments.printing.models import GeneratedFile
from tournaments.printing.registry import JobKind, register


def _load(party_id: int) -> Party:
    party = Party.objects.filter(pk=party_id).first()
    if party is None:
        raise ReportError("The party of this job has been deleted.")
    return party


def _render(kind: str, party: Party, paper: str, progress: Progress) -> Rendered:
    from tournaments.parties.reports import render_job  # HEAVY: ReportLab, loaded by the first paper, not by pages

    return render_job(kind, party, paper, progress)


def render_paper(kind: str, party: Party) -> Rendered:
    """One paper of the party rendered now (the print page's direct download), ReportLab loaded on first use."""
    from tournaments.parties.reports import render_paper as render  # HEAVY: ReportLab

    return render(kind, party)


register(
    *(
        JobKind(
            kind=f"{PARTY_JOB_PREFIX}{kind}",
            title=label,
            owner="party",
            load=_load,
            render=_render,
        )
        for kind, label in PAPERS.items()
    )
)


def start_print_job(*, actor: Actor, party: Party, kind: str, enqueue: bool = True) -> GeneratedFile:
    """Record a job to print one of the party's papers; it is sent to a worker once this transaction commits
    (re-exported by parties/services.py, where the views find it)."""
    if f"{PARTY_JOB_PREFIX}{kind}" not in registry.KINDS:
        papers = ", ".join(k.removeprefix(PARTY_JOB_PREFIX) for k in registry.KINDS if k.startswith(PARTY_JOB_PREFIX))
        raise EntryError(
            _("Unknown paper %(kind)r: choose one of %(papers)s.") % {"kind": kind, "papers": papers}, field="kind"
        )
    return jobs.start_job(owner=actor, kind=f"{PARTY_JOB_PREFIX}{kind}", party=party, enqueue=enqueue)
