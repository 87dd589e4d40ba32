"""What another program published stays published; re-scoring is the director's choice, with the differences.

The real Compscore3 sessions in ../shared/realdata are imported as they are (read in place; skipped without
them): every page shows the file's own match points, totals, percentages and places; under the conventions its
PROGRAM_NAME names, our arithmetic gives every one of them; a deliberately mismatched setting, and a line whose
match points show an adjusted score its SCORE does not, are listed with both figures and the reason.
"""

from __future__ import annotations

import re

import pytest

from tournaments.audit.models import AuditEntry
from tournaments.interchange import usebio
from tournaments.interchange.exporters import export_usebio
from tournaments.interchange.importers import import_usebio
from tournaments.interchange.published import compare_session
from tournaments.sessions.models import Result, Session
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services.conventions import set_scores_shown, update_conventions

from .conftest import REAL_FILES

pytestmark = pytest.mark.django_db


def _import(usebio_dir, name: str, data: bytes | None = None):
    data = data if data is not None else (usebio_dir / name).read_bytes()
    return usebio.read_usebio(data), import_usebio(data, filename=name).session


@pytest.mark.parametrize("name", REAL_FILES)
def test_the_published_figures_are_shown_exactly(usebio_dir, name):
    record, session = _import(usebio_dir, name)
    assert session.scores_shown == Session.ScoresShown.PUBLISHED
    scores = score_section(session.sections.get())
    assert scores.published
    shown = {s.entry.label: s for rows in scores.standings.values() for s in rows}
    for pair in record.pairs:  # exactly the file's figures, places as written ("6", not "6=")
        standing = shown[pair.label]
        assert (standing.total, standing.percentage, standing.place) == (pair.total, pair.percentage, pair.place)
    published = {(b.number, x.ns_pair, x.ew_pair): x for b in record.boards for x in b.lines}
    for board_score in scores.boards:
        for line in board_score.lines:
            theirs = published[(board_score.board.number, line.result.ns_entry.label, line.result.ew_entry.label)]
            assert (line.ns_points, line.ew_points) == (theirs.ns_points, theirs.ew_points)


@pytest.mark.parametrize("name", REAL_FILES)
def test_with_compscore3s_convention_our_arithmetic_gives_every_published_figure(usebio_dir, name):
    _, session = _import(usebio_dir, name)
    assert session.neuberg_rounding == "0.01%"  # read from PROGRAM_NAME Compscore3
    (comparison,) = compare_session(session)
    assert comparison.compared > 190
    assert comparison.agrees, (comparison.lines, comparison.pairs)


def test_a_mismatched_rounding_lists_each_pair_with_both_figures_and_the_reason(usebio_dir):
    _, session = _import(usebio_dir, "mp_pairs_mitchell.xml")
    update_conventions(session, actor=None, neuberg_rounding="none", why="test")
    (comparison,) = compare_session(session)
    assert comparison.lines == []  # traveller points do not depend on the rounding
    listed = {(d.label, d.figure): (d.published, d.ours, d.reason) for d in comparison.pairs}
    # Board 15 was played 18 times: 8NS's top (34) factors to 35.9444; Compscore3 counts 99.85% of 36.
    assert set(listed) == {("8NS", "total"), ("2EW", "total")}
    assert listed["8NS", "total"][:2] == ("456.95", "456.94")
    assert listed["2EW", "total"][:2] == ("416.05", "416.06")
    for _, _, reason in listed.values():
        assert "rounding of factored boards set to" in reason and "Compscore3" in reason
    assert "Compscore3" in comparison.best


