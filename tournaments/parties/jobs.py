"""A party's papers, registered with the job pipeline (printing/registry.py) under their stored kind names."""

from __future__ import annotations

from collections.abc import Callable

from tournaments.parties.models import Party
from tournaments.parties.reports import RENDERERS
from tournaments.parties.services import PARTY_JOB_PREFIX
from tournaments.printing.pdf import Progress, ReportError
from tournaments.printing.registry import JobKind, Rendered, register


def _load(party_id: int) -> Party:
    party = Party.objects.filter(pk=party_id).first()
    if party is None:
        raise ReportError("The party of this job has been deleted.")
    return party


def _renderer(make: Callable[[Party], Rendered]) -> Callable[[Party, str, Progress], Rendered]:
    def render(party: Party, paper: str, progress: Progress) -> Rendered:
        progress(0.1, "Making the paper")
        return make(party)

    return render


register(
    *(
        JobKind(kind=f"{PARTY_JOB_PREFIX}{kind}", title=label, owner="party", load=_load, render=_renderer(make))
        for kind, (label, make) in RENDERERS.items()
    )
)
