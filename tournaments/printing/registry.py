"""The kinds of file the job runner can make, registered by the domains that own them (as pretix's exporters).

The runner knows no domain: each kind says its title, which owner it belongs to (a session, a party, a teams
event, a simultaneous or a season competition: the generated file's foreign key), how to load that owner, and how
to render it. Domains register their kinds in their own `jobs` module; the app config imports those at start-up.

A renderer (and the preparing step) is a function of the domain's `jobs` module that imports its report module
when it runs: those load ReportLab, endplay and friends, which a web process answering pages never needs (the
in-function imports are the allow-list HEAVY of tests/test_layers.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from django.utils.translation import gettext

from tournaments.printing.base import Progress, Rendered, ReportError

Owner = Literal["session", "party", "team_event", "simultaneous", "competition"]
Render = Callable[[str, Any, str, Progress], Rendered]

__all__ = ["KINDS", "JobKind", "Owner", "Rendered", "kind_of", "register", "title_of"]


@dataclass(frozen=True)
class JobKind:
    kind: str  # stored on the job row: keep it stable once files exist ("standings", "party-tally-cards")
    title: str
    owner: Owner
    load: Callable[[int], Any]  # the owner by id; ReportError if it is gone
    render: Render  # (kind, owner, paper, progress) -> file; no database writes
    prepare: Callable[[Any], None] | None = None  # a service run on the owner before rendering (solving deals)
    summary: Callable[[bytes], str] | None = None  # words shown beside the download when done ("3 sent.")
    stamp: Callable[[Any], str] | None = None  # the owner's state when rendered: a later change -> "out of date"

    def run_prepare(self, owner: Any) -> None:
        if self.prepare is not None:
            self.prepare(owner)

    def run_render(self, owner: Any, paper: str, progress: Progress) -> Rendered:
        return self.render(self.kind, owner, paper, progress)


KINDS: dict[str, JobKind] = {}


def register(*kinds: JobKind) -> None:
    for kind in kinds:
        KINDS[kind.kind] = kind


def kind_of(kind: str) -> JobKind:
    if kind not in KINDS:
        raise ReportError(f"Unknown kind of file {kind!r}: choose one of {', '.join(sorted(KINDS))}.")
    return KINDS[kind]


def title_of(kind: str) -> str:
    """The kind's title in the reader's language (registered in English, marked with gettext_noop)."""
    return gettext(KINDS[kind].title) if kind in KINDS else kind
