"""A traveller line of a file as a result row (not saved: the importers write them in bulk), its score checked
against its contract."""

from __future__ import annotations

import scoring
from tournaments.sessions.models import Board, Entry, Result, Section, Session

from .errors import InterchangeError
from .records import BoardRecord, LineRecord


def checked_score(line: LineRecord, board: BoardRecord, edition: str) -> tuple[int, str | None]:
    """The file's score (or ours when it gives none), and a message when contract, declarer and tricks disagree."""
    try:
        # The file's own vulnerability when it states one (a PBN [Vulnerable] tag), else the board number's.
        vulnerability = board.vulnerability or board.number
        ours = scoring.ns_score(line.contract, line.declarer or None, line.tricks, vulnerability, edition=edition)
    except scoring.ScoringError as exc:
        raise InterchangeError(str(exc), line.where) from None
    if line.score is None:
        return ours, None
    if ours != line.score:
        return line.score, (
            f"{line.where}: {line.contract} by {line.declarer or '?'} taking {line.tricks} tricks scores {ours} "
            f"for NS; the file says {line.score} (kept)."
        )
    return line.score, None


def result_row(
    section: Section,
    session: Session,
    board: Board,
    entries: dict[str, Entry],
    b: BoardRecord,
    line: LineRecord,
    warnings: list[str],
) -> Result:
    """The line's result, of the kind the file gives; a score that disagrees with its contract is warned of."""
    result = Result(
        section=section,
        board=board,
        table_round=None,
        ns_entry=entries[line.ns_pair],
        ew_entry=entries[line.ew_pair],
        published_ns_points=line.ns_points,
        published_ew_points=line.ew_points,
    )
    if line.kind in ("played", "assigned"):
        score, message = checked_score(line, b, session.edition)
        if message:
            warnings.append(message)
        result.kind = Result.Kind.PLAYED if line.kind == "played" else Result.Kind.ASSIGNED
        result.contract = line.contract[:8]
        result.declarer = line.declarer
        result.tricks = line.tricks
        result.lead = line.lead[:3]
        result.auction = line.auction if len(line.auction) <= 400 else ""  # never cut short
        result.play = line.play if len(line.play) <= 200 else ""
        result.ns_score = score
    elif line.kind == "artificial":
        result.kind = Result.Kind.ARTIFICIAL
        result.ns_percent, result.ew_percent = line.ns_percent, line.ew_percent
    elif line.kind == "weighted":
        result.kind, result.weighted = Result.Kind.WEIGHTED, line.weighted
    else:
        result.kind = Result.Kind.NOT_PLAYED
    return result
