"""USEBIO teams files scored other than by IMPs: BOARD_SCORING_METHOD POINT_A_BOARD (board-a-match) and PATTON
become a teams event of that scoring form (AGGREGATE: test_usebio_aggregate_teams.py); a value Bridgedesk has no
form for is refused with the reason.
Files written here in the USEBIO shape (test_usebio_teams.teams_xml), the points worked by hand."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.teams_import import import_usebio_teams
from tournaments.interchange.usebio_teams import read_usebio_teams
from tournaments.teams import selectors

from .test_usebio_teams import teams_xml

pytestmark = pytest.mark.django_db


def _with_method(method: str) -> bytes:
    return teams_xml().replace(
        b'<EVENT EVENT_TYPE="TEAMS">\n', f'<EVENT EVENT_TYPE="TEAMS">\n<BOARD_SCORING_METHOD>{method}'
        "</BOARD_SCORING_METHOD>\n".encode()
    )  # fmt: skip


@pytest.mark.parametrize(
    ("method", "form"),
    [("POINT_A_BOARD", "bam"), ("BAM", "bam"), ("PATTON", "patton"), ("IMPS", "imps"), ("AGGREGATE", "total")],
)
def test_the_scoring_method_names_the_events_scoring_form(method: str, form: str) -> None:
    assert read_usebio_teams(_with_method(method)).scoring_form == form
    report = import_usebio_teams(_with_method(method), filename="t.xml")
    assert report.event.scoring_form == form
    assert any("BOARD_SCORING_METHOD gives" in n for n in report.notes) == (form != "imps")


def test_a_file_without_the_method_is_scored_by_imps() -> None:
    assert read_usebio_teams(teams_xml()).scoring_form == "imps"


def test_a_point_a_board_match_scores_a_point_a_board_won() -> None:
    event = import_usebio_teams(_with_method("POINT_A_BOARD"), filename="bam.xml").event
    match = {(m.home, m.away): m.score for r in selectors.played_rounds(event) for m in r.matches}
    # Aces-Kings, home's net per board: +250 (won), -240 (lost), +720 (won), 0 (halved): 2.5 to 1.5
    score = match[(1, 2)]
    assert (Decimal(str(score.vp_home)), Decimal(str(score.vp_away))) == (Decimal("2.5"), Decimal("1.5"))


@pytest.mark.parametrize(
    ("method", "message"),
    [
        ("RUBBER", "BOARD_SCORING_METHOD RUBBER is not one Bridgedesk knows for teams"),
    ],
)
def test_a_method_without_a_form_is_refused_with_the_reason(method: str, message: str) -> None:
    with pytest.raises(InterchangeError) as caught:
        read_usebio_teams(_with_method(method))
    assert message in caught.value.message and caught.value.where == "line 3, EVENT"
