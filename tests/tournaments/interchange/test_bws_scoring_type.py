"""The Section table's ScoringType of a .bws: 4 (team scoring, the one code a public source states) leaves that
section out with the reason, or refuses the file with one reason when every section is a teams one; any other
value is named in the import report with what is done (match points), never guessed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.interchange.test_bws import _tables
from tournaments.interchange.bws import read_tables
from tournaments.interchange.bws_import import import_bws_tables
from tournaments.interchange.errors import InterchangeError
from tournaments.sessions.models import Section

HEAD = '"ID","Letter","Tables","MissingPair","EWMoveBeforePlay","Session","ScoringType","Winners"\n'
# Section A (id 1) the pairs Mitchell of test_bws; section B (id 2) one table whose RoundData row is added below.
ROUNDS_AB = (
    '"Section","Table","Round","NSPair","EWPair","LowBoard","HighBoard"\n'
    "1,1,1,1,1,1,2\n1,2,1,2,2,1,2\n1,1,2,1,2,3,4\n1,2,2,2,1,3,4\n2,1,1,1,1,1,2\n"
)


def _sections(a: str, b: str) -> str:
    return HEAD + f'1,"A",2,0,0,1,{a},2\n2,"B",1,0,0,1,{b},2\n'


def test_a_team_scored_section_is_left_out_with_the_reason_and_the_pairs_one_is_read() -> None:
    (record,) = read_tables(_tables(Section=_sections("1", "4"), RoundData=ROUNDS_AB))
    assert record.section == "" and record.scoring == "mp"  # the one section left: the session's own
    notes = "\n".join(record.warnings)
    assert "Section B left out: its ScoringType is 4, Bridgemate's team scoring" in notes
    assert "ScoringType 1 read; no public source gives what that code means" in notes
    assert "match points" in notes


def test_a_file_of_team_scored_sections_only_is_refused_with_one_reason() -> None:
    with pytest.raises(InterchangeError, match=r"Every section of this \.bws has ScoringType 4") as caught:
        read_tables(_tables(Section=_sections("4", "4"), RoundData=ROUNDS_AB))
    assert "USEBIO" in caught.value.message


@pytest.mark.parametrize("section", ['"ID","Letter","Winners"\n1,"A",2\n', HEAD + '1,"A",2,0,0,1,"",2\n'])
def test_without_a_scoring_type_nothing_is_said(section: str) -> None:
    (record,) = read_tables(_tables(Section=section))
    assert not any("ScoringType" in w for w in record.warnings)


def test_a_scoring_type_that_is_not_a_number_is_named_with_its_row() -> None:
    (record,) = read_tables(_tables(Section=HEAD + '1,"A",2,0,0,1,"x",2\n'))
    assert any(w.startswith("Section row 1: ScoringType not read: ScoringType 'x'") for w in record.warnings)


@pytest.mark.django_db
def test_the_import_report_names_the_left_out_teams_section() -> None:
    report = import_bws_tables(_tables(Section=_sections("2", "4"), RoundData=ROUNDS_AB), filename="club.bws")
    assert list(Section.objects.filter(session=report.session).values_list("letter", flat=True)) == ["A"]
    text = "\n".join(report.warnings)
    assert "Section B left out" in text and "ScoringType 2 read" in text


@settings(max_examples=60, deadline=None)
@given(a=st.text(max_size=6), b=st.text(max_size=6))
def test_any_scoring_type_gives_records_or_the_readers_own_error(a: str, b: str) -> None:
    section = HEAD + '1,"A",2,0,0,1,"{}",2\n2,"B",1,0,0,1,"{}",2\n'.format(a.replace('"', ""), b.replace('"', ""))
    try:
        read_tables(_tables(Section=section, RoundData=ROUNDS_AB))
    except InterchangeError as exc:
        assert exc.message
