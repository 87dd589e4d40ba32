"""A USEBIO pairs file scored by total points (BOARD_SCORING_METHOD AGGREGATE) becomes a total-points session: each
pair's score is its own scores added up, and "Published vs Bridgedesk" sets the file's TOTAL_SCOREs against ours.
The file is written here in the shape programs write (EVENT_TYPE PAIRS, nested); the totals are worked by hand."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.reports.test_renderers import pages_of
from tournaments.interchange.importers import import_usebio
from tournaments.interchange.usebio import read_usebio
from tournaments.sessions import reports
from tournaments.sessions.models import Session

from .published_counts import published_counts
from .test_usebio_as_written import HEADER, _pair

pytestmark = pytest.mark.django_db

# Board 1: 1 v 3 make 4S (+420 to 1), 2 v 4 go one off (-50 to 2). Board 2: 1 v 4 and 3 v 2 both make 3NT (+400
# to N-S). Totals: 1: 420 + 400 = 820; 2: -50 - 400 = -450; 3: -420 + 400 = -20; 4: 50 - 400 = -350.
TOTALS = {1: 820, 2: -450, 3: -20, 4: -350}
PLACES = {1: "1", 3: "2", 4: "3", 2: "4"}


def _line(ns: int, ew: int, contract: str, tricks: int, score: int) -> str:
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
        f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
        "</TRAVELLER_LINE>\n"
    )


def aggregate_pairs_file(totals: dict[int, int] = TOTALS) -> str:
    """Four pairs, a one-winner Howell of two boards, scored by total points."""
    names = {
        1: ("Ann Ames", "Bob Bell"),
        2: ("Cy Cole", "Di Dunn"),
        3: ("Ed Eyre", "Fay Ford"),
        4: ("Gus Gale", "Hal Hunt"),
    }
    pairs = [_pair(n, "NS" if n < 3 else "EW", names[n], str(totals[n]), PLACES[n]) for n in (1, 2, 3, 4)]
    board1 = _line(1, 3, "4S", 10, 420) + _line(2, 4, "4S", 9, -50)
    board2 = _line(1, 4, "3NT", 9, 400) + _line(3, 2, "3NT", 9, 400)
    return (
        HEADER.format(event_type="PAIRS", method="AGGREGATE")
        + "<PARTICIPANTS>" + "".join(pairs) + "</PARTICIPANTS>\n"
        + f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{board1}</BOARD>\n"
        + f"<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>{board2}</BOARD>\n"
        + "</SECTION></SESSION></EVENT></USEBIO>"
    )  # fmt: skip


def test_an_aggregate_pairs_file_imports_as_a_total_points_session_and_agrees() -> None:
    assert read_usebio(aggregate_pairs_file()).scoring == "total"
    report = import_usebio(aggregate_pairs_file(), filename="agg.xml")
    assert report.session.scoring_method == Session.ScoringMethod.TOTAL_POINTS
    counts = published_counts(report.session.pk)
    assert int(str(counts["pairs"]["same"])) >= 4  # every pair's total (and its place) as the file gives it
    assert all(c["file_inconsistent"] == c["unexplained"] == 0 and c["explained"] == {} for c in counts.values())


def test_a_total_other_than_the_pairs_scores_added_up_is_unexplained() -> None:
    report = import_usebio(aggregate_pairs_file({**TOTALS, 3: -10}), filename="agg-bad.xml")
    counts = published_counts(report.session.pk)
    assert counts["pairs"]["unexplained"] == 1


def test_the_standings_page_and_the_results_pdf_show_totals_not_percentages(admin_client: object) -> None:
    session = import_usebio(aggregate_pairs_file(), filename="agg.xml").session
    page = admin_client.get(reverse("standings", args=[session.pk])).content.decode()  # type: ignore[attr-defined]
    assert "820" in page and "%" not in page.split("<table", 1)[1].split("</table>", 1)[0]
    _filename, _kind, content = reports.render("standings", session)
    text = pages_of(content)[0]
    assert "820" in text and "−450" in text.replace("-450", "−450")
    assert "%" not in text
