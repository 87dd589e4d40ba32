"""Imported files become sessions: event, session, section, entries, players, boards, results and rulings.

One transaction per file: a file that fails anywhere leaves nothing behind. After the rows are written the
session is scored by our own engine (the scores selector) and compared with the figures the file published,
so the director sees at once whether the two programs agree.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor, user_of
from tournaments.core.text import is_digits, shortened_name
from tournaments.sessions.models import Board, Entry, EntryPlayer, Event, Member, Result, Ruling, Section, Session
from tournaments.sessions.services.versions import bump_session, lock_sections

from . import awards, lin, own_import, pbn, usebio
from .agreement import compare_with_published, convention_hint
from .boards import board_row, board_rows
from .conventions import conventions_for, import_notes, scores_shown_for, section_scoring_for
from .dd_compare import compare_analysis
from .errors import InterchangeError
from .records import BoardRecord, LineRecord, SessionRecord
from .result_rows import result_row
from .usebio_section import session_count


@dataclass
class ImportReport:
    """What an import made, and where the file's own figures and ours differ."""

    session: Session
    source: str
    pairs: int = 0
    boards: int = 0
    results: int = 0
    rulings: int = 0
    warnings: list[str] = field(default_factory=list)  # notes on the file (scores that disagree with contracts ...)
    differences: list[str] = field(default_factory=list)  # our figures against the published ones
    compared: int = 0  # published figures compared with ours
    notes: list[str] = field(default_factory=list)  # what the session shows, and the conventions it follows
    more: list[ImportReport] = field(default_factory=list)  # the file's other sessions (USEBIO SESSIONs)

    def summary(self) -> str:
        return (
            f"Imported {self.source}: {self.pairs} pairs, {self.boards} boards, {self.results} traveller lines, "
            f"{self.rulings} ruling{'' if self.rulings == 1 else 's'}."
        )


@transaction.atomic
def import_usebio(
    data: bytes | str,
    *,
    filename: str = "upload.xml",
    actor: Actor = None,
    scale_missed_boards: bool = True,
    compare: bool = True,
) -> ImportReport:
    """Import a USEBIO 1.2 file as a new session (a file of several SESSIONs: an event of as many sessions, each
    compared with its own published figures, the first's report given with the others in ``more``). Raises
    :class:`InterchangeError` on a bad file."""
    reports: list[ImportReport] = []
    for index in range(session_count(data)):
        first, *others = usebio.read_usebio_sections(data, index)
        reports.append(
            import_record(
                first, filename=filename, fmt="USEBIO", actor=actor, scale_missed_boards=scale_missed_boards,
                compare=compare, more_sections=tuple(others), event=reports[0].session.event if reports else None,
                number=index + 1,
            )
        )  # fmt: skip
    report, report.more = reports[0], reports[1:]
    if report.more:
        report.notes.insert(0, _("The file holds %(count)s sessions: one event of as many.") % {"count": len(reports)})
    _remember_file(report.session, data)
    return report


@transaction.atomic
def import_pbn(
    data: bytes | str,
    *,
    filename: str = "upload.pbn",
    actor: Actor = None,
    scale_missed_boards: bool = True,
    deal_set: int | None = None,
) -> ImportReport:
    """Import a PBN file (deals, and results if it has ScoreTables) as a new session; ``deal_set`` picks one
    event of a file that holds several (:mod:`.pbn_sets`)."""
    record = pbn.read_pbn(data, deal_set)
    report = import_record(record, filename=filename, fmt="PBN", actor=actor, scale_missed_boards=scale_missed_boards)
    _remember_file(report.session, data)
    return report


def file_digest(data: bytes | str) -> str:
    """The file's fingerprint: the same file imported again is recognised, whatever it is called."""
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


def _remember_file(session: Session, data: bytes | str) -> None:
    session.source_digest = file_digest(data)
    Session.objects.filter(pk=session.pk).update(source_digest=session.source_digest)


def already_imported(data: bytes | str) -> Session | None:
    """The session (not archived) this very file was imported as before, if any."""
    sessions = Session.objects.filter(source_digest=file_digest(data), archived_at__isnull=True)
    return sessions.select_related("event").order_by("-pk").first()


