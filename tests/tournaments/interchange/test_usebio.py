"""USEBIO 1.2: reading the real published files, writing them back, and refusing bad or foreign files clearly."""

from __future__ import annotations

import re

import pytest

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.records import SessionRecord
from tournaments.interchange.usebio import read_usebio
from tournaments.interchange.usebio_structure import DOCTYPE, check_structure
from tournaments.interchange.usebio_writer import write_usebio


def test_the_howell_reads_as_one_field_of_numbered_pairs(howell_xml: bytes) -> None:
    record = read_usebio(howell_xml)
    assert (record.scoring, record.mp_scale, record.winners) == ("mp", "ebu", 1)
    assert [p.label for p in record.pairs] == [str(n) for n in range(1, 13)]
    assert record.club_name == "NSBC@Lindfield" and record.date is not None and record.date.isoformat() == "2022-07-27"
    first = record.pairs[0]
    assert (first.total, first.percentage, first.place) == (128.77, 47.69, "8")
    assert [(p.name, p.national_id) for p in first.players] == [("IREN MAJEDI", "964263"), ("MAUREEN DUTHIE", "627089")]
    assert len(record.boards) == 27 and sum(len(b.lines) for b in record.boards) == 161
    artificial = [x for b in record.boards for x in b.lines if x.kind == "artificial"]
    assert [(x.ns_pair, x.ew_pair, x.ns_percent, x.ew_percent) for x in artificial] == [("5", "10", 50.0, 50.0)]
    board1 = record.boards[0]
    assert board1.deal == "N:98.9762.AJT32.54 J5432.T8.K865.J2 Q76.AKQJ54.Q4.Q6 AKT.3.97.AKT9873"
    line = board1.lines[0]
    assert (line.contract, line.declarer, line.lead, line.tricks, line.score) == ("5C", "W", "2H", 11, -400)
    assert (line.ns_points, line.ew_points) == (0, 10)
    assert line.where.startswith("line ") and line.where.endswith("BOARD 1, TRAVELLER_LINE 1")


def test_the_mitchell_reads_as_two_fields(mitchell_xml: bytes) -> None:
    record = read_usebio(mitchell_xml)
    assert record.winners == 2
    assert {p.direction for p in record.pairs} == {"NS", "EW"}
    assert record.pair("1NS") is not None and record.pair("1EW") is not None
    assert sum(len(b.lines) for b in record.boards) == 512
    passed = [x for b in record.boards for x in b.lines if x.contract == "PASS"]
    assert len(passed) == 1 and passed[0].score == 0


@pytest.mark.parametrize("name", ["howell_xml", "mitchell_xml"])
def test_real_files_fit_the_structure_and_survive_a_write(name: str, request: pytest.FixtureRequest) -> None:
    data: bytes = request.getfixturevalue(name)
    check_structure(data)  # the element model is the published files' own
    record = read_usebio(data)
    out = write_usebio(record)
    assert out.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n' + DOCTYPE.encode())
    assert b'<USEBIO Version="1.2">' in out
    again = read_usebio(out)
    assert [(p.label, p.total, p.percentage, p.place, p.players) for p in again.pairs] == [
        (p.label, p.total, p.percentage, p.place, p.players) for p in record.pairs
    ]
    assert [(b.number, b.deal) for b in again.boards] == [(b.number, b.deal) for b in record.boards]
    for b1, b2 in zip(record.boards, again.boards, strict=True):
        assert [
            (x.ns_pair, x.ew_pair, x.kind, x.contract, x.declarer, x.tricks, x.score, x.ns_points) for x in b2.lines
        ] == [(x.ns_pair, x.ew_pair, x.kind, x.contract, x.declarer, x.tricks, x.score, x.ns_points) for x in b1.lines]


def test_an_element_out_of_order_is_named_with_its_line(howell_xml: bytes) -> None:
    text = howell_xml.decode()
    swapped = text.replace(
        "<PAIR_NUMBER>1</PAIR_NUMBER>\n     <DIRECTION></DIRECTION>",
        "<DIRECTION></DIRECTION>\n     <PAIR_NUMBER>1</PAIR_NUMBER>",
        1,
    )
    assert swapped != text
    with pytest.raises(InterchangeError) as caught:
        check_structure(swapped)
    assert caught.value.where == "line 31"
    assert "PAIR_NUMBER" in caught.value.message


def _error(data: bytes | str) -> InterchangeError:
    with pytest.raises(InterchangeError) as caught:
        read_usebio(data)
    return caught.value


def test_not_xml_at_all() -> None:
    error = _error(b"Board 1: 4S by N, 420\n")
    assert error.where == "line 1, column 1"
    assert "not well-formed XML" in error.message


