"""A USEBIO file of several SESSIONs (a two-session event: afternoon and evening) becomes one event of as many
sessions, each with its own sections and pairs, each compared with the figures the file published for it, and the
event goes back out as one file of as many SESSIONs that imports again the same (files written here)."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.exporters import export_usebio_event
from tournaments.interchange.importers import import_usebio
from tournaments.interchange.usebio import read_usebio_sections
from tournaments.interchange.usebio_section import session_count
from tournaments.interchange.usebio_structure import check_structure
from tournaments.sessions.models import Entry, Result, Session

from .test_damaged_files import _damage
from .test_usebio_as_written import HANDSET, HEADER
from .test_usebio_sections import NAMES_A, NAMES_B, _section

pytestmark = pytest.mark.django_db


def two_sessions(evening_totals: tuple[str, ...] = ("1", "3", "3", "1")) -> str:
    """Session 1 (section A): pairs 1 and 4 top board 1; session 2 (section A again): the other way round."""
    head = HEADER.format(event_type="PAIRS", method="MATCH_POINTS").replace('<SECTION SECTION_ID="A">\n', "")
    head = head.replace("<SESSION_COUNT>1</SESSION_COUNT>", "<SESSION_COUNT>2</SESSION_COUNT>")
    afternoon = _section("A", NAMES_A, (10, 9), ("3", "1", "1", "3"))
    evening = _section("A", NAMES_B, (9, 10), evening_totals)
    return (
        head + afternoon + '</SESSION>\n<SESSION SESSION_ID="2">\n' + evening + "</SESSION></EVENT>" + HANDSET
        + "</USEBIO>"
    )  # fmt: skip


def test_each_session_is_read_on_its_own() -> None:
    assert session_count(two_sessions()) == 2
    (afternoon,) = read_usebio_sections(two_sessions(), 0)
    (evening,) = read_usebio_sections(two_sessions(), 1)
    assert afternoon.pairs[0].players[0].name == "Ann Ames" and evening.pairs[0].players[0].name == "Ida Ives"
    assert [p.total for p in afternoon.pairs] == [3, 1, 1, 3] and [p.total for p in evening.pairs] == [1, 3, 3, 1]
    with pytest.raises(InterchangeError, match="holds 2 SESSIONs, not 3"):
        read_usebio_sections(two_sessions(), 2)


def test_a_two_session_file_becomes_one_event_of_two_sessions_each_compared() -> None:
    report = import_usebio(two_sessions(), filename="weekend.xml")
    event = report.session.event
    sessions = list(event.sessions.order_by("number"))
    assert [(s.number, s.name) for s in sessions] == [(1, "Session 1"), (2, "Session 2")]
    assert [s.pk for s in sessions] == [report.session.pk, report.more[0].session.pk]
    assert "2 sessions" in report.notes[0]
    for session, first_name in zip(sessions, ("Ann Ames", "Ida Ives"), strict=True):
        assert Entry.objects.filter(section__session=session).count() == 4
        assert Result.objects.filter(section__session=session).count() == 4
        entry = Entry.objects.get(section__session=session, number=1)
        assert entry.players.order_by("seat").first().name == first_name
    assert report.compared > 0 and report.differences == []
    assert report.more[0].compared > 0 and report.more[0].differences == []


def test_each_session_is_compared_with_its_own_published_figures() -> None:
    report = import_usebio(two_sessions(evening_totals=("1", "3", "3", "2")), filename="weekend.xml")
    assert report.differences == []
    assert report.more[0].differences  # the evening's pair 4 is published 2, scored 1
    out = io.StringIO()
    call_command("compare_published", str(report.more[0].session.pk), "--json", stdout=out)
    counts = json.loads(out.getvalue())
    assert counts["pairs"]["same"] + counts["pairs"]["unexplained"] + counts["pairs"]["file_inconsistent"] >= 4
    assert counts["pairs"]["same"] < 4 * 3  # not every published figure of the evening agrees


def test_the_command_reports_every_session_and_ends_with_the_first_id(tmp_path) -> None:
    path = tmp_path / "weekend.xml"
    path.write_text(two_sessions())
    out = io.StringIO()
    call_command("import_usebio", str(path), stdout=out)
    lines = out.getvalue().strip().splitlines()
    first = Session.objects.get(pk=int(lines[-1]))
    assert first.number == 1 and "Session 2:" in lines
    assert any(line.startswith("(session id ") for line in lines)


def test_the_event_goes_back_out_as_two_sessions_and_imports_again_the_same() -> None:
    report = import_usebio(two_sessions(), filename="weekend.xml")
    for session in report.session.event.sessions.all():  # re-score with Bridgedesk's own arithmetic
        session.scores_shown = Session.ScoresShown.BRIDGEDESK
        session.save(update_fields=["scores_shown"])
    _name, data = export_usebio_event(report.session)
    check_structure(data)
    assert data.count(b"<SESSION ") == 2
    again = import_usebio(data, filename="again.xml")
    assert again.more and again.differences == [] and again.more[0].differences == []
    before = [
        sorted(Result.objects.filter(section__session=s).values_list("board__number", "ns_score"))
        for s in report.session.event.sessions.order_by("number")
    ]
    after = [
        sorted(Result.objects.filter(section__session=s).values_list("board__number", "ns_score"))
        for s in again.session.event.sessions.order_by("number")
    ]
    assert before == after


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6))
def test_a_damaged_two_session_file_is_refused_in_words_or_read(seed: int) -> None:
    try:
        import_usebio(_damage(two_sessions(), seed), filename="damaged.xml")
    except InterchangeError as exc:
        assert exc.where and exc.message
