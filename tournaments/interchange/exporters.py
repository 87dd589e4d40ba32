"""Sessions out as USEBIO or PBN, with OUR scores: traveller points, totals, percentages and places.

Every figure comes from the scores selector (the same numbers the results pages show); the writers only
format them. A PBN file holds one field of pairs, so a session with several sections is exported to PBN one
section at a time.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.sessions.models import (
    Board,
    MasterPointAward,
    PlayerAward,
    PointsScheme,
    Result,
    Ruling,
    Section,
    Session,
)
from tournaments.sessions.selectors.individuals import individual_standings
from tournaments.sessions.selectors.scores import SectionScores, score_section

from . import lin, own_data, pbn, rankings, usebio_writer
from .appeals import appeal_record
from .errors import InterchangeError
from .records import (
    BoardRecord,
    IndividualRecord,
    LineRecord,
    PairRecord,
    PlayerRecord,
    RulingRecord,
    ScoringMethod,
    SessionRecord,
)

# Session.ScoringMethod values that have a USEBIO/PBN event type (total points: USEBIO's PAIRS with AGGREGATE).
SCORINGS: dict[str, ScoringMethod] = {"mp": "mp", "butler": "butler", "cross_imps": "cross_imps", "total": "total"}


def pick_section(session: Session, letter: str | None = None) -> Section | None:
    """The section to export: the one named, or the only one; None for a session without sections."""
    sections = list(session.sections.order_by("letter"))
    if letter:
        for section in sections:
            if section.letter.upper() == letter.upper():
                return section
        raise InterchangeError(_("the session has no section %(letter)s.") % {"letter": letter}, "section")
    if len(sections) > 1:
        letters = ", ".join(s.letter for s in sections)
        raise InterchangeError(
            _("the session has sections %(letters)s: export one section at a time.") % {"letters": letters}, "section"
        )
    return sections[0] if sections else None


def _line(result: Result, ns_points: float | None, ew_points: float | None, top: float | None) -> LineRecord:
    label_ns, label_ew = result.ns_entry.label, result.ew_entry.label
    line = LineRecord(ns_pair=label_ns, ew_pair=label_ew, ns_points=ns_points, ew_points=ew_points)
    kind = result.kind
    if kind in (Result.Kind.PLAYED, Result.Kind.ASSIGNED):
        line.kind = "played" if kind == Result.Kind.PLAYED else "assigned"
        line.contract = result.contract or "PASS"
        line.declarer = result.declarer
        line.lead = result.lead
        line.auction = result.auction
        line.play = result.play
        line.tricks = result.tricks
        line.score = result.ns_score
    elif kind == Result.Kind.ARTIFICIAL:
        line.kind = "artificial"
        line.ns_percent, line.ew_percent = result.ns_percent, result.ew_percent
    elif kind == Result.Kind.WEIGHTED:
        # The standard part shows it as the adjusted score it earned (neither format has weighted scores);
        # the parts travel in Bridgedesk's own data (own_data.py).
        line.kind = "weighted"
        line.weighted = [dict(p) for p in result.weighted]
        if top and ns_points is not None and ew_points is not None:
            line.ns_percent, line.ew_percent = 100 * ns_points / top, 100 * ew_points / top
    else:
        line.kind = "not_played"  # left off the standard traveller, as other programs do; kept in our own data
    return line


def _rulings(section: Section) -> list[RulingRecord]:
    """The section's rulings, pairs by label; what withdrawing one restores is keyed by line, not by row id."""
    results = {r.pk: r for r in Result.objects.filter(section=section).select_related("ns_entry", "ew_entry")}
    out: list[RulingRecord] = []
    for ruling in Ruling.objects.filter(section=section).select_related("board", "entry").order_by("created_at", "pk"):
        details = {k: v for k, v in ruling.details.items() if k != "previous"}
        if "previous" in ruling.details:
            details["previous"] = [
                {
                    "ns": results[int(pk)].ns_entry.label,
                    "ew": results[int(pk)].ew_entry.label,
                    "state": {k: v for k, v in state.items() if k in own_data.RESTORED} if state is not None else None,
                }
                for pk, state in (ruling.details.get("previous") or {}).items()
                if int(pk) in results
            ]
        line = results.get(ruling.result_id) if ruling.result_id else None
        out.append(
            RulingRecord(
                decision=ruling.decision,
                board=ruling.board.number if ruling.board else None,
                ns_pair=line.ns_entry.label if line else "",
                ew_pair=line.ew_entry.label if line else "",
                entry=ruling.entry.label if ruling.entry else "",
                law=ruling.law,
                facts=ruling.facts,
                details=details,
                penalty=ruling.penalty,
                appeal=ruling.appeal,
                appeal_record=appeal_record(ruling),
            )
        )
    return out


