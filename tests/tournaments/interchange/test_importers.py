"""Importing makes a whole session in one transaction: rows, rulings for artificial scores, the audit log."""

from __future__ import annotations

import pytest

from tournaments.audit.models import AuditEntry
from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.exporters import export_usebio
from tournaments.interchange.importers import import_record, import_usebio
from tournaments.interchange.records import BoardRecord, LineRecord, PairRecord, PlayerRecord, SessionRecord
from tournaments.interchange.usebio import read_usebio
from tournaments.interchange.usebio_writer import write_usebio
from tournaments.sessions.models import Board, Entry, EntryPlayer, Event, Member, Result, Ruling, Section, Session
from tournaments.sessions.selectors.scores import score_section

MODELS = [Event, Session, Section, Entry, EntryPlayer, Board, Result, Ruling, AuditEntry]


def _counts() -> dict[str, int]:
    return {m.__name__: m.objects.count() for m in MODELS}


@pytest.mark.django_db
def test_the_howell_becomes_a_session_with_everything_in_it(howell_xml: bytes, director) -> None:
    member = Member.objects.create(name="Rose Braude", national_id="870153")
    report = import_usebio(howell_xml, filename="mp_pairs_howell.xml", actor=director)
    session = report.session
    assert (report.pairs, report.boards, report.results, report.rulings) == (12, 27, 161, 1)
    assert session.scoring_method == "mp" and session.mp_scale == "ebu"
    assert session.use_neuberg and session.scale_missed_boards
    assert session.date.isoformat() == "2022-07-27" and session.name == "Wednesday"
    assert session.event.name == "EL Wed 10.00am Open (27-Jul-22)" and session.event.club == "NSBC@Lindfield"
    assert session.event.owner == director
    assert "mp_pairs_howell.xml" in session.source and "Compscore3" in session.source
    section = session.sections.get()
    assert (section.movement_kind, section.tables, section.rounds, section.boards_per_round, section.winners) == (
        "howell",
        6,
        9,
        3,
        1,
    )
    entries = {e.label: e for e in section.entries.all()}
    assert sorted(entries, key=int) == [str(n) for n in range(1, 13)]
    assert {e.direction for e in entries.values()} == {""}
    six = entries["6"]
    assert [(p.seat, p.name, p.national_id) for p in six.players.all()] == [
        (1, "ROSE BRAUDE", "870153"),
        (2, "SUE MCCORMACK", "922821"),
    ]
    assert six.players.get(seat=1).member == member
    board1 = Board.objects.get(session=session, number=1)
    assert (board1.dealer, board1.vulnerability) == ("N", "None")
    assert board1.deal == "N:98.9762.AJT32.54 J5432.T8.K865.J2 Q76.AKQJ54.Q4.Q6 AKT.3.97.AKT9873"
    assert Board.objects.get(session=session, number=7).vulnerability == "All"
    assert not Result.objects.filter(section=section, table_round__isnull=False).exists()
    played = Result.objects.get(section=section, board=board1, ns_entry=entries["3"])
    assert (played.kind, played.contract, played.declarer, played.lead, played.tricks, played.ns_score) == (
        "played",
        "5C",
        "W",
        "2H",
        11,
        -400,
    )
    artificial = Result.objects.get(section=section, kind="artificial")
    assert (artificial.ns_entry.label, artificial.ew_entry.label) == ("5", "10")
    assert (artificial.ns_percent, artificial.ew_percent) == (50, 50)
    ruling = Ruling.objects.get(session=session)
    assert ruling.result == artificial and ruling.decision == "artificial" and ruling.director == director
    assert "Imported from mp_pairs_howell.xml" in ruling.facts
    actions = list(AuditEntry.objects.filter(session=session).values_list("action", flat=True))
    assert sorted(actions) == ["ruling.apply", "session.imported"]
    entry = AuditEntry.objects.get(session=session, action="session.imported")
    assert entry.actor == director and entry.new["results"] == 161 and entry.new["differences"] == 0
    scores = score_section(section)
    assert scores.standing_of(six.pk).place == "1"  # type: ignore[union-attr]


@pytest.mark.django_db
def test_the_mitchell_keeps_its_pair_labels_and_fields(mitchell_xml: bytes) -> None:
    report = import_usebio(mitchell_xml, filename="mp_pairs_mitchell.xml")
    section = report.session.sections.get()
    assert (section.movement_kind, section.winners, section.tables) == ("mitchell", 2, 19)
    e = Entry.objects.get(section=section, label="12EW")
    assert (e.number, e.direction) == (12, "EW")
    passed = Result.objects.get(section=section, contract="PASS")
    assert passed.ns_score == 0 and passed.kind == "played"
    assert report.differences == [] and report.warnings == []