def import_lin(data: bytes | str, *, filename: str = "upload.lin", actor: Actor = None) -> ImportReport:
    """Import a BBO LIN file (hand records, and the tables' results of a traveller) as a new session."""
    return import_record(lin.read_lin(data), filename=filename, fmt="LIN", actor=actor)


def label_parts(label: str) -> tuple[int, str]:
    if label.endswith(("NS", "EW")):
        return int(label[:-2]), label[-2:]
    return int(label), ""


def section_layout(record: SessionRecord) -> dict[str, object]:
    """Movement kind, tables, rounds and boards per round, derived from the travellers (no rounds in the file)."""
    lines = [x for b in record.boards for x in b.lines]
    if not lines:
        return {"movement_kind": Section.MovementKind.IMPORTED, "tables": 1, "rounds": 1, "boards_per_round": 1}
    tables = max(len(b.lines) for b in record.boards)
    meetings: Counter[tuple[str, str]] = Counter((x.ns_pair, x.ew_pair) for x in lines)
    per_round = Counter(meetings.values()).most_common(1)[0][0]
    boards_of: Counter[str] = Counter()
    for x in lines:
        boards_of[x.ns_pair] += 1
        boards_of[x.ew_pair] += 1
    rounds = math.ceil(max(boards_of.values()) / per_round)
    labels = {p.label for p in record.pairs}
    if record.individual:
        kind = Section.MovementKind.INDIVIDUAL
    elif record.winners == 2 and all(label.endswith(("NS", "EW")) for label in labels):
        kind = Section.MovementKind.MITCHELL
    elif record.winners == 1 and all(is_digits(label) for label in labels):
        kind = Section.MovementKind.HOWELL
    else:
        kind = Section.MovementKind.IMPORTED
    return {"movement_kind": kind, "tables": tables, "rounds": max(rounds, 1), "boards_per_round": max(per_round, 1)}


def _new_session(
    sections: tuple[SessionRecord, ...],
    filename: str,
    fmt: str,
    warnings: list[str],
    actor: Actor,
    event: Event | None,
    number: int,
    *,
    scale: bool,
) -> Session:
    """The finished session the file becomes (in a new event unless given one), with the conventions it was
    scored with; dated today, with a warning, when the file gives no date."""
    record = sections[0]
    date = record.date
    if date is None:
        date = dt.date.today()
        warnings.append(
            _("The file gives no date; the session is dated today (%(date)s).") % {"date": format(date, "%d/%m/%Y")}
        )
    event = event or Event.objects.create(
        name=(record.event_name or record.title or filename)[:160],
        club=record.club_name[:160],
        kind=Event.Kind.PAIRS,
        owner=user_of(actor),
    )
    source = f"{fmt} file {filename}" + (f" ({record.program})" if record.program else "")
    conventions = {"use_neuberg": True, **conventions_for(record.program), "scale_missed_boards": scale}
    conventions["section_scoring"] = section_scoring_for(sections)
    return Session.objects.create(
        event=event,
        name=(record.title if record.title and number == 1 else f"Session {number}")[:120],
        number=number,
        date=date,
        scoring_method=record.scoring,
        mp_scale=record.mp_scale,
        **conventions,
        scores_shown=scores_shown_for(record),
        status=Session.Status.FINISHED,
        source=source[:200],
    )


@transaction.atomic
def import_record(
    record: SessionRecord,
    *,
    filename: str,
    fmt: str,
    actor: Actor = None,
    scale_missed_boards: bool = True,
    compare: bool = True,
    more_sections: tuple[SessionRecord, ...] = (),
    event: Event | None = None,
    number: int = 1,
) -> ImportReport:
    """Write a record as a new session, all or nothing, then compare our scores with the published ones
    (unless ``compare`` is off: a batch of a simultaneous's files is scored across the field instead).

    ``more_sections`` are the file's other sections (USEBIO's SECTIONs): each a section of the same session, with
    the same boards, scored apart."""
    warnings = list(record.warnings) + [w for part in more_sections for w in part.warnings]
    sections = (record, *more_sections)
    session = _new_session(sections, filename, fmt, warnings, actor, event, number, scale=scale_missed_boards)
    # Our own file: the conventions it was scored with; the director's opting out of scaling still wins.
    own_import.apply_settings(session, record, keep=() if scale_missed_boards else ("scale_missed_boards",))
    report = ImportReport(session=session, source=f"{fmt} file {filename}")
    report.notes = import_notes(session, record)

    boards = board_rows(session, sections, warnings)
    Board.objects.bulk_create(boards.values())
    report.boards = len(boards)
    report.notes += compare_analysis(list(boards.values())).notes()
    awarded, to_compare = 0, list[tuple[Section, SessionRecord]]()
    for part in sections:
        if part.pairs:
            awarded += _import_section(
                session, part, boards, report, warnings, filename=filename, compare=compare, actor=actor,
                compared_after=to_compare,
            )  # fmt: skip
    for section, part in to_compare:
        _compare_section(section, part, report, warnings)
    audit.record(
        actor=actor,
        action=AuditAction.SESSION_IMPORTED,
        target=session,
        session_id=session.pk,
        new={
            "format": fmt,
            "file": filename,
            "pairs": report.pairs,
            "boards": report.boards,
            "results": report.results,
            "rulings": report.rulings,
            "scale_missed_boards": scale_missed_boards,
            "published_figures_compared": report.compared,
            "differences": len(report.differences),
            "master_points_awarded": awarded,
            "sections": len(sections),
        },
        why=f"Imported from {filename}",
    )
    report.warnings = warnings
    return report


