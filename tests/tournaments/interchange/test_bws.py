"""Bridgemate .bws databases: the tables written here as mdb-export prints them (CSV, a header row, text quoted;
mdbtools has no writer and no .bws may be copied in), read into a session; the mdbtools layer run for real on
files that are not Access databases, and without mdbtools on the PATH."""

from __future__ import annotations

import contextlib
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.interchange.bws import read_bws, read_tables
from tournaments.interchange.bws_import import import_bws_tables
from tournaments.interchange.bws_tables import TABLES, export_tables, looks_like_access, parse_csv
from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.forms import sniff
from tournaments.sessions.models import Board, Entry, Result, Section

SESSION = '"ID","Name","Date","Time","GUID","Status"\n1,"Tuesday pairs","2026-11-24 00:00:00","19:30","ABC",2\n'
SECTION = (
    '"ID","Letter","Tables","MissingPair","EWMoveBeforePlay","Session","ScoringType","Winners"\n1,"A ",2,0,0,1,1,2\n'
)
# A two-table Mitchell: both tables play boards 1-2 in round 1 and 3-4 in round 2, the E-W pairs changing tables.
ROUNDS = (
    '"Section","Table","Round","NSPair","EWPair","LowBoard","HighBoard","CustomBoards"\n'
    '1,1,1,1,1,1,2,""\n1,2,1,2,2,1,2,""\n1,1,2,1,2,3,4,""\n1,2,2,2,1,3,4,""\n'
)
RECEIVED = (
    '"ID","Section","Table","Round","Board","PairNS","PairEW","Declarer","NS/EW","Contract","Result","LeadCard",'
    '"Remarks","DateLog","TimeLog","Processed","Erased"\n'
    '1,1,1,1,1,1,1,1,"N","3 NT","+1","S10","","2026-11-24","19:40",1,0\n'
    '2,1,1,1,2,1,1,1,"S","2 H","=","CA","","2026-11-24","19:45",1,0\n'
    '3,1,2,1,1,2,2,2,"E","4 S x","-2","H3","","2026-11-24","19:41",1,0\n'
    '4,1,2,1,2,2,2,0,"","PASS","","","","2026-11-24","19:47",1,0\n'
    '5,1,1,2,3,1,2,0,"","","","","Not played","2026-11-24","20:01",1,0\n'
    '6,1,1,2,4,1,2,1,"N","3 NT","=","D2","","2026-11-24","20:05",1,1\n'
    '7,1,1,2,4,1,2,1,"N","3 NT","-1","D2","","2026-11-24","20:06",1,0\n'
    '8,1,2,2,3,2,1,1,"W","1 NT","-1","HK","","2026-11-24","20:02",1,0\n'
    '9,1,2,2,4,2,1,2,"N","3 NT","=","","","2026-11-24","20:07",1,0\n'
)
PLAYERS = (
    '"Section","Table","Direction","Number","Name","Updated","Round"\n'
    '1,1,"N","101","Ann North",0,1\n1,1,"S","102","",0,1\n1,1,"E","201","Eve East",0,1\n1,1,"W","202","Wes West",0,1\n'
    '1,2,"N","103","Nat Nox",0,1\n1,2,"S","104","Sal Sud",0,1\n'
)
NAMES = '"ID","Name","strID"\n102,"Bob South","102"\n'
HANDS = (
    '"Section","Board","NorthSpades","NorthHearts","NorthDiamonds","NorthClubs","EastSpades","EastHearts",'
    '"EastDiamonds","EastClubs","SouthSpades","SouthHearts","SouthDiamonds","SouthClubs","WestSpades","WestHearts",'
    '"WestDiamonds","WestClubs"\n'
    '1,1,"AKQJ","1098","765","432","1098","765","432","AKQJ","765","432","AKQJ","1098","432","AKQJ","1098","765"\n'
)
DEAL1 = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _tables(**changes: str) -> dict[str, list[dict[str, str]]]:
    texts = {
        "Session": SESSION, "Section": SECTION, "RoundData": ROUNDS, "ReceivedData": RECEIVED,
        "PlayerNumbers": PLAYERS, "PlayerNames": NAMES, "HandRecord": HANDS, **changes,
    }  # fmt: skip
    return {name: parse_csv(text, name) for name, text in texts.items() if text}


