"""A party's papers, registered with the job pipeline (printing/registry.py) under their stored kind names.

The renderer imports the report module when it runs: registering the papers loads no PDF library.
"""

from __future__ import annotations

from tournaments.parties.models import Party
from tournaments.parties.papers import PAPERS, PARTY_JOB_PREFIX
from tournaments.printing.base import Progress, Rendered, ReportError
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