def _own_data(record: SessionRecord, session: Session, section: Section) -> None:
    """The session's conventions, the section's movement, late pairs and rulings (see own_data.py)."""
    record.settings = {name: getattr(session, name) for name in own_data.SETTINGS}
    record.layout = {name: getattr(section, name) for name in own_data.LAYOUT}
    record.late = list(
        section.entries.filter(late=True).order_by("direction", "number").values_list("label", flat=True)
    )
    record.rulings = _rulings(section)


def _pairs(record: SessionRecord, session: Session, scores: SectionScores) -> None:
    """Each pair with its players, our total, place and master points (once the session is finished)."""
    awards = {a.entry_id: a for a in MasterPointAward.objects.filter(session=session)}
    scheme = PointsScheme.objects.filter(event=session.event).first()
    if scheme is not None and session.status == Session.Status.FINISHED:
        record.master_point_type = scheme.point_type
    for field_standings in scores.standings.values():
        for standing in field_standings:
            entry = standing.entry
            award = awards.get(entry.pk)
            record.pairs.append(
                PairRecord(
                    label=entry.label,
                    number=entry.number,
                    direction=entry.direction if record.winners == 2 else "",
                    players=[PlayerRecord(p.name, p.national_id) for p in entry.players.all()],
                    total=standing.total if standing.boards_played else None,
                    percentage=standing.percentage,
                    place=standing.place,
                    master_points=(award.points if award else 0) if record.master_point_type else None,
                    master_point_type=award.point_type if award else record.master_point_type,
                )
            )


