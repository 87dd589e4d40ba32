"""USEBIO individual events: read as other programs write them (PARTICIPANTS/PLAYER, four players a traveller
line), scored by partnerships and compared with the file's players, and written back by Bridgedesk.

The file below is written here in the shape the open-source USEBIO readers take (usebio_individual.py names
them). Its figures are worked by hand: 8 players, 2 tables, 2 rounds of 2 boards, match points 2 for a beat:

    board 1: 1-2 v 3-4 +420, 5-6 v 7-8 -50   NS 2/0 and 0/2
    board 2: both tables +600                 1/1 each
    board 3: 1-5 v 2-6 -110, 3-7 v 4-8 -140   NS 2/0 and 0/2
    board 4: 1-5 v 2-6 +90,  3-7 v 4-8 pass   NS 2/0 and 0/2

so the partnerships make 1-2 75%, 3-4 25%, 5-6 25%, 7-8 75%, 1-5 100%, 2-6 0%, 3-7 0%, 4-8 100%, and the
players (two boards in each partnership) 1 and 8 87.5%, 4 and 5 62.5%, 2 and 7 37.5%, 3 and 6 12.5%.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from tests.tournaments.interchange.test_roundtrip import snapshot
from tests.tournaments.services.test_individuals import CONTRACTS, new_individual
from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.exporters import export_pbn, export_usebio, export_usebio_event
from tournaments.interchange.importers import import_pbn, import_usebio
from tournaments.interchange.records import BoardRecord, IndividualRecord, LineRecord, SessionRecord
from tournaments.interchange.usebio import read_usebio
from tournaments.interchange.usebio_structure import check_structure
from tournaments.interchange.usebio_writer import write_usebio
from tournaments.sessions.models import Section, Session, TableRound
from tournaments.sessions.selectors.individuals import individual_standings
from tournaments.sessions.services.results import record_result

PERCENT = {1: 87.5, 2: 37.5, 3: 12.5, 4: 62.5, 5: 62.5, 6: 12.5, 7: 37.5, 8: 87.5}
PLACES = {1: "1=", 8: "1=", 4: "3=", 5: "3=", 2: "5=", 7: "5=", 3: "7=", 6: "7="}
# (board, N, S, E, W, contract, declarer, tricks, score, NS MP, EW MP)
LINES = [
    (1, 1, 2, 3, 4, "4S", "N", 10, 420, 2, 0),
    (1, 5, 6, 7, 8, "4S", "N", 9, -50, 0, 2),
    (2, 1, 2, 3, 4, "3NT", "S", 9, 600, 1, 1),
    (2, 5, 6, 7, 8, "3NT", "S", 9, 600, 1, 1),
    (3, 1, 5, 2, 6, "2H", "E", 8, -110, 2, 0),
    (3, 3, 7, 4, 8, "2H", "E", 9, -140, 0, 2),
    (4, 1, 5, 2, 6, "1NT", "N", 7, 90, 2, 0),
    (4, 3, 7, 4, 8, "PASS", "", None, 0, 0, 2),
]


def individual_xml(lines=LINES, percent=PERCENT, extra_player: str = "", participant: str = "PLAYER") -> str:
    players = "".join(
        f"<{participant}><PLAYER_NUMBER>{n}</PLAYER_NUMBER><PLAYER_NAME>Player {n}</PLAYER_NAME>"
        f"<NATIONAL_ID_NUMBER>{1000 + n}</NATIONAL_ID_NUMBER><PERCENTAGE>{percent[n]:.2f}</PERCENTAGE>"
        f"<PLACE>{PLACES[n]}</PLACE></{participant}>\n"
        for n in range(1, 9)
    )
    boards = ""
    for number in sorted({x[0] for x in lines}):
        boards += f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>\n"
        for _b, n, s, e, w, contract, declarer, tricks, score, ns_mp, ew_mp in (x for x in lines if x[0] == number):
            played = f"<PLAYED_BY>{declarer}</PLAYED_BY><TRICKS>{tricks}</TRICKS>" if declarer else ""
            boards += (
                f"<TRAVELLER_LINE><N_PLAYER_NUMBER>{n}</N_PLAYER_NUMBER><S_PLAYER_NUMBER>{s}</S_PLAYER_NUMBER>"
                f"<E_PLAYER_NUMBER>{e}</E_PLAYER_NUMBER><W_PLAYER_NUMBER>{w}</W_PLAYER_NUMBER>"
                f"<CONTRACT>{contract}</CONTRACT>{played}<SCORE>{score}</SCORE>"
                f"<NS_MATCH_POINTS>{ns_mp}</NS_MATCH_POINTS><EW_MATCH_POINTS>{ew_mp}</EW_MATCH_POINTS></TRAVELLER_LINE>\n"
            )
        boards += "</BOARD>\n"
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">\n'
        "<CLUB><CLUB_NAME>Anytown BC</CLUB_NAME></CLUB>\n"
        '<EVENT EVENT_TYPE="INDIVIDUAL">\n<PROGRAM_NAME>Some Scorer</PROGRAM_NAME><DATE>24/11/2026</DATE>\n'
        f"<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>\n<PARTICIPANTS>\n{players}{extra_player}"
        f"</PARTICIPANTS>\n{boards}</EVENT>\n</USEBIO>\n"
    )


def test_an_individual_file_is_read_by_partnerships_with_its_players() -> None:
    record = read_usebio(individual_xml())
    assert record.individual and record.scoring == "mp" and record.winners == 1
    assert [(p.number, p.name, p.national_id, p.percentage, p.place) for p in record.players][:2] == [
        (1, "Player 1", "1001", 87.5, "1="),
        (2, "Player 2", "1002", 37.5, "5="),
    ]
    assert [p.label for p in record.pairs] == ["1-2", "3-4", "5-6", "7-8", "1-5", "2-6", "3-7", "4-8"]
    assert [x.name for x in record.pair("1-5").players] == ["Player 1", "Player 5"]
    third = record.boards[2].lines
    assert [(x.ns_pair, x.ew_pair, x.score) for x in third] == [("1-5", "2-6", -110), ("3-7", "4-8", -140)]
    assert record.warnings == []


@pytest.mark.django_db
def test_an_individual_file_imports_and_agrees_with_its_published_figures() -> None:
    report = import_usebio(individual_xml().encode(), filename="individual.xml")
    section = report.session.sections.get()
    assert section.movement_kind == Section.MovementKind.INDIVIDUAL and section.winners == 1
    assert report.pairs == 8 and report.results == 8 and report.boards == 4
    assert report.differences == []
    assert report.compared == 8 + 16  # every line, and every player's percentage and place
    standings = {s.number: s for s in individual_standings(section)}
    assert {n: s.percentage for n, s in standings.items()} == PERCENT
    assert {n: s.place for n, s in standings.items()} == PLACES
    assert standings[5].name == "Player 5"


@pytest.mark.django_db
def test_a_players_published_figure_that_differs_is_listed_with_its_line() -> None:
    report = import_usebio(individual_xml(percent={**PERCENT, 3: 20.0}).encode(), filename="individual.xml")
    assert report.differences[0] == "1 players' results differ from the file's:"
    assert report.differences[1].startswith("  line 10, PLAYER 3: percentage 20 v 12.50")


def test_a_line_that_seats_an_unknown_player_is_left_out_with_its_line() -> None:
    bad = [*LINES[:-1], (4, 3, 7, 4, 9, "PASS", "", None, 0, 0, 2)]
    record = read_usebio(individual_xml(lines=bad))
    assert len([x for b in record.boards for x in b.lines]) == 7
    assert record.warnings == [
        "line 31, BOARD 4, TRAVELLER_LINE 2: W_PLAYER_NUMBER '9' is not a player among the PARTICIPANTS. "
        "The line was left out."
    ]


def test_a_player_who_plays_a_board_twice_is_refused_on_that_line() -> None:
    bad = [*LINES[:-1], (4, 3, 7, 4, 1, "PASS", "", None, 0, 0, 2)]
    record = read_usebio(individual_xml(lines=bad))
    assert "player 1 plays this board twice (also line 30, BOARD 4, TRAVELLER_LINE 1)" in record.warnings[0]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"participant": "PAIR"}, "an individual event lists PLAYERs, not PAIRs."),
        ({"extra_player": "<PLAYER><PLAYER_NUMBER>3</PLAYER_NUMBER></PLAYER>"}, "player 3 is listed twice"),
        ({"extra_player": "<PLAYER><PLAYER_NUMBER>x</PLAYER_NUMBER></PLAYER>"}, "PLAYER_NUMBER 'x' is not a player"),
    ],
)
def test_bad_participants_refuse_the_file_with_one_reason(kwargs, message: str) -> None:
    with pytest.raises(InterchangeError) as caught:
        read_usebio(individual_xml(**kwargs))
    assert message in caught.value.message and caught.value.where.startswith("line ")


def _played_individual(director, director_client):
    session = new_individual(director_client)
    section = session.sections.get()
    director_client.post(f"/sessions/{session.pk}/A/players/", {f"player{n}": f"Player {n}" for n in range(1, 9)})
    rows = TableRound.objects.filter(section=section).select_related("ns_entry", "ew_entry")
    for i, row in enumerate(rows):
        for j, board in enumerate(row.boards):
            contract, declarer, tricks = CONTRACTS[(i + j) % len(CONTRACTS)]
            record_result(
                actor=director, section=section, board=board, ns=row.ns_entry.label, ew=row.ew_entry.label,
                contract=contract, declarer=declarer, tricks=tricks,
            )  # fmt: skip
    return session


@pytest.mark.django_db
def test_an_individual_session_goes_out_as_usebio_and_comes_back_the_same(director, director_client) -> None:
    session = _played_individual(director, director_client)
    ours = snapshot(session)
    players = [(s.number, s.name, s.percentage, s.place) for s in individual_standings(session.sections.get())]
    _name, xml = export_usebio(session)
    check_structure(xml)
    text = xml.decode()
    assert 'EVENT_TYPE="INDIVIDUAL"' in text and "<N_PLAYER_NUMBER>" in text and "<NS_PAIR_NUMBER>" not in text
    assert text.count("<PLAYER_NUMBER>") == 8 and "8-1" not in text.split("<?bridgedesk")[0]
    again = import_usebio(xml, filename="ours.xml", actor=director)
    assert again.differences == []
    assert snapshot(again.session) == ours
    section = again.session.sections.get()
    assert [(s.number, s.name, s.percentage, s.place) for s in individual_standings(section)] == players
    # PBN too: the partnerships' lines, read back as an individual with the same lines and standings.
    _name, text_pbn = export_pbn(session)
    via_pbn = import_pbn(text_pbn, filename="ours.pbn", actor=director)
    assert via_pbn.differences == []
    assert snapshot(via_pbn.session) == ours
    section = via_pbn.session.sections.get()
    assert [(s.number, s.name, s.percentage, s.place) for s in individual_standings(section)] == players
    # The event's file (every session) writes it the same way.
    _name, event_xml = export_usebio_event(session)
    check_structure(event_xml)
    assert b'EVENT_TYPE="INDIVIDUAL"' in event_xml


@pytest.mark.django_db
def test_other_readers_see_the_individual_without_our_own_data(director, director_client) -> None:
    """The standard part alone (our processing instruction taken out) imports with the same figures."""
    session = _played_individual(director, director_client)
    _name, xml = export_usebio(session)
    standard = xml.split(b"<?bridgedesk")[0]
    report = import_usebio(standard, filename="standard.xml", actor=director)
    assert report.differences == []
    assert report.session.sections.get().movement_kind == Section.MovementKind.INDIVIDUAL
    theirs = {s.number: (s.percentage, s.place) for s in individual_standings(report.session.sections.get())}
    ours = {s.number: (s.percentage, s.place) for s in individual_standings(session.sections.get())}
    assert theirs == ours


@pytest.mark.django_db
def test_an_individual_file_uploaded_on_the_import_page_opens_with_its_players(director_client) -> None:
    upload = SimpleUploadedFile("individual.xml", individual_xml().encode())
    response = director_client.post(reverse("interchange:upload"), {"file": upload, "format": "auto"})
    session = Session.objects.get()
    assert response.status_code == 302 and response["Location"] == session.get_absolute_url()
    page = director_client.get(response["Location"])
    assert page.status_code == 200 and "Imported USEBIO file individual.xml" in page.content.decode()
    players = director_client.get(reverse("individual_players", args=[session.pk]))
    text = players.content.decode()
    assert players.status_code == 200 and "Player 8" in text and "87.5" in text


PLAYED = [("4S", "N", 10), ("3NT", "S", 8), ("2H", "E", 8), ("1NT", "W", 9), ("6DX", "N", 12), ("PASS", "", None)]


@st.composite
def individual_records(draw: st.DrawFn) -> SessionRecord:
    """A random individual as a record: 4 to 12 players, a few boards, each line four different players (a
    partnership keeps the seats it first took, as a movement seats it), random contracts and printed points."""
    count = draw(st.integers(min_value=4, max_value=12))
    numbers = draw(st.lists(st.integers(1, 99), min_size=count, max_size=count, unique=True))
    record = SessionRecord(individual=True, scoring="mp", winners=1)
    record.players = [
        IndividualRecord(
            number=n,
            name=draw(st.sampled_from(["", "Ann Ames", "Zoë Ørsted", "O'Neill"])),
            percentage=draw(st.none() | st.integers(0, 10000).map(lambda x: x / 100)),
            place=draw(st.sampled_from(["", "1", "2=", "10"])),
        )
        for n in numbers
    ]
    oriented: dict[frozenset[int], str] = {}
    for number in range(1, draw(st.integers(1, 5)) + 1):
        board = BoardRecord(number=number)
        seated = draw(st.permutations(numbers))
        for table in range(draw(st.integers(1, count // 4))):
            n, s, e, w = seated[4 * table : 4 * table + 4]
            ns = oriented.setdefault(frozenset((n, s)), f"{n}-{s}")
            ew = oriented.setdefault(frozenset((e, w)), f"{e}-{w}")
            contract, declarer, tricks = draw(st.sampled_from(PLAYED))
            score = scoring.ns_score(contract, declarer or None, tricks, number)
            points = draw(st.integers(0, 40).map(lambda x: x / 4))
            board.lines.append(
                LineRecord(ns_pair=ns, ew_pair=ew, contract=contract, declarer=declarer, tricks=tricks,
                           score=score, ns_points=points, ew_points=10 - points)
            )  # fmt: skip
        record.boards.append(board)
    return record


def _lines(record: SessionRecord) -> list[tuple[object, ...]]:
    return [
        (b.number, x.ns_pair, x.ew_pair, x.contract, x.declarer, x.tricks, x.score, x.ns_points, x.ew_points)
        for b in record.boards
        for x in b.lines
    ]


@settings(max_examples=60, deadline=None)
@given(record=individual_records())
def test_any_individual_written_by_bridgedesk_reads_back_the_same(record: SessionRecord) -> None:
    again = read_usebio(write_usebio(record))
    assert again.individual and again.warnings == []
    assert [(p.number, p.name, p.percentage, p.place) for p in again.players] == [
        (p.number, p.name, p.percentage, p.place) for p in record.players
    ]
    assert _lines(again) == _lines(record)
