"""What known scoring programs do where the laws leave a choice, read from a file's PROGRAM_NAME.

Only what a program's own published files show is listed here; a program not listed keeps Bridgedesk's
defaults, and the comparison page then says which other setting would make its figures agree.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import scoring
from tournaments.sessions.models import Session

from .records import SessionRecord

StrOrPromise = str | Promise


@dataclass(frozen=True)
class Program:
    """A scoring program whose files we recognise: the settings it follows and what it does that no setting says."""

    name: str
    settings: dict[str, Any] = field(default_factory=dict)
    # A convention of this program that is not yet a Bridgedesk setting: said in the import report.
    unmatched: StrOrPromise = ""


_NO_NEUBERG_AMONG_REAL = gettext_lazy(
    "%(program)s match-points a board with an artificial score among the real results only, without Neuberg's "
    "formula: Neuberg's formula is off for this session; Bridgedesk has no setting for rating among the real "
    "results only, so such boards may differ on the Published vs Bridgedesk page."
)

# Key: the program's name in lower case without spaces or punctuation, as a prefix of what the file writes
# (PROGRAM_NAME, PBN's "% Creator:" or [Generator], BBO's .lin). What each follows is what the issue that asked
# for it (#26, from real files of each) and the program's published files show; nothing else is set.
KNOWN_PROGRAMS: dict[str, Program] = {
    # Compscore3 (Australia): factored boards rounded to 0.01% of the top before adding up, Neuberg on boards
    # played fewer times, totals of pairs that missed boards scaled; checked against two published sessions
    # (../shared/realdata/usebio: every total, percentage and place).
    "compscore": Program("Compscore", {"use_neuberg": True, "neuberg_rounding": "0.01%", "scale_missed_boards": True}),
    # EBUScore prints Neuberg-factored points on its travellers (the EBU's Neuberg): Bridgedesk's defaults.
    "ebuscore": Program("EBUScore", {"use_neuberg": True, "neuberg_rounding": "none", "scale_missed_boards": True}),
    # BriAn and BBO rate a board with an artificial score among the real results, without Neuberg.
    "brian": Program("BriAn", {"use_neuberg": False}, _NO_NEUBERG_AMONG_REAL),
    "bbo": Program("BBO", {"use_neuberg": False}, _NO_NEUBERG_AMONG_REAL),
    "bridgebase": Program("BBO", {"use_neuberg": False}, _NO_NEUBERG_AMONG_REAL),
    # RealBridge: an unplayed line's IMPs count 0, the board factored by lines over results (not a setting yet).
    "realbridge": Program(
        "RealBridge",
        {"use_neuberg": True},
        gettext_lazy(
            "%(program)s counts an unplayed line's IMPs as 0 and factors the board by lines over results; "
            "Bridgedesk has no setting for that yet, so such boards may differ on the Published vs Bridgedesk page."
        ),
    ),
    # Pianola publishes what the club's scoring program worked out; Pairs Scorer and Teams Scorer use Neuberg.
    "pianola": Program("Pianola", {"use_neuberg": True}),
    "pairsscorer": Program("Pairs Scorer", {"use_neuberg": True}),
    "teamsscorer": Program("Teams Scorer", {"use_neuberg": True}),
    # Our own files: Bridgedesk's defaults.
    "bridgedesk": Program("Bridgedesk", {"use_neuberg": True, "neuberg_rounding": "none", "scale_missed_boards": True}),
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


def _squashed(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def program_key(program: str) -> str:
    """ "Compscore3 26-Jul-22" -> "compscore", "Pairs Scorer 4.2" -> "pairsscorer": the known program the name
    starts with, else its first word in lower case (a program we know nothing about)."""
    squashed = _squashed(program)
    for key in KNOWN_PROGRAMS:
        if squashed.startswith(key):
            return key
    name = program.split()[0] if program.split() else ""
    return name.lower()


def known_program_in(text: str) -> str:
    """The name of a known program a PBN file's comment names ("% Generated by EBUScore 5.2"), else ""."""
    for line in text[:2000].splitlines():
        if not line.startswith("%"):
            continue
        words = line[1:].split()
        for start in range(len(words)):
            key = program_key(" ".join(words[start:]))
            if key in KNOWN_PROGRAMS and key != "bridgedesk":
                return " ".join(words[start:])
    return ""


def conventions_for(program: str) -> dict[str, Any]:
    """The session settings a known program follows ({} for one we know nothing about)."""
    known = KNOWN_PROGRAMS.get(program_key(program))
    return dict(known.settings) if known else {}


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
    key = program_key(record.program)
    known = KNOWN_PROGRAMS.get(key)
    if known is None or key == "bridgedesk":
        return notes
    program = record.program.split()[0]
    if session.use_neuberg:
        notes.append(
            _("Conventions of %(split)s followed: rounding of factored boards “%(neuberg_rounding)s”.")
            % {"split": program, "neuberg_rounding": session.get_neuberg_rounding_display()}
        )
    if known.unmatched:
        notes.append(str(known.unmatched) % {"program": program})
    return notes


def scores_shown_for(record: SessionRecord) -> str:
    """Another program's file shows its own figures; our own files are scored again (their round trip is ours)."""
    published = any(p.total is not None for p in record.pairs) or any(
        x.ns_points is not None for b in record.boards for x in b.lines
    )
    if published and program_key(record.program) != "bridgedesk":
        return Session.ScoresShown.PUBLISHED
    return Session.ScoresShown.BRIDGEDESK