def test_a_truncated_file_names_the_line_where_it_breaks(howell_xml: bytes) -> None:
    cut = howell_xml[:3000]
    error = _error(cut)
    last_line = cut.count(b"\n") + 1
    assert error.where.startswith(f"line {last_line},")


def test_foreign_xml_is_recognised() -> None:
    error = _error(b'<?xml version="1.0"?>\n<html><body>results</body></html>')
    assert error.where == "line 2, html"
    assert "not a USEBIO results file" in error.message


def test_an_unknown_event_type_is_named(howell_xml: bytes) -> None:
    error = _error(howell_xml.replace(b'<EVENT EVENT_TYPE="MP_PAIRS">', b'<EVENT EVENT_TYPE="RUBBER">'))
    assert error.where == "line 8, EVENT"
    assert "unknown event type RUBBER" in error.message


def test_missing_participants(howell_xml: bytes) -> None:
    text = re.sub(r"<PARTICIPANTS.*?</PARTICIPANTS>", "", howell_xml.decode(), flags=re.S)
    error = _error(text)
    assert error.where == "line 8, EVENT"
    assert "PARTICIPANTS" in error.message


def _left_out(record: SessionRecord, what: str) -> str:
    (note,) = [w for w in record.warnings if w.endswith(f"The {what} was left out.")]
    return note


def test_a_traveller_naming_a_pair_not_in_the_event_is_left_out(howell_xml: bytes) -> None:
    text = howell_xml.decode().replace("<NS_PAIR_NUMBER>3</NS_PAIR_NUMBER>", "<NS_PAIR_NUMBER>14</NS_PAIR_NUMBER>", 1)
    record = read_usebio(text)
    assert _left_out(record, "line") == (
        "line 261, BOARD 1, TRAVELLER_LINE 1: NS pair 14 is not among the PARTICIPANTS. The line was left out."
    )
    assert len(record.boards[0].lines) == len(read_usebio(howell_xml).boards[0].lines) - 1


def test_a_fourteen_card_hand_in_the_handset_leaves_that_hand_record_out(howell_xml: bytes) -> None:
    text = howell_xml.decode()
    start = text.index("<HANDSET>")
    east_clubs = text.index("<CLUBS>J2</CLUBS>", start)
    text = text[:east_clubs] + "<CLUBS>J2A</CLUBS>" + text[east_clubs + len("<CLUBS>J2</CLUBS>") :]
    record = read_usebio(text)
    line = text[:start].count("\n") + 2
    assert _left_out(record, "hand record") == (
        f"line {line}, HANDSET BOARD 1: East's hand has 14 cards; a hand has 13. The hand record was left out."
    )
    assert record.boards[0].deal == "" and all(b.deal for b in record.boards[1:])


def test_a_score_that_is_not_a_score_leaves_its_line_out(howell_xml: bytes) -> None:
    record = read_usebio(howell_xml.replace(b"<SCORE>-400</SCORE>", b"<SCORE>lots</SCORE>", 1))
    note = _left_out(record, "line")
    assert note.startswith("line 261, BOARD 1, TRAVELLER_LINE 1: SCORE 'LOTS' is neither a score")


def test_a_file_with_no_line_left_is_refused_with_the_first_reason(howell_xml: bytes) -> None:
    error = _error(
        re.sub(rb"<NS_PAIR_NUMBER>[0-9]+</NS_PAIR_NUMBER>", b"<NS_PAIR_NUMBER>99</NS_PAIR_NUMBER>", howell_xml)
    )
    assert error.where == "line 261, BOARD 1, TRAVELLER_LINE 1"
    assert error.message == "NS pair 99 is not among the PARTICIPANTS."


def test_a_two_winner_event_without_directions(mitchell_xml: bytes) -> None:
    unnamed = mitchell_xml.replace(b"<PAIR_NUMBER>1NS</PAIR_NUMBER>", b"<PAIR_NUMBER>1</PAIR_NUMBER>", 1)
    error = _error(unnamed.replace(b"<DIRECTION>NS</DIRECTION>", b"<DIRECTION></DIRECTION>", 1))
    assert error.where == "line 30, PAIR 1"
    assert "DIRECTION" in error.message


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE USEBIO [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<USEBIO Version="1.2"><CLUB><CLUB_NAME>&lol3;</CLUB_NAME></CLUB></USEBIO>
"""

EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE USEBIO [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<USEBIO Version="1.2"><CLUB><CLUB_NAME>&secret;</CLUB_NAME></CLUB></USEBIO>
"""


@pytest.mark.parametrize("data", [BILLION_LAUGHS, EXTERNAL], ids=["entity expansion", "external entity"])
def test_entities_are_refused(data: bytes) -> None:
    error = _error(data)
    assert "refused for safety" in error.message
    assert error.where.startswith("line ")