def _import_section(
    session: Session,
    record: SessionRecord,
    boards: dict[int, Board],
    report: ImportReport,
    warnings: list[str],
    *,
    filename: str,
    compare: bool,
    actor: Actor,
    compared_after: list[tuple[Section, SessionRecord]],
) -> int:
    """One section's entries, results and rulings, compared with its published figures; the awards made."""
    section = Section.objects.create(
        session=session,
        letter=record.section or "A",
        winners=record.winners,
        **(own_import.layout(record) or section_layout(record)),
    )
    entries = _create_entries(section, record, warnings)
    report.pairs += len(entries)
    awarded = awards.keep_imported(session, record, entries)
    made, rulings, score_warnings = _create_results(section, session, record, boards, entries, filename, actor)
    report.results += made
    report.rulings += rulings
    warnings.extend(score_warnings)
    if compare:
        compared_after.append((section, record))  # once every section is in: across the field needs them all
    return awarded


def _compare_section(section: Section, record: SessionRecord, report: ImportReport, warnings: list[str]) -> None:
    compared, differences = compare_with_published(section, record)
    report.compared += compared
    prefix = f"Section {record.section}: " if record.section else ""
    report.differences.extend(prefix + d for d in differences)
    hint = convention_hint(section, record) if differences else None
    if hint:
        warnings.append(prefix + hint)


def _create_entries(section: Section, record: SessionRecord, notes: list[str]) -> dict[str, Entry]:
    made: list[Entry] = []
    for pair in record.pairs:
        # An individual's partnership ("8-1") is numbered in the order it first sits, as set-up numbers them.
        number, direction = (pair.number, "") if record.individual else label_parts(pair.label)
        made.append(
            Entry(
                section=section,
                number=number,
                direction=direction,
                label=pair.label,
                late=pair.label in record.late,
                published_total=pair.total,
                published_percentage=pair.percentage,
                published_place=pair.place[:8],
            )
        )
    Entry.objects.bulk_create(made)
    entries = {e.label: e for e in Entry.objects.filter(section=section)}
    ids = {p.national_id for pair in record.pairs for p in pair.players if p.national_id}
    members = {m.national_id: m for m in Member.objects.filter(national_id__in=ids)} if ids else {}
    players = []
    for pair in record.pairs:
        for seat, player in enumerate(pair.players, start=1):
            name, note = shortened_name(player.name, where=f"The name of player {seat} of pair {pair.label}")
            if note:
                notes.append(note)
            if name:
                players.append(
                    EntryPlayer(
                        entry=entries[pair.label],
                        seat=seat,
                        name=name,
                        national_id=player.national_id[:40],
                        member=members.get(player.national_id),
                    )
                )
    EntryPlayer.objects.bulk_create(players)
    return entries


