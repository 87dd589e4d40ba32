"""USEBIO as other programs write it (files written here in those shapes, not copies): the generic EVENT_TYPE
with BOARD_SCORING_METHOD, the EVENT/SESSION/SECTION nesting, a DOCTYPE and version 1.1, WINNER_TYPE 1 with each
pair's direction, IMPs under NS_IMPS, voids written -, an em dash or empty, and clear refusals for the rest."""

from __future__ import annotations

import pytest

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.importers import import_usebio
from tournaments.interchange.usebio import read_usebio
from tournaments.sessions.models import Board, Result

HEADER = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_1.dtd">
<USEBIO Version="1.1">
 <CLUB><CLUB_NAME>Riverside BC</CLUB_NAME></CLUB>
 <EVENT EVENT_TYPE="{event_type}">
  <EVENT_DESCRIPTION>Monday Pairs</EVENT_DESCRIPTION>
  <PROGRAM_NAME>Some Scorer</PROGRAM_NAME>
  <DATE>18/11/2024</DATE>
  <BOARD_SCORING_METHOD>{method}</BOARD_SCORING_METHOD>
  <SESSION_COUNT>1</SESSION_COUNT>
  <SECTION_COUNT>1</SECTION_COUNT>
  <WINNER_TYPE>1</WINNER_TYPE>
  <SESSION SESSION_ID="1">
   <SECTION SECTION_ID="A">
"""


def _pair(number: int, direction: str, names: tuple[str, str], total: str, place: str) -> str:
    players = "".join(f"<PLAYER><PLAYER_NAME>{n}</PLAYER_NAME></PLAYER>" for n in names)
    return (
        f"<PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER><DIRECTION>{direction}</DIRECTION><TOTAL_SCORE>{total}"
        f"</TOTAL_SCORE><PLACE>{place}</PLACE>{players}</PAIR>"
    )


def _line(ns: int, ew: int, contract: str, by: str, tricks: int, score: int, points: tuple[str, str], tags: str) -> str:
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
        f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
        f"<NS_{tags}>{points[0]}</NS_{tags}><EW_{tags}>{points[1]}</EW_{tags}></TRAVELLER_LINE>"
    )


def howell_file(event_type: str = "PAIRS", method: str = "MATCH_POINTS", tags: str = "MATCH_POINTS") -> str:
    """Four pairs, a one-winner Howell whose pairs keep the direction they sat in round 1 (as programs list it)."""
    pairs = [
        _pair(1, "NS", ("Ann Ames", "Bob Bell"), "3", "1"),
        _pair(2, "NS", ("Cy Cole", "Di Dunn"), "1", "3="),
        _pair(3, "EW", ("Ed Eyre", "Fay Ford"), "1", "3="),
        _pair(4, "EW", ("Gus Gale", "Hal Hunt"), "3", "1"),
    ]
    board1 = _line(1, 3, "4S", "N", 10, 420, ("2", "0"), tags) + _line(2, 4, "4S", "N", 9, -50, ("0", "2"), tags)
    board2 = _line(1, 4, "3NT", "S", 9, 400, ("1", "1"), tags) + _line(3, 2, "3NT", "S", 9, 400, ("1", "1"), tags)
    return (
        HEADER.format(event_type=event_type, method=method)
        + "<PARTICIPANTS>" + "".join(pairs) + "</PARTICIPANTS>"
        + f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{board1}</BOARD>"
        + f"<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>{board2}</BOARD>"
        + "</SECTION></SESSION></EVENT>"
        + HANDSET
        + "</USEBIO>"
    )  # fmt: skip


HANDSET = """<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
 <HAND><DIRECTION>N</DIRECTION><SPADES>AKQJT98765432</SPADES><HEARTS>-</HEARTS><DIAMONDS>\u2014</DIAMONDS><CLUBS/></HAND>
 <HAND><DIRECTION>E</DIRECTION><SPADES></SPADES><HEARTS>AKQJT98765432</HEARTS><DIAMONDS>-</DIAMONDS><CLUBS>-</CLUBS></HAND>
 <HAND><DIRECTION>S</DIRECTION><SPADES>-</SPADES><HEARTS>-</HEARTS><DIAMONDS>A K Q J 10 9 8 7 6 5 4 3 2</DIAMONDS><CLUBS>-</CLUBS></HAND>
 <HAND><DIRECTION>W</DIRECTION><SPADES>-</SPADES><HEARTS>-</HEARTS><DIAMONDS>-</DIAMONDS><CLUBS>AKQJT98765432</CLUBS></HAND>
</BOARD></HANDSET>"""  # noqa: E501


def test_the_generic_nested_form_reads_as_one_field() -> None:
    record = read_usebio(howell_file())
    assert record.scoring == "mp" and record.winners == 1 and record.club_name == "Riverside BC"
    assert [p.label for p in record.pairs] == ["1", "2", "3", "4"]
    assert [(x.ns_pair, x.ew_pair, x.ns_points) for x in record.boards[0].lines] == [("1", "3", 2), ("2", "4", 0)]
    assert record.boards[0].deal == "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    assert record.warnings == []


@pytest.mark.parametrize(
    ("method", "tags", "scoring"),
    [("BUTLER", "BUTLER_POINTS", "butler"), ("CROSS_IMPS", "IMPS", "cross_imps"), ("IMPS", "IMPS", "butler")],
)
def test_imp_scorings_and_their_point_tags(method: str, tags: str, scoring: str) -> None:
    record = read_usebio(howell_file(method=method, tags=tags))
    assert record.scoring == scoring
    assert record.boards[0].lines[0].ns_points == 2
    assert (method == "IMPS") == any("IMPS read as Butler" in w for w in record.warnings)


@pytest.mark.parametrize(
    ("event_type", "method", "message"),
    [
        ("PAIRS", "POINT_A_BOARD", "BOARD_SCORING_METHOD POINT_A_BOARD: Bridgedesk imports pairs scored by MATCH"),
        ("TEAMS", "IMPS", "this is a teams event (EVENT_TYPE TEAMS)"),
    ],
)
def test_what_it_cannot_import_is_refused_with_the_reason(event_type: str, method: str, message: str) -> None:
    with pytest.raises(InterchangeError) as caught:
        read_usebio(howell_file(event_type=event_type, method=method))
    assert message in caught.value.message
    assert caught.value.where == "line 5, EVENT"


def test_an_individual_event_of_pairs_is_refused_at_its_first_pair() -> None:
    with pytest.raises(InterchangeError) as caught:
        read_usebio(howell_file(event_type="INDIVIDUAL", method="MATCH_POINTS"))
    assert caught.value.message == "an individual event lists PLAYERs, not PAIRs."
    assert caught.value.where.endswith(", PAIR")


def test_an_empty_second_section_is_left_out_with_the_reason() -> None:
    text = howell_file().replace("</SECTION></SESSION>", '</SECTION>\n<SECTION SECTION_ID="B"></SECTION></SESSION>')
    record = read_usebio(text)
    assert [p.number for p in record.pairs] == [1, 2, 3, 4]
    assert record.warnings == [
        "line 16, SECTION: the SECTION has no PARTICIPANTS: the pairs are missing. SECTION B was left out."
    ]


@pytest.mark.django_db
def test_it_imports_with_its_figures_agreeing() -> None:
    report = import_usebio(howell_file().encode(), filename="monday.xml")
    assert report.pairs == 4 and report.results == 4 and report.differences == []
    board = Board.objects.get(session=report.session, number=1)
    assert board.deal.startswith("N:AKQJT98765432...")
    assert Result.objects.filter(board__session=report.session).count() == 4