def test_the_tables_become_a_mitchell_with_players_results_leads_and_deals() -> None:
    (record,) = read_tables(_tables())
    assert record.title == "Tuesday pairs" and str(record.date) == "2026-11-24" and record.winners == 2
    assert record.layout == {
        "movement_kind": "mitchell", "movement_variant": "", "tables": 2, "rounds": 2, "boards_per_round": 2,
    }  # fmt: skip
    pairs = {p.label: [(x.name, x.national_id) for x in p.players] for p in record.pairs}
    assert pairs["1NS"] == [("Ann North", "101"), ("Bob South", "102")]  # the name from PlayerNames
    assert pairs["1EW"] == [("Eve East", "201"), ("Wes West", "202")] and pairs["2EW"] == []
    board1 = record.boards[0]
    assert board1.deal == DEAL1  # "10" read as the ten
    first = board1.lines[0]
    assert (first.contract, first.declarer, first.tricks, first.lead) == ("3NT", "N", 10, "ST")
    assert (board1.lines[1].contract, board1.lines[1].declarer, board1.lines[1].tricks) == ("4SX", "E", 8)
    board4 = record.boards[3]
    assert [x.tricks for x in board4.lines] == [8, 9]  # the erased row skipped, the later entry kept
    assert [x.kind for x in record.boards[2].lines] == ["not_played", "played"]
    assert record.boards[1].lines[1].contract == "PASS"


@pytest.mark.django_db
def test_it_imports_as_a_session_scored_by_bridgedesk() -> None:
    report = import_bws_tables(_tables(), filename="tuesday.bws")
    session = report.session
    assert (report.pairs, report.boards, report.results) == (4, 4, 8)
    section = Section.objects.get(session=session)
    assert (section.movement_kind, section.tables, section.rounds, section.boards_per_round) == ("mitchell", 2, 2, 2)
    scores = {
        (r.board.number, r.ns_entry.label): r.ns_score for r in Result.objects.filter(section=section, kind="played")
    }
    # 3NT+1 not vulnerable; 4Sx-2 by E-W not vulnerable; 2H= with N-S vulnerable (board 2); pass; 1NT-1 with E-W
    # vulnerable (board 3); 3NT= and 3NT-1 all vulnerable (board 4).
    assert scores == {(1, "1NS"): 430, (1, "2NS"): 300, (2, "1NS"): 110, (2, "2NS"): 0, (3, "2NS"): 100,
                      (4, "2NS"): 600, (4, "1NS"): -100}  # fmt: skip
    assert Result.objects.get(section=section, board__number=1, ns_entry__label="1NS").lead == "ST"
    assert Board.objects.get(session=session, number=1).deal == DEAL1
    assert Entry.objects.get(section=section, label="1NS").players.count() == 2


def test_a_row_that_cannot_be_read_is_left_out_with_its_place() -> None:
    bad = RECEIVED + '10,1,1,1,9,1,1,1,"N","8 NT","=","","","","",1,0\n11,1,1,1,2,1,1,1,"Q","1 C","=","","","","",1,0\n'
    bad += (
        '12,1,1,1,2,7,1,1,"N","1 C","=","","","","",1,0\n13,1,2,1,3,2,2,2,"N","1 C","","","Arbitral score","","",1,0\n'
    )
    bad += '14,1,1,1,1e999,1,1,1,"N","1 C","=","","","","",1,0\n15,1,1.5,1,2,1,1,1,"N","1 C","=","","","","",1,0\n'
    (record,) = read_tables(_tables(ReceivedData=bad))
    notes = "\n".join(record.warnings)
    assert "ReceivedData row 10" in notes and "ReceivedData row 11" in notes and "'Q' is not N, E, S or W" in notes
    assert "ReceivedData row 14: left out: Board '1e999' is not a number." in notes
    assert "board 2 entered again at this table" in notes  # "1.5" read as table 1: the same table's board 2
    assert "NS pair 7NS is not in the movement" in notes and "give it here as a ruling" in notes
    assert sum(len(b.lines) for b in record.boards) == 8