@pytest.mark.django_db
def test_a_score_that_disagrees_with_its_contract_is_kept_and_reported(howell_xml: bytes) -> None:
    data = howell_xml.replace(b"<SCORE>-400</SCORE>", b"<SCORE>-420</SCORE>", 1)
    report = import_usebio(data, filename="edited.xml")
    assert len(report.warnings) == 1
    warning = report.warnings[0]
    assert warning.startswith("line 261, BOARD 1, TRAVELLER_LINE 1:")
    assert "scores -400 for NS; the file says -420 (kept)" in warning
    assert Result.objects.get(section__session=report.session, board__number=1, ns_entry__label="3").ns_score == -420


@pytest.mark.django_db(transaction=True)
def test_a_record_that_fails_late_leaves_nothing_behind(howell_xml: bytes) -> None:
    """The bad contract is on the last board, after the event, boards, pairs and most results were written."""
    record = read_usebio(howell_xml)
    record.boards[-1].lines[-1].contract = "8S"  # past the reader, which leaves such a line out
    before = _counts()
    with pytest.raises(InterchangeError) as caught:
        import_record(record, filename="bad.xml", fmt="USEBIO")
    assert "BOARD 27, TRAVELLER_LINE" in caught.value.where
    assert "1 to 7 odd tricks" in caught.value.message
    assert _counts() == before


@pytest.mark.django_db
def test_a_line_that_cannot_be_read_is_left_out_with_the_reason(howell_xml: bytes) -> None:
    text = howell_xml.decode()
    last = text.rindex("<CONTRACT>", 0, text.index("<HANDSET>"))
    text = text[:last] + "<CONTRACT>8S</CONTRACT>" + text[text.index("</CONTRACT>", last) + len("</CONTRACT>") :]
    report = import_usebio(text, filename="bad.xml")
    lines = Result.objects.filter(section__session=report.session).count()
    assert lines == sum(len(b.lines) for b in read_usebio(howell_xml).boards) - 1
    (note,) = [w for w in report.warnings if "left out" in w]
    assert (
        "BOARD 27, TRAVELLER_LINE" in note and "1 to 7 odd tricks" in note and note.endswith("The line was left out.")
    )


def _imp_record(scoring: str) -> SessionRecord:
    """Four pairs, two tables, two boards, an average-plus/minus on one line."""
    pairs = [
        PairRecord(
            label=str(n), number=n, players=[PlayerRecord(f"Player {n}a", f"10{n}"), PlayerRecord(f"Player {n}b")]
        )
        for n in range(1, 5)
    ]
    boards = [
        BoardRecord(
            number=1,
            lines=[
                LineRecord("1", "2", contract="4S", declarer="N", tricks=10, score=420),
                LineRecord("3", "4", contract="3NT", declarer="E", tricks=10, score=-430),
            ],
        ),
        BoardRecord(
            number=2,
            lines=[
                LineRecord("1", "3", contract="2H", declarer="S", tricks=8, score=110),
                LineRecord("2", "4", kind="artificial", ns_percent=60, ew_percent=40),
            ],
        ),
    ]
    return SessionRecord(event_name="IMP pairs", title="Tuesday", scoring=scoring, pairs=pairs, boards=boards)  # type: ignore[arg-type]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("scoring", "event_type", "points"),
    [("butler", "BUTLER_PAIRS", b"NS_BUTLER_POINTS"), ("cross_imps", "CROSS_IMP", b"NS_CROSS_IMP_POINTS")],
)
def test_imp_events_import_and_export_with_our_imps(scoring: str, event_type: str, points: bytes) -> None:
    data = write_usebio(_imp_record(scoring))
    assert f'EVENT_TYPE="{event_type}"'.encode() in data
    report = import_usebio(data, filename="imps.xml")
    session = report.session
    assert session.scoring_method == scoring and session.is_imps
    assert report.rulings == 1
    _, exported = export_usebio(session)
    assert points in exported and b"<PERCENTAGE>" not in exported
    record = read_usebio(exported)
    scores = score_section(session.sections.get())
    for pair in record.pairs:
        standing = scores.standing_of(Entry.objects.get(section__session=session, label=pair.label).pk)
        assert standing is not None and pair.total == pytest.approx(standing.total, abs=0.005)
    by_line = {(b.board.number, x.result.ns_entry.label): x for b in scores.boards for x in b.lines}
    for board in record.boards:
        for line in board.lines:
            ours = by_line[(board.number, line.ns_pair)]
            assert line.ns_points == pytest.approx(ours.ns_points, abs=0.005)
    again = import_usebio(exported, filename="again.xml")
    assert again.differences == []
