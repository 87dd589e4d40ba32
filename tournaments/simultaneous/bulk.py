"""Hundreds of clubs' files at once: each file read by the interchange USEBIO reader, every club's rows written
in a handful of bulk statements instead of a few dozen statements per club.

A simultaneous of 300 clubs brings 72,000 traveller lines; written club by club through the single-file importer
that took about a minute, most of it in per-row ORM work. Here the files are read and checked first (scores
against contracts as the importer checks them, boards and deals against the simultaneous), then the events,
sessions, sections, boards and entries are bulk-created and the traveller lines go in through one
``executemany``. A file with artificial scores (which become rulings) goes through the single-file importer.
Every club's import is audited as a single import is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import connection
from django.utils import timezone

import scoring
from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor, user_of
from tournaments.interchange.importers import label_parts, section_layout
from tournaments.interchange.records import SessionRecord
from tournaments.interchange.result_rows import checked_score
from tournaments.sessions.models import Board, Entry, EntryPlayer, Event, Result, Section, Session
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub


class FileRefused(ValueError):
    """A club's file that cannot join the field, with the reason."""


@dataclass
class Checked:
    filename: str
    record: SessionRecord
    scores: dict[tuple[int, str], int]  # (board, N-S label) -> N-S score
    warnings: list[str]


def check_record(
    simul: Simultaneous,
    deals: dict[str, str],
    filename: str,
    record: SessionRecord,
    known: dict[tuple[object, ...], tuple[int, str | None]] | None = None,
) -> Checked:
    """The file plays the simultaneous's boards and deals; its scores agree with its contracts (or are noted)."""
    if not record.pairs:
        raise FileRefused("it has no pairs.")
    extra = [b.number for b in record.boards if b.number > simul.boards]
    if extra:
        raise FileRefused(f"it has board {extra[0]}; the simultaneous plays boards 1-{simul.boards} only.")
    trial = dict(deals)  # a refused file leaves the simultaneous's deals as they were
    for b in record.boards:
        if b.deal and trial.setdefault(str(b.number), b.deal) != b.deal:
            raise FileRefused(f"its board {b.number} is not the deal the other clubs played.")
    labels = {p.label for p in record.pairs}
    scores: dict[tuple[int, str], int] = {}
    warnings = list(record.warnings)
    for b in record.boards:
        for line in b.lines:
            if line.ns_pair not in labels or line.ew_pair not in labels:
                raise FileRefused(f"{line.where}: a traveller line names a pair the file does not list.")
            if line.kind == "played":
                # The clubs play the same boards: the same (contract, declarer, tricks, score) recurs hundreds
                # of times, so each is checked once (``known`` is shared by the files of a batch).
                key = (line.contract, line.declarer, line.tricks, line.score, b.number, b.vulnerability)
                found = known.get(key) if known is not None else None
                if found is None or found[1] is not None:  # a disagreement is told with this line's place
                    found = checked_score(line, b, Session.Edition.CURRENT)
                    if known is not None:
                        known[key] = found
                score, message = found
                scores[(b.number, line.ns_pair)] = score
                if message:
                    warnings.append(message)
    deals.update(trial)
    return Checked(filename, record, scores, warnings)


def _sessions(checked: Sequence[Checked], actor: Actor) -> list[Session]:
    """One event and one finished session per club's file."""
    owner = user_of(actor)
    today = timezone.localdate()
    events = Event.objects.bulk_create(
        [
            Event(
                name=(c.record.event_name or c.record.title or c.filename)[:160],
                club=c.record.club_name[:160],
                owner=owner,
            )
            for c in checked
        ]
    )
    return Session.objects.bulk_create(
        [
            Session(
                event=event,
                name=(c.record.title or "Session 1")[:120],
                number=1,
                date=c.record.date or today,
                scoring_method=c.record.scoring,
                mp_scale=c.record.mp_scale,
                status=Session.Status.FINISHED,
                source=f"USEBIO file {c.filename}"[:200],
            )
            for c, event in zip(checked, events, strict=True)
        ]
    )


def _boards(checked: Sequence[Checked], sessions: Sequence[Session]) -> dict[tuple[int, int], int]:
    """Every club's boards; the board's id by (session id, number)."""
    boards = Board.objects.bulk_create(
        [
            Board(
                session=s,
                number=b.number,
                dealer=b.dealer or scoring.board_dealer(b.number),
                vulnerability=b.vulnerability or scoring.board_vulnerability(b.number),
                deal=b.deal,
            )
            for c, s in zip(checked, sessions, strict=True)
            for b in c.record.boards
        ]
    )
    return {(b.session_id, b.number): b.pk for b in boards}