def test_a_line_whose_points_show_an_adjusted_score_its_score_does_not(usebio_dir):
    text = (usebio_dir / "mp_pairs_howell.xml").read_text()
    # Board 1's first line: keep its SCORE, publish 60%/40% of the top of 10 instead of its match points.
    board = text.index("<BOARD_NUMBER>1</BOARD_NUMBER>")
    start = text.index("<TRAVELLER_LINE>", board)
    end = text.index("</TRAVELLER_LINE>", start)
    line = re.sub(r"<NS_MATCH_POINTS>[^<]*<", "<NS_MATCH_POINTS>6<", text[start:end])
    line = re.sub(r"<EW_MATCH_POINTS>[^<]*<", "<EW_MATCH_POINTS>4<", line)
    score = re.search(r"<SCORE>([^<]*)<", line).group(1)
    _, session = _import(usebio_dir, "edited.xml", (text[:start] + line + text[end:]).encode())
    (comparison,) = compare_session(session)
    (difference,) = comparison.lines
    assert difference.board == 1 and difference.published == (6.0, 4.0)
    assert difference.reason == (
        "No convention explains it: the file's match points are 60% and 40% of the top, an adjusted score, "
        f"but its SCORE field says {int(score)}, a score played."
    )
    pairs = {d.label for d in comparison.pairs if d.figure == "total"}
    assert pairs <= {difference.ns, difference.ew}
    assert all(d.reason.startswith("Follows from its traveller lines") for d in comparison.pairs if d.figure == "total")
    # and the session still shows what the file says
    scores = score_section(session.sections.get())
    first = next(x for x in scores.boards[0].lines if x.result.ns_entry.label == difference.ns)
    assert (first.ns_points, first.ew_points) == (6.0, 4.0)


def test_re_scoring_is_the_directors_choice_audited_and_versioned(usebio_dir):
    _, session = _import(usebio_dir, "mp_pairs_mitchell.xml")
    section = session.sections.get()
    version = section.version
    assert set_scores_shown(session, "bridgedesk", actor=None, why="Club rules") is True
    section.refresh_from_db()
    assert section.version > version
    entry = AuditEntry.objects.filter(action="session.scores_shown").latest("pk")
    assert entry.old == {"scores_shown": "published"} and entry.new == {"scores_shown": "bridgedesk"}
    scores = score_section(section)
    assert not scores.published
    places = {s.entry.label: s.place for rows in scores.standings.values() for s in rows}
    assert places["17NS"] == places["19NS"] == "6="  # our own ranking shows the tie
    assert set_scores_shown(session, "bridgedesk", actor=None) is False  # nothing to do, nothing logged
    assert AuditEntry.objects.filter(action="session.scores_shown").count() == 1


def test_the_conventions_form_and_the_comparison_page(director_client, usebio_dir):
    _, session = _import(usebio_dir, "mp_pairs_mitchell.xml")
    page = director_client.get(f"/interchange/sessions/{session.pk}/published/")
    assert page.status_code == 200
    assert "gives all 626 published figures" in page.content.decode()
    assert b"Re-score with Bridgedesk" in page.content
    bad = director_client.post(
        f"/interchange/sessions/{session.pk}/conventions/", {"neuberg_rounding": "0.5", "use_neuberg": "on"}
    )
    assert bad.status_code == 200
    assert "Choose one of the roundings listed; 0.5 is not one of them." in bad.content.decode()
    good = director_client.post(
        f"/interchange/sessions/{session.pk}/conventions/",
        {"neuberg_rounding": "none", "use_neuberg": "on", "scale_missed_boards": "on", "why": "try"},
        follow=True,
    )
    text = good.content.decode()
    assert "Scoring conventions changed: rounding of factored boards." in text
    assert "456.95" in text and "456.94" in text and "Compscore3" in text
    entry = AuditEntry.objects.filter(action="session.conventions").latest("pk")
    assert entry.old == {"neuberg_rounding": "0.01%"} and entry.new == {"neuberg_rounding": "none"}
    rescored = director_client.post(
        f"/interchange/sessions/{session.pk}/published/", {"scores_shown": "bridgedesk"}, follow=True
    )
    assert "The session now shows Bridgedesk&#x27;s arithmetic on every page." in rescored.content.decode()
    session_page = director_client.get(f"/sessions/{session.pk}/")
    assert b"Published vs Bridgedesk" in session_page.content


