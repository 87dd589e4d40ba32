"""Sections scored across the field: every section's lines on a board rated together (one top, the field's), each
section keeping its own lines and pairs. A file of two sections whose match points are on the field's top (written
here, as EBUScore writes an across-the-field night) imports with the setting on, and agrees line for line; the
same night scored apart gives the section tops. Figures worked by hand: board 1 has 420, -50 (section A) and
-50, 420 (section B): 420 beats two and ties one, 2 x 2 + 1 = 5 of a top of 6, -50 gets 1; board 2 is flat, 3."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from tournaments.interchange.importers import import_usebio
from tournaments.sessions.models import Result, Section, Session
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services.conventions import update_conventions
from tournaments.sessions.services.versions import bump

from .test_usebio_as_written import HANDSET, HEADER, _line, _pair
from .test_usebio_sections import NAMES_A, NAMES_B, two_sections

pytestmark = pytest.mark.django_db


def _across_section(letter: str, names: tuple[str, ...], tricks: tuple[int, int], totals: tuple[int, ...]) -> str:
    scores = [420 if t >= 10 else -50 for t in tricks]
    points = [("5", "1") if s == 420 else ("1", "5") for s in scores]
    pairs = "".join(
        _pair(n, "NS" if n <= 2 else "EW", (names[2 * n - 2], names[2 * n - 1]), str(totals[n - 1]), "")
        for n in range(1, 5)
    )
    tags = "MATCH_POINTS"
    b1 = _line(1, 3, "4S", "N", tricks[0], scores[0], points[0], tags)
    b1 += _line(2, 4, "4S", "N", tricks[1], scores[1], points[1], tags)
    b2 = _line(1, 4, "3NT", "S", 9, 400, ("3", "3"), tags) + _line(3, 2, "3NT", "S", 9, 400, ("3", "3"), tags)
    return (
        f'<SECTION SECTION_ID="{letter}">\n<PARTICIPANTS>{pairs}</PARTICIPANTS>\n'
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n{b1}</BOARD>\n<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n{b2}</BOARD>\n"
        "</SECTION>\n"
    )


def across_file() -> str:
    head = HEADER.format(event_type="PAIRS", method="MATCH_POINTS").replace('<SECTION SECTION_ID="A">\n', "")
    a = _across_section("A", NAMES_A, (10, 9), (8, 4, 4, 8))
    b = _across_section("B", NAMES_B, (9, 10), (4, 8, 8, 4))
    return head + a + b + "</SESSION></EVENT>" + HANDSET + "</USEBIO>"


def _points(session: Session, letter: str) -> list[tuple[int, float | None, float | None]]:
    scores = score_section(Section.objects.get(session=session, letter=letter), arithmetic="bridgedesk")
    return [(b.board.number, line.ns_points, line.ew_points) for b in scores.boards for line in b.lines]


def test_a_file_scored_across_the_field_is_recognised_and_agrees() -> None:
    report = import_usebio(across_file(), filename="across.xml")
    assert report.session.section_scoring == Session.SectionScoring.ACROSS
    assert report.differences == [] and report.compared > 0
    assert _points(report.session, "A") == [(1, 5, 1), (1, 1, 5), (2, 3, 3), (2, 3, 3)]
    scores = score_section(Section.objects.get(session=report.session, letter="B"), arithmetic="bridgedesk")
    assert scores.full_top == 6
    totals = {s.entry.number: s.total for rows in scores.standings.values() for s in rows}
    assert totals == {1: 4, 2: 8, 3: 8, 4: 4}
    out = io.StringIO()
    call_command("compare_published", str(report.session.pk), "--json", stdout=out)
    counts = json.loads(out.getvalue())
    assert counts["lines"]["unexplained"] == 0 and counts["pairs"]["unexplained"] == 0


def test_sections_scored_apart_stay_apart_and_the_setting_changes_it() -> None:
    report = import_usebio(two_sections(), filename="apart.xml")
    session = report.session
    assert session.section_scoring == Session.SectionScoring.APART
    assert _points(session, "A")[:2] == [(1, 2, 0), (1, 0, 2)]
    update_conventions(session, actor=None, section_scoring=Session.SectionScoring.ACROSS)
    assert _points(session, "A")[:2] == [(1, 5, 1), (1, 1, 5)]
    assert _points(session, "B")[:2] == [(1, 1, 5), (1, 5, 1)]


def test_a_correction_in_another_section_moves_this_sections_points() -> None:
    report = import_usebio(across_file(), filename="across.xml")
    section_a = Section.objects.get(session=report.session, letter="A")
    before = _points(report.session, "A")
    line = Result.objects.filter(
        section__session=report.session, section__letter="B", board__number=1, ns_score=420
    ).first()
    assert line is not None
    Result.objects.filter(pk=line.pk).update(ns_score=-50, tricks=9)  # a correction in section B ...
    bump(line.section_id)  # ... through its version, as the gateway does
    assert before[:2] == [(1, 5, 1), (1, 1, 5)]
    assert _points(report.session, "A")[:2] == [(1, 6, 0), (1, 2, 4)]  # 420 now beats all three; -50 ties one
    assert section_a.version == Section.objects.get(pk=section_a.pk).version  # A itself was not written