def _entries(checked: Sequence[Checked], sections: Sequence[Section]) -> dict[tuple[int, str], int]:
    """Every club's pairs and their players; the entry's id by (section id, label)."""
    entries = Entry.objects.bulk_create(
        [
            Entry(section=sec, number=label_parts(p.label)[0], direction=label_parts(p.label)[1], label=p.label)
            for c, sec in zip(checked, sections, strict=True)
            for p in c.record.pairs
        ]
    )
    entry_id = {(e.section_id, e.label): e.pk for e in entries}
    EntryPlayer.objects.bulk_create(
        [
            EntryPlayer(
                entry_id=entry_id[(sec.pk, p.label)], seat=seat, name=pl.name[:120], national_id=pl.national_id[:40]
            )
            for c, sec in zip(checked, sections, strict=True)
            for p in c.record.pairs
            for seat, pl in enumerate(p.players, start=1)
            if pl.name
        ],
        batch_size=5000,
    )
    return entry_id


def _audit_imports(
    simul: Simultaneous,
    checked: Sequence[Checked],
    sessions: Sequence[Session],
    clubs: Sequence[SimultaneousClub],
    actor: Actor,
) -> None:
    for c, s, club in zip(checked, sessions, clubs, strict=True):
        audit.record(
            actor=actor,
            action=AuditAction.SESSION_IMPORTED,
            target=s,
            session_id=s.pk,
            new={
                "format": "USEBIO",
                "file": c.filename,
                "pairs": len(c.record.pairs),
                "boards": len(c.record.boards),
                "results": sum(len(b.lines) for b in c.record.boards),
                "simultaneous": simul.pk,
                "code": club.code,
            },
            why=f"Imported from {c.filename} into the simultaneous {simul.name}",
        )


def write_clubs(
    simul: Simultaneous, checked: Sequence[Checked], codes: Sequence[str], actor: Actor
) -> list[SimultaneousClub]:
    """Write every checked club in bulk (inside the caller's transaction) and join it to the field."""
    sessions = _sessions(checked, actor)
    sections = Section.objects.bulk_create(
        [
            Section(session=s, letter="A", winners=c.record.winners, **section_layout(c.record))
            for c, s in zip(checked, sessions, strict=True)
        ]
    )
    board_id = _boards(checked, sessions)
    entry_id = _entries(checked, sections)
    _insert_results(checked, sessions, sections, board_id, entry_id)
    clubs = SimultaneousClub.objects.bulk_create(
        [
            SimultaneousClub(simultaneous=simul, session=s, club=(c.record.club_name or c.filename)[:160], code=code)
            for c, s, code in zip(checked, sessions, codes, strict=True)
        ]
    )
    _audit_imports(simul, checked, sessions, clubs, actor)
    return clubs


def _insert_results(
    checked: Sequence[Checked],
    sessions: Sequence[Session],
    sections: Sequence[Section],
    board_id: dict[tuple[int, int], int],
    entry_id: dict[tuple[int, str], int],
) -> None:
    """Every traveller line of every club in one executemany (the per-row ORM work is what made it slow)."""
    now = timezone.now()
    empty = Result._meta.get_field("weighted").get_db_prep_value([], connection)
    no_revoke = Result._meta.get_field("revoke").get_db_prep_value({}, connection)
    stamp = Result._meta.get_field("created_at").get_db_prep_value(now, connection)
    rows = []
    for c, s, sec in zip(checked, sessions, sections, strict=True):
        for b in c.record.boards:
            bid = board_id[(s.pk, b.number)]
            for line in b.lines:
                played = line.kind == "played"
                rows.append(
                    (
                        sec.pk,
                        bid,
                        entry_id[(sec.pk, line.ns_pair)],
                        entry_id[(sec.pk, line.ew_pair)],
                        Result.Kind.PLAYED.value if played else Result.Kind.NOT_PLAYED.value,
                        line.contract[:8] if played else "",
                        line.declarer if played else "",
                        line.tricks if played else None,
                        line.lead[:3] if played else "",
                        line.auction if played and len(line.auction) <= 400 else "",
                        line.play if played and len(line.play) <= 200 else "",
                        c.scores[(b.number, line.ns_pair)] if played else None,
                        empty,
                        no_revoke,
                        stamp,
                        stamp,
                    )
                )
    table = connection.ops.quote_name(Result._meta.db_table)
    columns = (
        "section_id, board_id, ns_entry_id, ew_entry_id, kind, contract, declarer, tricks, lead, auction, play, "
        "ns_score, version, weighted, revoke, created_at, updated_at"
    )
    sql = f"INSERT INTO {table} ({columns}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, 1, %s, %s, %s, %s)"
    with connection.cursor() as cursor:
        for start in range(0, len(rows), 10_000):
            cursor.executemany(sql, rows[start : start + 10_000])
