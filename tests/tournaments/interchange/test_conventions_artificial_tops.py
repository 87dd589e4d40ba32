"""Two conventions as session settings (issue #26): a board with an artificial score rated among its real results
only (set from a BriAn or BBO file), and percentages over the sum of tops. Each applied when scoring, and named on
Published vs Bridgedesk (`compare_published --json`) when it explains the file's figures. Files written here in
the programs' shape (no copies); no real BriAn, BBO or sum-of-tops file is in ../shared/realdata."""

from __future__ import annotations

import pytest

from tournaments.interchange.importers import import_pbn
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services.conventions import update_conventions

from .published_counts import all_same, published_counts
from .test_pbn import DEAL1, DEAL2, SAMPLE, SCORE_COLUMNS

pytestmark = pytest.mark.django_db

# SAMPLE's board 1 (420, -50 and an average plus/minus) as BriAn publishes it: the two real results share their
# own top of 2, the 60/40 is 1.2/0.8 of it, and the pairs' percentages are of that top.
AMONG_REAL = (
    SAMPLE.replace(" 1  1 4S   N 10  420    -   3   1  75  25", " 1  1 4S   N 10  420    -   2   0 100   0")
    .replace(" 2  2 3NT  S  8    -   50   0   4   0 100", " 2  2 3NT  S  8    -   50   0   2   0 100")
    .replace(" 3  3 -    -  -    -    - 2.4 1.6 ^60 ^40", " 3  3 -    -  -    -    - 1.2 0.8 ^60 ^40")
    .replace(" 1  1 NS   3.0 75.00", " 1  1 NS   2.0 100.00")
    .replace(" 2  3 NS   2.4 60.00", " 2  3 NS   1.2 60.00")
    .replace(" 1  2 EW   4.0 100.00", " 1  2 EW   2.0 100.00")
    .replace(" 2  3 EW   1.6 40.00", " 2  3 EW   0.8 40.00")
    .replace(" 3  1 EW   1.0 25.00", " 3  1 EW   0.0  0.00")
)

# Board 1 played three times (top 4), board 2 twice (top 2). Totals with Neuberg (board 2 factored to three
# results); percentages over the sum of tops: 1NS 4 of 4 and 0 of 2, 66.67% (over the full top: 4.5 of 8, 56.25%).
TOPS = f"""% PBN 2.1
% EXPORT
[Event "Tops Pairs"]
[Date "2025.04.01"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEAL1}"]
[Scoring "MatchPoints"]
[ScoreTable "{SCORE_COLUMNS}"]
 1  1 4S   N 10  420    -   4   0 100   0
 2  2 2S   N  9  140    -   2   2  50  50
 3  3 3NT  S  8    -   50   0   4   0 100
[TotalScoreTable "Rank\\2R;PairId\\2R;Direction\\2R;TotalMP\\5R;TotalPercentage\\6R"]
 1  2 NS   5.5 66.67
 2  1 NS   4.5 66.67
 3  3 NS   0.0  0.00
 1  3 EW   8.0 100.00
 2  1 EW   3.5 33.33
 3  2 EW   2.5 33.33

[Event "Tops Pairs"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "{DEAL2}"]
[Scoring "MatchPoints"]
[ScoreTable "{SCORE_COLUMNS}"]
 1  1 2H   N  8  110    -   0   2   0 100
 2  2 2S   N  9  140    -   2   0 100   0
"""


def test_a_brian_file_comes_in_rated_among_the_real_results_and_agrees() -> None:
    report = import_pbn(("% Creator: BriAn 3.1\n" + AMONG_REAL).encode(), filename="brian.pbn")
    session = report.session
    assert (session.artificial_among_real, session.use_neuberg) == (True, False)
    assert any("rated among its real results only" in note for note in report.notes)
    assert all_same(published_counts(session.pk))
    scores = score_section(session.sections.get(), arithmetic="bridgedesk")
    board = scores.boards[0]
    assert board.top == 2.0
    assert [v for x in board.lines for v in (x.ns_points, x.ew_points)] == pytest.approx([2, 0, 0, 2, 1.2, 0.8])


def test_the_same_figures_from_an_unknown_program_are_explained_by_the_named_convention() -> None:
    session = import_pbn(AMONG_REAL.encode(), filename="club.pbn").session
    assert session.artificial_among_real is False
    counts = published_counts(session.pk)
    assert set(counts["lines"]["explained"]) == {"artificial_among_real=on"}
    assert counts["lines"]["explained"]["artificial_among_real=on"] == 3
    assert counts["lines"]["unexplained"] == counts["pairs"]["unexplained"] == 0
    update_conventions(session, actor=None, artificial_among_real=True)
    assert all_same(published_counts(session.pk))


def test_percentages_over_the_sum_of_tops_applied_and_named() -> None:
    session = import_pbn(TOPS.encode(), filename="tops.pbn").session
    counts = published_counts(session.pk)
    assert counts["lines"]["explained"] == {} and counts["lines"]["unexplained"] == 0
    assert counts["pairs"]["explained"] == {"percentage_basis=sum_of_tops": 4}
    assert counts["pairs"]["unexplained"] == counts["pairs"]["file_inconsistent"] == 0
    full = {
        s.entry.label: s.percentage
        for rows in score_section(session.sections.get(), arithmetic="bridgedesk").standings.values()
        for s in rows
    }
    assert full["1NS"] == pytest.approx(56.25)
    update_conventions(session, actor=None, percentage_basis="sum_of_tops")
    assert all_same(published_counts(session.pk))
    rows = score_section(session.sections.get(), arithmetic="bridgedesk").standings
    ours = {s.entry.label: s.percentage for standings in rows.values() for s in standings}
    assert ours == pytest.approx({"1NS": 200 / 3, "2NS": 200 / 3, "3NS": 0, "1EW": 100 / 3, "2EW": 100 / 3, "3EW": 100})


def test_the_conventions_page_sets_both(director_client) -> None:
    session = import_pbn(TOPS.encode(), filename="tops.pbn").session
    page = director_client.get(f"/interchange/sessions/{session.pk}/conventions/").content.decode()
    assert 'name="artificial_among_real"' in page and 'name="percentage_basis"' in page
    director_client.post(
        f"/interchange/sessions/{session.pk}/conventions/",
        {
            "neuberg_rounding": "none",
            "use_neuberg": "on",
            "artificial_among_real": "on",
            "percentage_basis": "sum_of_tops",
            "why": "the club's program",
        },
    )
    session.refresh_from_db()
    assert (session.artificial_among_real, session.percentage_basis) == (True, "sum_of_tops")
