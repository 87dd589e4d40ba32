"""`compare_published SESSION --json`: every published figure the same, explained by a named convention, the
file disagreeing with itself, or unexplained, in that order; the import report counts with the same tolerance."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.interchange.importers import import_pbn, import_usebio
from tournaments.sessions.services.conventions import update_conventions

from .published_counts import published_counts
from .test_pbn import SAMPLE

pytestmark = pytest.mark.django_db

# SAMPLE with the match points and totals Bridgedesk gives (board 1: two results played, one artificial 60/40).
AGREEING = (
    SAMPLE.replace(" 1  1 4S   N 10  420    -   3   1", " 1  1 4S   N 10  420    - 3.5 0.5")
    .replace(" 2  2 3NT  S  8    -   50   0   4", " 2  2 3NT  S  8    -   50 0.5 3.5")
    .replace(" 1  1 NS   3.0 75.00", " 1  1 NS   3.5 87.50")
    .replace(" 3  2 NS   0.0  0.00", " 3  2 NS   0.5 12.50")
    .replace(" 1  2 EW   4.0 100.00", " 1  2 EW   3.5 87.50")
    .replace(" 3  1 EW   1.0 25.00", " 3  1 EW   0.5 12.50")
)


def _counts(text: str) -> dict[str, dict[str, object]]:
    report = import_pbn(text.encode(), filename="club.pbn")
    counts = published_counts(report.session.pk)
    figures = sum(
        c["same"] + sum(c["explained"].values()) + c["file_inconsistent"] + c["unexplained"] for c in counts.values()
    )
    assert figures == report.compared  # the import report compared exactly what the command counts
    return counts


def _none(same: int) -> dict[str, object]:
    return {"same": same, "explained": {}, "file_inconsistent": 0, "unexplained": 0}


def test_a_file_that_agrees_is_all_the_same() -> None:
    assert AGREEING != SAMPLE
    assert _counts(AGREEING) == {"lines": _none(3), "pairs": _none(18)}


def test_a_line_whose_points_do_not_share_the_top_is_the_files_own_disagreement() -> None:
    text = AGREEING.replace(" 1  1 4S   N 10  420    - 3.5 0.5", " 1  1 4S   N 10  420    - 3.5 1.5")
    counts = _counts(text)
    assert counts["lines"] == {"same": 2, "explained": {}, "file_inconsistent": 1, "unexplained": 0}
    assert counts["pairs"] == _none(18)  # 1EW's total in the file is still what Bridgedesk makes it


def test_a_total_that_is_not_the_sum_of_its_lines_is_the_files_own_disagreement() -> None:
    counts = _counts(AGREEING.replace(" 1  1 NS   3.5 87.50", " 1  1 NS   3.0 87.50"))
    assert counts["lines"] == _none(3)
    assert counts["pairs"] == {"same": 17, "explained": {}, "file_inconsistent": 1, "unexplained": 0}


def test_lines_no_convention_explains_are_unexplained_and_so_are_the_figures_that_follow() -> None:
    counts = _counts(SAMPLE)
    assert counts["lines"] == {"same": 1, "explained": {}, "file_inconsistent": 0, "unexplained": 2}
    assert counts["pairs"] == {"same": 10, "explained": {}, "file_inconsistent": 0, "unexplained": 8}


def test_the_words_name_each_difference_and_its_reason() -> None:
    report = import_pbn(SAMPLE.encode(), filename="club.pbn")
    out = StringIO()
    call_command("compare_published", str(report.session.pk), stdout=out)
    text = out.getvalue()
    assert text.startswith("traveller lines: 1 the same; explained 0 (none); the file disagreeing with itself 0;")
    assert "section A, board 1, 1NS v 1EW (420): file 3/1; unexplained: No convention explains it" in text
    assert "pair 1NS total: file 3.00, Bridgedesk 3.50; unexplained: Follows from its traveller lines" in text


def test_a_session_without_published_figures_is_refused_with_the_reason() -> None:
    report = import_pbn(SAMPLE.split("[ScoreTable")[0].encode(), filename="deals.pbn")
    with pytest.raises(Exception, match="holds no figures another program published"):
        call_command("compare_published", str(report.session.pk), "--json")


def test_a_convention_that_explains_the_real_files_figures_is_named(usebio_dir) -> None:
    """Compscore3 rounds each factored board's percentage: with our default rounding two totals differ."""
    data = (usebio_dir / "mp_pairs_mitchell.xml").read_bytes()
    session = import_usebio(data, filename="mp_pairs_mitchell.xml").session
    update_conventions(session, actor=None, neuberg_rounding="none", why="test")
    counts = published_counts(session.pk)
    assert counts["lines"]["explained"] == {} and counts["lines"]["unexplained"] == 0
    assert counts["pairs"]["explained"] == {"neuberg_rounding=0.01%": 2}
    assert counts["pairs"]["file_inconsistent"] == counts["pairs"]["unexplained"] == 0


def test_the_page_shows_the_same_counts_and_each_verdict(director_client) -> None:
    report = import_pbn(SAMPLE.encode(), filename="club.pbn")
    response = director_client.get(f"/interchange/sessions/{report.session.pk}/published/")
    assert response.status_code == 200
    page = response.content.decode()
    assert (
        "Traveller lines: 1 the same, 0 explained by a convention, 0 where the file disagrees with itself, "
        "2 unexplained." in page
    )
    assert (
        "Pair figures: 10 the same, 0 explained by a convention, 0 where the file disagrees with itself, "
        "8 unexplained." in page
    )
    assert page.count("<td>Unexplained</td>") == 10
