"""Neuberg-factored points printed on the traveller (EBUScore; issue #26): a session setting, set from an EBUScore
file, applied to the travellers Bridgedesk shows, and named on Published vs Bridgedesk when it explains a file's
line points. Files written here in the program's shape (no copies; no EBUScore file is in ../shared/realdata)."""

from __future__ import annotations

import pytest

from tournaments.interchange.importers import import_pbn
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services.conventions import update_conventions

from .published_counts import published_counts
from .test_conventions_artificial_tops import TOPS

pytestmark = pytest.mark.django_db

# Board 2 played twice where board 1 was played three times: its 2 of 2 and 0 of 2 printed factored to three
# results, (2 + 1) x 3/2 - 1 = 3.5 and (0 + 1) x 3/2 - 1 = 0.5 of the full top of 4; percentages of the full top.
FACTORED = (
    TOPS.replace(" 1  1 2H   N  8  110    -   0   2   0 100", " 1  1 2H   N  8  110    - 0.5 3.5 12.5 87.5")
    .replace(" 2  2 2S   N  9  140    -   2   0 100   0", " 2  2 2S   N  9  140    - 3.5 0.5 87.5 12.5")
    .replace(" 1  2 NS   5.5 66.67", " 1  2 NS   5.5 68.75")
    .replace(" 2  1 NS   4.5 66.67", " 2  1 NS   4.5 56.25")
    .replace(" 2  1 EW   3.5 33.33", " 2  1 EW   3.5 43.75")
    .replace(" 3  2 EW   2.5 33.33", " 3  2 EW   2.5 31.25")
)


def _board_two(session) -> tuple[float | None, list[float | None]]:
    board = score_section(session.sections.get(), arithmetic="bridgedesk").boards[1]
    return board.top, [v for x in board.lines for v in (x.ns_points, x.ew_points)]


def test_an_ebuscore_file_comes_in_with_factored_travellers_and_agrees() -> None:
    session = import_pbn(("% Creator: EBUScore 5.2\n" + FACTORED).encode(), filename="ebu.pbn").session
    assert session.traveller_factored is True
    counts = published_counts(session.pk)
    assert all(c["explained"] == {} and c["unexplained"] == c["file_inconsistent"] == 0 for c in counts.values())
    top, points = _board_two(session)
    assert top == 4.0 and points == pytest.approx([0.5, 3.5, 3.5, 0.5])


def test_the_same_figures_from_an_unknown_program_are_explained_by_the_named_convention() -> None:
    session = import_pbn(FACTORED.encode(), filename="club.pbn").session
    assert session.traveller_factored is False
    top, points = _board_two(session)
    assert top == 2.0 and points == pytest.approx([0, 2, 2, 0])  # each board's own top: Bridgedesk's default
    counts = published_counts(session.pk)
    assert counts["lines"]["explained"] == {"traveller_factored=on": 2}
    assert counts["lines"]["unexplained"] == counts["pairs"]["unexplained"] == 0
    update_conventions(session, actor=None, traveller_factored=True)
    assert published_counts(session.pk)["lines"]["explained"] == {}