def _create_results(
    section: Section,
    session: Session,
    record: SessionRecord,
    boards: dict[int, Board],
    entries: dict[str, Entry],
    filename: str,
    actor: Actor,
) -> tuple[int, int, list[str]]:
    warnings: list[str] = []
    results: list[Result] = []
    artificial: list[tuple[Result, LineRecord]] = []
    for b in record.boards:
        for line in b.lines:
            result = result_row(section, session, boards[b.number], entries, b, line, warnings)
            if result.kind == Result.Kind.ARTIFICIAL:
                artificial.append((result, line))
            results.append(result)
    Result.objects.bulk_create(results)
    director = user_of(actor)
    if record.rulings is not None:  # our own file: the director's rulings as they were given
        rulings = own_import.make_rulings(section, session, record, boards, entries, results, actor)
    else:
        rulings = [
            Ruling(
                session=session,
                section=section,
                board=result.board,
                result=result,
                decision=Ruling.Decision.ARTIFICIAL,
                facts=f"Imported from {filename} ({line.where}).",
                details={"ns_percent": result.ns_percent, "ew_percent": result.ew_percent},
                director=director,
            )
            for result, line in artificial
        ]
    Ruling.objects.bulk_create(rulings)
    for ruling in rulings:
        audit.record(
            actor=actor,
            action=AuditAction.RULING_APPLY,
            target=ruling,
            session_id=session.pk,
            new=audit.snapshot(ruling),
            why=f"Imported from {filename}",
        )
    return len(results), len(rulings), warnings


def _ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 7, 9, 10] as "1-3, 7, 9-10"."""
    out: list[str] = []
    for n in numbers:
        if out and n == int(out[-1].split("-")[-1]) + 1:
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return ", ".join(out)


def _conditions_differ(b: BoardRecord, board: Board) -> str:
    """A warning when the file deals the board with another dealer or vulnerability (the session's are kept)."""
    if not (b.dealer and b.dealer != board.dealer) and not (b.vulnerability and b.vulnerability != board.vulnerability):
        return ""
    return _(
        "%(where)s: the file deals board %(number)s with dealer %(value)s, vulnerable "
        "%(value2)s; the session's board says %(dealer)s, %(vulnerability)s (kept)."
    ) % {
        "where": b.where,
        "number": b.number,
        "value": b.dealer or "?",
        "value2": b.vulnerability or "?",
        "dealer": board.dealer,
        "vulnerability": board.vulnerability,
    }


@transaction.atomic
def import_deals(session: Session, record: SessionRecord, *, filename: str, actor: Actor = None) -> ImportReport:
    """Load hand records (deals) into an existing session's boards, adding boards it lacks; results untouched."""
    dealt = [b for b in record.boards if b.deal]
    if not dealt:
        raise InterchangeError(_("the file has no deals to load."), record.boards[0].where if record.boards else "")
    lock_sections(session.pk)  # writers take the sections first (sessions/services/versions.py)
    existing = {b.number: b for b in Board.objects.select_for_update().filter(session=session)}
    report = ImportReport(session=session, source=f"hand records from {filename}")
    changed: dict[str, list[int]] = defaultdict(list)
    if existing:  # a set-up session: a deal for a board it does not play is named and left out, never added
        extra = sorted(b.number for b in dealt if b.number not in existing)
        if extra:
            report.warnings.append(
                ngettext(
                    "%(count)s deal ignored (%(_ranges)s): the session plays boards %(_ranges2)s only.",
                    "%(count)s deals ignored (%(_ranges)s): the session plays boards %(_ranges2)s only.",
                    len(extra),
                )
                % {"count": len(extra), "_ranges": _ranges(extra), "_ranges2": _ranges(sorted(existing))}
            )
        dealt = [b for b in dealt if b.number in existing]
    for b in dealt:
        board = existing.get(b.number)
        if board is None:
            board_row(session, b).save()
            changed["added"].append(b.number)
            continue
        if warning := _conditions_differ(b, board):
            report.warnings.append(warning)
        if board.deal != b.deal:
            changed["replaced" if board.deal else "dealt"].append(b.number)
        if board.deal != b.deal or board.published_analysis != b.published_analysis:
            board.deal, board.published_analysis = b.deal, b.published_analysis
            board.save(update_fields=["deal", "published_analysis"])
    report.boards = sum(len(v) for v in changed.values())
    report.notes = compare_analysis(list(Board.objects.filter(session=session))).notes()
    audit.record(
        actor=actor,
        action=AuditAction.SESSION_DEALS_IMPORTED,
        target=session,
        session_id=session.pk,
        new={"file": filename, **{k: v for k, v in changed.items()}},
        why=f"Hand records from {filename}",
    )
    bump_session(session.pk)  # the boards pages (and their cached public copies) show the deals
    return report
