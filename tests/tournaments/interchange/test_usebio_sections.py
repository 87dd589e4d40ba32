"""USEBIO files of several sections (EVENT/SESSION/SECTION written once per section, as EBUScore and Compscore
write a big club night): each becomes a section of one session, scored apart, with its figures compared; a
section that cannot be read is left out with the reason and its line (files written here, in that shape)."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.exporters import export_usebio
from tournaments.interchange.importers import import_usebio
from tournaments.interchange.usebio import read_usebio, read_usebio_sections
from tournaments.interchange.usebio_structure import check_structure
from tournaments.sessions.models import Board, Entry, Result, Section

from .test_damaged_files import _damage
from .test_usebio_as_written import HANDSET, HEADER, _line, _pair

pytestmark = pytest.mark.django_db


def _section(section_id: str, names: tuple[str, ...], board1: tuple[int, int], totals: tuple[str, ...]) -> str:
    """A 4-pair one-winner section: board 1 (4S by N, tricks as given at the two tables) and board 2 (3NT flat)."""
    t1, t2 = board1
    ns1, ns2 = (420 if t1 >= 10 else -50), (420 if t2 >= 10 else -50)
    mp1 = "2" if ns1 > ns2 else "1" if ns1 == ns2 else "0"
    mp2 = str(2 - int(mp1))
    pairs = "".join(
        _pair(n, "NS" if n <= 2 else "EW", (names[2 * n - 2], names[2 * n - 1]), totals[n - 1], "") for n in range(1, 5)
    )
    tags = "MATCH_POINTS"
    b1 = _line(1, 3, "4S", "N", t1, ns1, (mp1, mp2), tags) + _line(2, 4, "4S", "N", t2, ns2, (mp2, mp1), tags)
    b2 = _line(1, 4, "3NT", "S", 9, 400, ("1", "1"), tags) + _line(3, 2, "3NT", "S", 9, 400, ("1", "1"), tags)
    return (
        f'<SECTION SECTION_ID="{section_id}">\n<PARTICIPANTS>{pairs}</PARTICIPANTS>\n'
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n{b1}</BOARD>\n<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n{b2}</BOARD>\n"
        "</SECTION>\n"
    )


NAMES_A = ("Ann Ames", "Bob Bell", "Cy Cole", "Di Dunn", "Ed Eyre", "Fay Ford", "Gus Gale", "Hal Hunt")
NAMES_B = ("Ida Ives", "Jo Jones", "Kit King", "Lou Lamb", "Max Moss", "Ned Nash", "Olive Ott", "Pat Pike")


def two_sections(b_section: str | None = None, ids: tuple[str, str] = ("A", "B")) -> str:
    """Section A: pair 1 and 4 top board 1; section B: the other way round (so its totals differ)."""
    head = HEADER.format(event_type="PAIRS", method="MATCH_POINTS").replace('<SECTION SECTION_ID="A">\n', "")
    a = _section(ids[0], NAMES_A, (10, 9), ("3", "1", "1", "3"))
    b = b_section if b_section is not None else _section(ids[1], NAMES_B, (9, 10), ("1", "3", "3", "1"))
    return head + a + b + "</SESSION></EVENT>" + HANDSET + "</USEBIO>"


def test_each_section_is_read_as_its_own_field() -> None:
    a, b = read_usebio_sections(two_sections())
    assert (a.section, b.section) == ("A", "B")
    names = [p.players[0].name for p in sorted(b.pairs, key=lambda p: p.number)]
    assert names == ["Ida Ives", "Kit King", "Max Moss", "Olive Ott"]
    assert [p.total for p in a.pairs] == [3, 1, 1, 3] and [p.total for p in b.pairs] == [1, 3, 3, 1]
    assert a.event_name == b.event_name == "Monday Pairs" and a.warnings == b.warnings == []
    assert b.boards[0].deal == a.boards[0].deal  # the one HANDSET serves every section


def test_a_file_of_several_sections_imports_as_one_session_scored_apart() -> None:
    report = import_usebio(two_sections().encode(), filename="club-night.xml")
    assert (report.pairs, report.boards, report.results) == (8, 2, 8)
    assert report.differences == [] and report.compared > 0
    sections = list(Section.objects.filter(session=report.session).order_by("letter"))
    assert [s.letter for s in sections] == ["A", "B"]
    assert Board.objects.filter(session=report.session).count() == 2
    for section, first in zip(sections, ("Ann Ames", "Ida Ives"), strict=True):
        entry = Entry.objects.get(section=section, number=1)
        assert entry.players.order_by("seat").first().name == first
        assert Result.objects.filter(section=section).count() == 4
    out = io.StringIO()
    call_command("compare_published", str(report.session.pk), "--json", stdout=out)
    counts = json.loads(out.getvalue())
    assert counts["lines"]["unexplained"] == 0 and counts["pairs"]["unexplained"] == 0
    assert counts["lines"]["same"] == 8


def test_section_names_become_section_letters() -> None:
    records = read_usebio_sections(two_sections(ids=("Red", "Blue")))
    assert [r.section for r in records] == ["RED", "BLUE"]
    same = read_usebio_sections(two_sections(ids=("X", "X")))
    assert [r.section for r in same] == ["X", "B"]  # one name twice: the second numbered in file order


def test_a_section_that_cannot_be_read_is_left_out_with_its_line() -> None:
    report = import_usebio(two_sections(b_section='<SECTION SECTION_ID="B">\n</SECTION>\n').encode())
    assert list(Section.objects.filter(session=report.session).values_list("letter", flat=True)) == ["A"]
    left_out = [w for w in report.warnings if "left out" in w]
    assert left_out == [
        "line 21, SECTION: the SECTION has no PARTICIPANTS: the pairs are missing. SECTION B was left out."
    ]


def test_a_bad_line_in_the_second_section_leaves_out_that_line_only() -> None:
    bad = _section("B", NAMES_B, (9, 10), ("1", "3", "3", "1")).replace("<TRICKS>9</TRICKS>", "<TRICKS>x</TRICKS>", 1)
    report = import_usebio(two_sections(b_section=bad).encode())
    assert report.results == 7
    assert any(
        "BOARD 1, TRAVELLER_LINE 1: TRICKS 'x'" in w and w.endswith("The line was left out.") for w in report.warnings
    )


def test_when_no_section_can_be_read_the_first_reason_refuses_the_file() -> None:
    empty = two_sections(b_section='<SECTION SECTION_ID="B"></SECTION>').replace("<PARTICIPANTS>", "<X>", 1)
    with pytest.raises(InterchangeError, match="the SECTION has no PARTICIPANTS"):
        import_usebio(empty.replace("</PARTICIPANTS>", "</X>", 1).encode())


def test_reading_one_record_still_refuses_several_sections_by_name() -> None:
    with pytest.raises(InterchangeError, match=r"the session has 2 SECTIONs \(A, B\); one section is read here"):
        read_usebio(two_sections())


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_damaged_files_of_several_sections_read_or_say_where(seed: int) -> None:
    try:
        records = read_usebio_sections(_damage(two_sections(), seed))
    except InterchangeError as exc:
        assert exc.where and exc.message
    else:
        assert records and all(r.pairs for r in records)
        assert len({r.section for r in records}) == len(records)


@pytest.mark.parametrize("seed", range(12))
def test_damaged_files_of_several_sections_import_whole_or_not_at_all(seed: int) -> None:
    before = Result.objects.count()
    try:
        report = import_usebio(_damage(two_sections(), seed).encode(), filename="damaged.xml")
    except InterchangeError as exc:
        assert exc.message and Result.objects.count() == before
    else:
        assert Result.objects.filter(section__session=report.session).count() == report.results


def test_a_session_of_several_sections_exports_as_one_file_and_imports_back_the_same() -> None:
    first = import_usebio(two_sections().encode(), filename="club-night.xml").session
    name, data = export_usebio(first)
    assert name.endswith(".xml") and b'<SECTION SECTION_ID="A">' in data and b'<SECTION SECTION_ID="B">' in data
    check_structure(data)
    a, b = read_usebio_sections(data)
    assert (a.section, b.section) == ("A", "B")
    names = [p.players[0].name for p in sorted(b.pairs, key=lambda p: p.number)]
    assert names == ["Ida Ives", "Kit King", "Max Moss", "Olive Ott"]
    again = import_usebio(data, filename="again.xml")
    assert again.differences == [] and (again.pairs, again.results) == (8, 8)
    for letter in ("A", "B"):
        before = Entry.objects.filter(section__session=first, section__letter=letter).order_by("number")
        after = Entry.objects.filter(section__session=again.session, section__letter=letter).order_by("number")
        assert [(e.number, e.published_total) for e in after] == [(e.number, e.published_total) for e in before]


def test_one_section_of_several_still_exports_alone_in_the_flat_form() -> None:
    session = import_usebio(two_sections().encode(), filename="club-night.xml").session
    name, data = export_usebio(session, "B")
    assert name.endswith("-B.xml") and b"<SESSION " not in data
    names = [p.players[0].name for p in sorted(read_usebio(data).pairs, key=lambda p: p.number)]
    assert names == ["Ida Ives", "Kit King", "Max Moss", "Olive Ott"]


def test_the_structure_check_wants_participants_in_one_place() -> None:
    _name, data = export_usebio(import_usebio(two_sections().encode()).session)
    both = data.replace(
        b"<SESSION ", b"<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR></PARTICIPANTS><SESSION ", 1
    )
    with pytest.raises(InterchangeError, match="holds its PARTICIPANTS, or SESSIONs of SECTIONs"):
        check_structure(both)
