"""Sessions out as USEBIO or PBN, with OUR scores: traveller points, totals, percentages and places.

Every figure comes from the scores selector (the same numbers the results pages show); the writers only
format them. A USEBIO or PBN file holds one field of pairs, so a session with several sections is exported one
section at a time.
"""

from __future__ import annotations

from tournaments.sessions.models import Board, Result, Section, Session
from tournaments.sessions.selectors.scores import SectionScores, score_section

from . import pbn, usebio
from .errors import InterchangeError
from .records import BoardRecord, LineRecord, PairRecord, PlayerRecord, ScoringMethod, SessionRecord

# Session.ScoringMethod values that have a USEBIO/PBN event type (total points has none).
SCORINGS: dict[str, ScoringMethod] = {"mp": "mp", "butler": "butler", "cross_imps": "cross_imps"}


def pick_section(session: Session, letter: str | None = None) -> Section | None:
    """The section to export: the one named, or the only one; None for a session without sections."""
    sections = list(session.sections.order_by("letter"))
    if letter:
        for section in sections:
            if section.letter.upper() == letter.upper():
                return section
        raise InterchangeError(f"the session has no section {letter}.", "section")
    if len(sections) > 1:
        letters = ", ".join(s.letter for s in sections)
        raise InterchangeError(f"the session has sections {letters}: export one section at a time.", "section")
    return sections[0] if sections else None


def _line(result: Result, ns_points: float | None, ew_points: float | None, top: float | None) -> LineRecord | None:
    label_ns, label_ew = result.ns_entry.label, result.ew_entry.label
    line = LineRecord(ns_pair=label_ns, ew_pair=label_ew, ns_points=ns_points, ew_points=ew_points)
    kind = result.kind
    if kind in (Result.Kind.PLAYED, Result.Kind.ASSIGNED):
        line.kind = "played"
        line.contract = result.contract or "PASS"
        line.declarer = result.declarer
        line.lead = result.lead
        line.tricks = result.tricks
        line.score = result.ns_score
    elif kind == Result.Kind.ARTIFICIAL:
        line.kind = "artificial"
        line.ns_percent, line.ew_percent = result.ns_percent, result.ew_percent
    elif kind == Result.Kind.WEIGHTED:
        # Neither format can hold a weighted score: write the percentages it earned, as an adjusted score.
        if not top or ns_points is None or ew_points is None:
            return None
        line.kind = "artificial"
        line.ns_percent, line.ew_percent = 100 * ns_points / top, 100 * ew_points / top
    else:
        return None  # a line not played is left off the traveller, as other programs do
    return line


def build_record(session: Session, section: Section | None) -> SessionRecord:
    """The session's data and our scores, as a record the writers format."""
    method: ScoringMethod | None = SCORINGS.get(session.scoring_method)
    if method is None and section is None:
        method = "mp"  # deals only: the scoring method is not written anywhere that matters
    if method is None:
        raise InterchangeError(
            f"{session.get_scoring_method_display()} sessions have no USEBIO or PBN event type; "
            "match points, Butler and cross-IMPs can be exported.",
            "scoring method",
        )
    event = session.event
    record = SessionRecord(
        event_name=event.name,
        title=session.name,
        club_name=event.club,
        event_id=str(session.pk),
        date=session.date,
        scoring=method,
        mp_scale=session.mp_scale,
    )
    boards: dict[int, BoardRecord] = {
        b.number: BoardRecord(number=b.number, deal=b.deal, dealer=b.dealer, vulnerability=b.vulnerability)
        for b in Board.objects.filter(session=session).order_by("number")
    }
    if section is not None:
        scores: SectionScores = score_section(section)
        record.winners = 2 if scores.two_winners else 1
        for field_standings in scores.standings.values():
            for standing in field_standings:
                entry = standing.entry
                record.pairs.append(
                    PairRecord(
                        label=entry.label,
                        number=entry.number,
                        direction=entry.direction if record.winners == 2 else "",
                        players=[PlayerRecord(p.name, p.national_id) for p in entry.players.all()],
                        total=standing.total if standing.boards_played else None,
                        percentage=standing.percentage,
                        place=standing.place,
                    )
                )
        for board_score in scores.boards:
            board = boards.setdefault(board_score.board.number, BoardRecord(number=board_score.board.number))
            board.datum = board_score.datum
            for line_score in board_score.lines:
                line = _line(line_score.result, line_score.ns_points, line_score.ew_points, board_score.top)
                if line is not None:
                    board.lines.append(line)
    record.boards = [boards[n] for n in sorted(boards)]
    return record


def filename_for(session: Session, extension: str, section: Section | None = None) -> str:
    stem = "".join(c if c.isalnum() else "-" for c in f"{session.event.name}-{session.date:%Y-%m-%d}").strip("-")
    letter = f"-{section.letter}" if section is not None and session.sections.count() > 1 else ""
    return f"{stem[:60]}{letter}.{extension}"


def export_usebio(session: Session, section_letter: str | None = None) -> tuple[str, bytes]:
    """(filename, bytes) of the session as USEBIO 1.2 XML."""
    section = pick_section(session, section_letter)
    if section is None:
        raise InterchangeError("the session has no pairs and no results to export.", "session")
    record = build_record(session, section)
    if not any(b.lines for b in record.boards):
        raise InterchangeError(
            f"section {section.letter} has no results yet; USEBIO publishes results.", f"section {section.letter}"
        )
    return filename_for(session, "xml", section), usebio.write_usebio(record)


def export_pbn(session: Session, section_letter: str | None = None, *, results: bool = True) -> tuple[str, str]:
    """(filename, text) of the session as PBN 2.1: the deals, and (unless ``results`` is off) the scores."""
    section = pick_section(session, section_letter) if results else None
    record = build_record(session, section)
    if not record.boards:
        raise InterchangeError("the session has no boards to export.", "session")
    return filename_for(session, "pbn", section), pbn.write_pbn(record, results=results)
