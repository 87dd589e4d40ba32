"""What known scoring programs do where the laws leave a choice, read from a file's PROGRAM_NAME.

Only what a program's own published files show is listed here; a program not listed keeps Bridgedesk's
defaults, and the comparison page then says which other setting would make its figures agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

import scoring
from tournaments.sessions.models import Session

from .records import SessionRecord

# Program name (lower case, as PROGRAM_NAME gives it, spaces removed) -> the session settings it follows.
KNOWN_PROGRAMS: dict[str, dict[str, Any]] = {
    # Compscore3 (Australia): factored boards rounded to 0.01% of the top before adding up, Neuberg on boards
    # played fewer times, totals of pairs that missed boards scaled; checked against two published sessions
    # (../shared/realdata/usebio: every total, percentage and place).
    "compscore3": {"use_neuberg": True, "neuberg_rounding": "0.01%", "scale_missed_boards": True},
    "compscore": {"use_neuberg": True, "neuberg_rounding": "0.01%", "scale_missed_boards": True},
    # Our own files: Bridgedesk's defaults.
    "bridgedesk": {"use_neuberg": True, "neuberg_rounding": "none", "scale_missed_boards": True},
}


def section_scoring_for(records: Sequence[SessionRecord]) -> str:
    """ "across" when a file of several match-pointed sections gives a line more match points than its own
    section's top on that board allows (the board was scored over every section's lines), else "apart"."""
    if len(records) < 2 or records[0].scoring != "mp":
        return Session.SectionScoring.APART
    for record in records:
        for board in record.boards:
            played = sum(1 for x in board.lines if x.kind in ("played", "assigned"))
            top = scoring.board_top(played, scale=record.mp_scale) if played else 0.0
            given = [v for x in board.lines for v in (x.ns_points, x.ew_points) if v is not None]
            if given and max(given) > top + 0.005:
                return Session.SectionScoring.ACROSS
    return Session.SectionScoring.APART


def program_key(program: str) -> str:
    """ "Compscore3 26-Jul-22" -> "compscore3": the name without its version."""
    name = program.split()[0] if program.split() else ""
    return name.lower()


def conventions_for(program: str) -> dict[str, Any]:
    """The session settings a known program follows ({} for one we know nothing about)."""
    return dict(KNOWN_PROGRAMS.get(program_key(program), {}))


def import_notes(session: Session, record: SessionRecord) -> list[str]:
    notes = []
    if session.scores_shown == Session.ScoresShown.PUBLISHED:
        notes.append(
            _(
                "The session shows the figures %(value)s published, exactly as given; re-scoring "
                "with Bridgedesk's arithmetic is on the Published vs Bridgedesk page."
            )
            % {"value": record.program or "the file"}
        )
    if conventions_for(record.program) and program_key(record.program) != "bridgedesk":
        notes.append(
            _("Conventions of %(split)s followed: rounding of factored boards “%(neuberg_rounding)s”.")
            % {"split": record.program.split()[0], "neuberg_rounding": session.get_neuberg_rounding_display()}
        )
    return notes


def scores_shown_for(record: SessionRecord) -> str:
    """Another program's file shows its own figures; our own files are scored again (their round trip is ours)."""
    published = any(p.total is not None for p in record.pairs) or any(
        x.ns_points is not None for b in record.boards for x in b.lines
    )
    if published and program_key(record.program) != "bridgedesk":
        return Session.ScoresShown.PUBLISHED
    return Session.ScoresShown.BRIDGEDESK
