"""RealBridge's convention for IMP pairs (issue #26): an unplayed line's IMPs count 0 and a board not every line
played is factored by lines over results. Set from a RealBridge file's PROGRAM_NAME, applied when scoring, named
by Published vs Bridgedesk (`compare_published --json`) when it explains a file's figures. The file is written here
in USEBIO's cross-IMP shape (no copy; no RealBridge file is in ../shared/realdata)."""

from __future__ import annotations

import pytest

from tournaments.interchange.exporters import export_usebio
from tournaments.interchange.importers import import_usebio
from tournaments.sessions.models import Session
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services.conventions import update_conventions

from .published_counts import all_same, published_counts
from .test_usebio_as_written import HANDSET, HEADER, _line, _pair

pytestmark = pytest.mark.django_db

# Eight pairs, one field. Board 1 played four times (420, 170, -50, 420): plain cross-IMPs 5.33, -2, -8.67, 5.33.
# Board 2 played three times of four (420, 170, -50): plain 8, 0, -8; RealBridge's 16/3 x 4/3 = 7.11, 0, -7.11.
# Pairs 4 and 8 missed board 2: 0 IMPs there, their totals not scaled.
TOTALS = {1: "12.44", 2: "-2.00", 3: "-15.78", 4: "5.33", 5: "1.78", 6: "-5.11", 7: "8.67", 8: "-5.33"}
PLACES = {1: "1", 7: "2", 4: "3", 5: "4", 2: "5", 6: "6", 8: "7", 3: "8"}


def realbridge_file(program: str = "RealBridge") -> str:
    names = [
        ("Ann Ames", "Bob Bell"),
        ("Cy Cole", "Di Dunn"),
        ("Ed Eyre", "Fay Ford"),
        ("Gus Gale", "Hal Hunt"),
        ("Ivy Irwin", "Jo Judd"),
        ("Kit Kerr", "Lu Lamb"),
        ("Mo Moss", "Ned Nash"),
        ("Oz Orr", "Pat Pike"),
    ]
    pairs = [_pair(n, "NS" if n <= 4 else "EW", names[n - 1], TOTALS[n], PLACES[n]) for n in range(1, 9)]
    board1 = (
        _line(1, 5, "4S", "N", 10, 420, ("5.33", "-5.33"), "IMPS")
        + _line(2, 6, "2S", "N", 10, 170, ("-2.00", "2.00"), "IMPS")
        + _line(3, 7, "4S", "N", 9, -50, ("-8.67", "8.67"), "IMPS")
        + _line(4, 8, "4S", "N", 10, 420, ("5.33", "-5.33"), "IMPS")
    )
    board2 = (
        _line(1, 6, "4S", "N", 10, 420, ("7.11", "-7.11"), "IMPS")
        + _line(2, 7, "2S", "N", 10, 170, ("0.00", "0.00"), "IMPS")
        + _line(3, 5, "4S", "N", 9, -50, ("-7.11", "7.11"), "IMPS")
    )
    return (
        HEADER.format(event_type="PAIRS", method="CROSS_IMPS").replace("Some Scorer", program)
        + "<PARTICIPANTS>" + "".join(pairs) + "</PARTICIPANTS>"
        + f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{board1}</BOARD>"
        + f"<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>{board2}</BOARD>"
        + "</SECTION></SESSION></EVENT>" + HANDSET + "</USEBIO>"
    )  # fmt: skip


def test_a_realbridge_file_comes_in_with_the_convention_and_agrees() -> None:
    report = import_usebio(realbridge_file().encode(), filename="realbridge.xml")
    session = report.session
    assert session.scoring_method == "cross_imps" and session.imps_unplayed_zero is True
    assert any("an unplayed line counts 0 IMPs" in note for note in report.notes)
    assert all_same(published_counts(session.pk))
    scores = score_section(session.sections.get(), arithmetic="bridgedesk")
    board2 = next(b for b in scores.boards if b.board.number == 2)
    assert [x.ns_points for x in board2.lines] == pytest.approx([64 / 9, 0, -64 / 9])
    totals = {s.entry.label: s.total for rows in scores.standings.values() for s in rows}
    assert totals["4"] == pytest.approx(16 / 3) and totals["1"] == pytest.approx(112 / 9, abs=1e-6)


def test_the_same_figures_from_an_unknown_program_are_explained_by_the_named_convention() -> None:
    session = import_usebio(realbridge_file("Some Scorer").encode(), filename="club.xml").session
    assert session.imps_unplayed_zero is False
    counts = published_counts(session.pk)
    assert counts["lines"]["explained"] == {"imps_unplayed_zero=on": 2}  # 7.11 and -7.11; 0.00 is plain too
    assert counts["lines"]["unexplained"] == counts["pairs"]["unexplained"] == 0
    assert counts["lines"]["file_inconsistent"] == counts["pairs"]["file_inconsistent"] == 0
    update_conventions(session, actor=None, imps_unplayed_zero=True)
    assert all_same(published_counts(session.pk))


def test_the_conventions_page_sets_it(director_client) -> None:
    session = import_usebio(realbridge_file("Some Scorer").encode(), filename="club.xml").session
    page = director_client.get(f"/interchange/sessions/{session.pk}/conventions/").content.decode()
    assert 'name="imps_unplayed_zero"' in page
    director_client.post(
        f"/interchange/sessions/{session.pk}/conventions/",
        {"neuberg_rounding": "none", "use_neuberg": "on", "imps_unplayed_zero": "on", "why": "RealBridge"},
    )
    session.refresh_from_db()
    assert session.imps_unplayed_zero is True


def test_the_setting_travels_in_our_own_files() -> None:
    session = import_usebio(realbridge_file().encode(), filename="realbridge.xml").session
    _, xml = export_usebio(session)
    again = import_usebio(xml, filename="ours.xml").session
    assert again.imps_unplayed_zero is True and again.scoring_method == "cross_imps"

    def totals(s: Session) -> dict[str, float]:
        rows = score_section(s.sections.get(), arithmetic="bridgedesk").standings
        return {x.entry.label: round(x.total, 6) for standing in rows.values() for x in standing}

    assert totals(again) == totals(session)