def test_a_howell_and_several_sections() -> None:
    howell = (
        '"Section","Table","Round","NSPair","EWPair","LowBoard","HighBoard"\n'
        "1,1,1,1,2,1,1\n1,1,2,2,3,2,2\n1,1,3,3,1,3,3\n2,1,1,1,1,1,2\n"
    )
    records = read_tables(_tables(RoundData=howell, Section='"ID","Letter"\n1,"A"\n2,"B"\n', ReceivedData=""))
    assert [(r.section, r.winners) for r in records] == [("A", 1), ("B", 2)]
    assert [p.label for p in records[0].pairs] == ["1", "2", "3"] and records[0].layout["movement_kind"] == "howell"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"RoundData": ""}, "no RoundData table"),
        ({"RoundData": '"Section","Table","Round","NSPair"\nx,1,1,1\n'}, "No row of RoundData could be read"),
    ],
)
def test_a_file_without_a_movement_is_refused_with_one_reason(changes: dict[str, str], message: str) -> None:
    with pytest.raises(InterchangeError, match=message):
        read_tables(_tables(**changes))


def test_mdbtools_runs_on_the_file_and_its_failure_is_named() -> None:
    assert shutil.which("mdb-export"), "mdbtools is a test tool (scripts/ensure-test-tools)"
    with pytest.raises(InterchangeError, match=r"not a Bridgemate \.bws file"):
        read_bws(b"[Event]\n")
    fake = b"\x00\x01\x00\x00Standard Jet DB\x00" + bytes(3000)  # an Access header over nothing: mdbtools fails
    assert looks_like_access(fake) and sniff(fake) == "bws"
    with pytest.raises(InterchangeError, match="not an Access database that mdbtools can read"):
        export_tables(fake)


def test_without_mdbtools_the_reason_says_what_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(InterchangeError, match="needs mdbtools"):
        export_tables(b"\x00\x01\x00\x00Standard Jet DB\x00")


@pytest.mark.django_db
def test_the_command_names_the_file_and_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "club.bws"
    path.write_bytes(b"\x00\x01\x00\x00Standard ACE DB\x00" + bytes(100))
    with pytest.raises(CommandError, match=r"club\.bws: The file is not an Access database") as caught:
        call_command("import_bws", str(path), stdout=StringIO())
    assert caught.value.returncode == 2


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300), access=st.booleans())
def test_any_bytes_give_the_readers_own_error(data: bytes, access: bool) -> None:
    if access:
        data = b"\x00\x01\x00\x00Standard Jet DB\x00" + data
    with contextlib.suppress(InterchangeError):
        read_bws(data)


_CELL = st.text(alphabet=st.sampled_from('0123456789 -=+."NSEWTxPASinfe,\n'), max_size=6)


@settings(max_examples=150, deadline=None)
@given(cells=st.lists(st.tuples(st.sampled_from(TABLES), st.lists(_CELL, min_size=1, max_size=18)), max_size=12))
def test_any_table_contents_give_records_or_the_readers_own_error(cells: list[tuple[str, list[str]]]) -> None:
    texts = {"RoundData": ROUNDS, "ReceivedData": RECEIVED, "HandRecord": HANDS, "PlayerNumbers": PLAYERS}
    for table, row in cells:
        texts[table] = texts.get(table, "") + ",".join(row) + "\n"
    try:
        tables = {name: parse_csv(text, name) for name, text in texts.items()}
        read_tables(tables)
    except InterchangeError:
        pass
