"""A party's papers, registered with the job pipeline (printing/registry.py) under their stored kind names.

The renderer is named by dotted path: registering the papers loads no PDF library.
"""

from __future__ import annotations

from tournaments.parties.models import Party
from tournaments.parties.papers import PAPERS, PARTY_JOB_PREFIX
from tournaments.printing.base import ReportError
from tournaments.printing.registry import JobKind, register


def _load(party_id: int) -> Party:
    party = Party.objects.filter(pk=party_id).first()
    if party is None:
        raise ReportError("The party of this job has been deleted.")
    return party


register(
    *(
        JobKind(
            kind=f"{PARTY_JOB_PREFIX}{kind}",
            title=label,
            owner="party",
            load=_load,
            render="tournaments.parties.reports.render_job",
        )
        for kind, label in PAPERS.items()
    )
)