def build_record(session: Session, section: Section | None) -> SessionRecord:
    """The session's data and our scores, as a record the writers format."""
    method: ScoringMethod | None = SCORINGS.get(session.scoring_method)
    if session.is_whist and method == "total" and section is not None:
        raise InterchangeError(  # tricks over the average: neither format has a place for them
            _("duplicate whist scored by tricks above or below the average has no USEBIO or PBN event type."),
            "scoring method",
        )
    if method is None and section is None:
        method = "mp"  # deals only: the scoring method is not written anywhere that matters
    if method is None:
        raise InterchangeError(
            _(
                "%(scoring_method)s sessions have no USEBIO or PBN event type; match points, Butler, "
                "cross-IMPs and total points can be exported."
            )
            % {"scoring_method": session.get_scoring_method_display()},
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
        _pairs(record, session, scores)
        for board_score in scores.boards:
            board = boards.setdefault(board_score.board.number, BoardRecord(number=board_score.board.number))
            board.datum = board_score.datum
            for line_score in board_score.lines:
                board.lines.append(
                    _line(line_score.result, line_score.ns_points, line_score.ew_points, board_score.top)
                )
        _own_data(record, session, section)
        record.rankings = rankings.rankings_of(scores)
        if section.movement_kind == Section.MovementKind.INDIVIDUAL:
            _individual(record, section)
    record.boards = [boards[n] for n in sorted(boards)]
    return record


def filename_for(session: Session, extension: str, section: Section | None = None) -> str:
    stem = "".join(c if c.isalnum() else "-" for c in f"{session.event.name}-{session.date:%Y-%m-%d}").strip("-")
    letter = f"-{section.letter}" if section is not None and session.sections.count() > 1 else ""
    return f"{stem[:60]}{letter}.{extension}"


def _individual(record: SessionRecord, section: Section) -> None:
    """An individual's players and their standings (their partnerships added up); USEBIO writes them as its
    individual event, PBN keeps the partnerships' lines. Master points are the players' (imported awards), written
    under the element names a pair's go under; none for the partnerships."""
    record.individual = True
    for pair in record.pairs:
        pair.master_points = None
    awarded = {a.player_number: a for a in PlayerAward.objects.filter(session=section.session)}
    record.master_point_type = next(iter(awarded.values())).point_type if awarded else ""
    record.players = [
        IndividualRecord(
            number=s.number, name=s.name, total=s.total if s.boards else None, percentage=s.percentage, place=s.place
        )
        for s in sorted(individual_standings(section), key=lambda s: s.number)
    ]
    for player in record.players:
        award = awarded.get(player.number)
        if awarded:
            player.master_points = award.points if award else 0
            player.master_point_type = award.point_type if award else record.master_point_type


def export_usebio(session: Session, section_letter: str | None = None) -> tuple[str, bytes]:
    """(filename, bytes) of the session as USEBIO 1.2 XML: the section named, or every section (one SECTION each)."""
    if not section_letter and session.sections.count() > 1:
        return _export_sections(session)
    section = pick_section(session, section_letter)
    if section is None:
        raise InterchangeError(_("the session has no pairs and no results to export."), "session")
    record = build_record(session, section)
    if not any(x.kind != "not_played" for b in record.boards for x in b.lines):
        raise InterchangeError(
            _("section %(letter)s has no results yet; USEBIO publishes results.") % {"letter": section.letter},
            f"section {section.letter}",
        )
    return filename_for(session, "xml", section), usebio_writer.write_usebio(record)


def _export_sections(session: Session) -> tuple[str, bytes]:
    """A session of several sections as one USEBIO file; sections without results yet are left out."""
    records = []
    for section in session.sections.order_by("letter"):
        record = build_record(session, section)
        record.section = section.letter
        if any(x.kind != "not_played" for b in record.boards for x in b.lines):
            records.append(record)
    if not records:
        raise InterchangeError(_("no section has results yet; USEBIO publishes results."), "session")
    return filename_for(session, "xml"), usebio_writer.write_usebio(*records)


def export_usebio_event(session: Session) -> tuple[str, bytes]:
    """(filename, bytes) of the session's whole event as one USEBIO file, a SESSION each (sessions without
    results yet left out), as a two-session event's file is written; one session alone is :func:`export_usebio`."""
    sessions = []
    for each in session.event.sessions.order_by("number"):
        records = []
        for section in each.sections.order_by("letter"):
            record = build_record(each, section)
            record.section = section.letter
            if any(x.kind != "not_played" for b in record.boards for x in b.lines):
                records.append(record)
        if records:
            sessions.append(records)
    if not sessions:
        raise InterchangeError(_("no session of the event has results yet; USEBIO publishes results."), "event")
    first, *later = sessions
    return filename_for(session, "xml"), usebio_writer.write_usebio(*first, later=later)


def export_pbn(session: Session, section_letter: str | None = None, *, results: bool = True) -> tuple[str, str]:
    """(filename, text) of the session as PBN 2.1: the deals, and (unless ``results`` is off) the scores."""
    section = pick_section(session, section_letter) if results else None
    record = build_record(session, section)
    if not record.boards:
        raise InterchangeError(_("the session has no boards to export."), "session")
    return filename_for(session, "pbn", section), pbn.write_pbn(record, results=results)


def export_lin(session: Session) -> tuple[str, bytes]:
    """(filename, bytes) of the session's deals as a LIN file for BBO's hand viewer."""
    record = build_record(session, None)
    if not any(b.deal for b in record.boards):
        raise InterchangeError(_("the session has no deals (hand records) to export."), "session")
    _bidding_and_play(record, session)
    return filename_for(session, "lin"), lin.write_lin(record)


def _bidding_and_play(record: SessionRecord, session: Session) -> None:
    """Each table's auction or play (entered on its phone, or read from a file) onto the deals-only record, with
    its players' names, so BBO's viewer replays it after the board; the section's letter goes before the pair's
    label when the session has more than one."""
    boards = {b.number: b for b in record.boards if b.deal}
    many = session.sections.count() > 1
    kept = (
        Result.objects.filter(section__session=session, board__number__in=boards)
        .filter(kind__in=(Result.Kind.PLAYED, Result.Kind.ASSIGNED))
        .exclude(auction="", play="")
        .select_related("board", "section", "ns_entry", "ew_entry")
        .prefetch_related("ns_entry__players", "ew_entry__players")
        .order_by("board__number", "section__letter", "pk")
    )
    for result in kept:
        line = _line(result, None, None, None)
        for entry, side in ((result.ns_entry, "ns_pair"), (result.ew_entry, "ew_pair")):
            label = f"{result.section.letter}{entry.label}" if many else entry.label
            setattr(line, side, label)
            if record.pair(label) is None:
                players = [PlayerRecord(p.name, p.national_id) for p in entry.players.all()]
                record.pairs.append(PairRecord(label=label, number=entry.number, players=players))
        boards[result.board.number].lines.append(line)
