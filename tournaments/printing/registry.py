"""The kinds of file the job runner can make, registered by the domains that own them (as pretix's exporters).

The runner knows no domain: each kind says its title, which owner it belongs to (a session, a party, a teams event
or a simultaneous: the generated file's foreign key), how to load that owner, and how to render it. Domains
register their kinds in their own `jobs` module; the app config imports those at start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from tournaments.printing.pdf import Progress, ReportError

Owner = Literal["session", "party", "team_event", "simultaneous"]
Rendered = tuple[str, str, bytes]  # (filename, content type, bytes)


@dataclass(frozen=True)
class JobKind:
    kind: str  # stored on the job row: keep it stable once files exist ("standings", "party-tally-cards")
    title: str
    owner: Owner
    load: Callable[[int], Any]  # the owner by id; ReportError if it is gone
    render: Callable[[Any, str, Progress], Rendered]  # (owner, paper, progress) -> file; no database writes
    prepare: Callable[[Any], object] | None = None  # a service run before rendering (e.g. solving deals)
    summary: Callable[[bytes], str] | None = None  # words shown beside the download when done ("3 sent.")
    stamp: Callable[[Any], str] | None = None  # the owner's state when rendered: a later change -> "out of date"


KINDS: dict[str, JobKind] = {}


def register(*kinds: JobKind) -> None:
    for kind in kinds:
        KINDS[kind.kind] = kind


def kind_of(kind: str) -> JobKind:
    if kind not in KINDS:
        raise ReportError(f"Unknown kind of file {kind!r}: choose one of {', '.join(sorted(KINDS))}.")
    return KINDS[kind]


def title_of(kind: str) -> str:
    return KINDS[kind].title if kind in KINDS else kind