def test_the_pages_say_the_figures_are_the_published_ones(director_client, usebio_dir):
    _, session = _import(usebio_dir, "mp_pairs_mitchell.xml")
    for page in ("standings", "travellers", "scorecards"):
        response = director_client.get(f"/sessions/{session.pk}/{page}/")
        assert response.status_code == 200
        assert b'id="published-note"' in response.content, page
        assert b"Compscore3" in response.content, page
    update_conventions(session, actor=None, neuberg_rounding="none")  # ours would now be 456.94 and 416.06
    standings = director_client.get(f"/sessions/{session.pk}/standings/").content.decode()
    assert "456.95" in standings and "416.05" in standings and "456.94" not in standings
    detail = director_client.get(f"/sessions/{session.pk}/").content.decode()
    assert 'id="conventions-panel"' in detail and "Two decimals of the board&#x27;s percentage" in detail
    assert '<option value="none" selected>' in detail
    set_scores_shown(session, "bridgedesk", actor=None)
    response = director_client.get(f"/sessions/{session.pk}/standings/")
    assert b'id="published-note"' not in response.content
    assert b"456.94" in response.content and b"416.06" in response.content  # re-scored: our arithmetic


def test_the_import_says_what_it_shows_and_which_conventions_it_followed(usebio_dir):
    report = import_usebio((usebio_dir / "mp_pairs_howell.xml").read_bytes(), filename="howell.xml")
    assert report.notes == [
        "The session shows the figures Compscore3 26-Jul-22 published, exactly as given; re-scoring with "
        "Bridgedesk's arithmetic is on the Published vs Bridgedesk page.",
        "Conventions of Compscore3 followed: rounding of factored boards "
        "\u201cTwo decimals of the board's percentage (Compscore3)\u201d.",
    ]


def test_our_own_files_are_scored_again_not_shown_as_published(usebio_dir):
    _, session = _import(usebio_dir, "mp_pairs_howell.xml")
    set_scores_shown(session, "bridgedesk", actor=None)
    _, xml = export_usebio(session)
    again = import_usebio(xml, filename="ours.xml")
    assert again.session.scores_shown == Session.ScoresShown.BRIDGEDESK and again.notes == []


def test_lines_on_another_scale_and_lines_changed_since_say_so(usebio_dir):
    _, session = _import(usebio_dir, "mp_pairs_howell.xml")
    Session.objects.filter(pk=session.pk).update(mp_scale="acbl")  # deliberately not the file's (EBU) scale
    session.refresh_from_db()
    (comparison,) = compare_session(session)
    assert len(comparison.lines) > 150
    assert all("match-point scale set to \u201cEBU/WBF" in d.reason for d in comparison.lines)
    Session.objects.filter(pk=session.pk).update(mp_scale="ebu")
    session.refresh_from_db()
    result = Result.objects.filter(section__session=session, board__number=3).order_by("pk").first()
    Result.objects.filter(pk=result.pk).update(ns_score=(result.ns_score or 0) + 2000, version=2)
    (comparison,) = compare_session(session)
    changed = [d for d in comparison.lines if (d.board, d.ns) == (3, result.ns_entry.label)]
    assert changed and changed[0].reason.startswith("The line was changed or ruled on in Bridgedesk after the import")


def test_one_decimal_per_board_is_not_what_compscore3_does(usebio_dir):
    """Rounding each factored board to 0.1 would move 36 of the Mitchell's 38 totals: the files rule it out."""
    _, session = _import(usebio_dir, "mp_pairs_mitchell.xml")
    update_conventions(session, actor=None, neuberg_rounding="0.1")
    (comparison,) = compare_session(session)
    totals = [d for d in comparison.pairs if d.figure == "total"]
    assert len(totals) == 36
    assert all("Two decimals of the board's percentage (Compscore3)" in d.reason for d in totals)
