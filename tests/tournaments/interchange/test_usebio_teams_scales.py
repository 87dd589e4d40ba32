"""A teams file whose VPs are on the WBF discrete 20-0 scale (EBUScore's "WBF-D"): recognised as the named
convention ``vp_scale=wbf_discrete``, kept as the event's scale, counted alike by the report and the command.
Written here in the USEBIO shape; the VPs are read off the WBF discrete 8-board table by hand (1-3 IMPs 11-9,
13-16 IMPs 15-5), where the continuous scale gives 10.44 and 15.50 and its whole-number rounding 10 and 16."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournaments.interchange.teams_compare import DISCRETE, compare_teams
from tournaments.interchange.teams_import import import_usebio_teams
from tournaments.interchange.usebio_teams import read_usebio_teams
from tournaments.teams import selectors

from .test_usebio_teams import _line

pytestmark = pytest.mark.django_db

# (home, away, board 1's two N-S scores, home IMPs on it, totals, VPs as the file prints them)
MATCHES = [
    (1, 2, [(420, 400, 1)], (1, 0), (11, 9)),
    (3, 4, [(450, 0, 10), (420, 170, 6)], (16, 0), (15, 5)),
]


def discrete_xml(vps: list[tuple[int, int]] | None = None) -> bytes:
    out = ['<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="TEAMS">\n']
    out.append("<EVENT_DESCRIPTION>League</EVENT_DESCRIPTION>\n<DATE>12/01/2026</DATE>\n")
    out.append("<PROGRAM_NAME>EBUScore Teams</PROGRAM_NAME>\n<PARTICIPANTS>\n")
    for n in range(1, 5):
        players = "".join(f"<PLAYER><PLAYER_NAME>P{n}{i}</PLAYER_NAME></PLAYER>" for i in range(4))
        out.append(f"<TEAM><TEAM_NUMBER>{n}</TEAM_NUMBER><TEAM_NAME>T{n}</TEAM_NAME>{players}</TEAM>\n")
    out.append("</PARTICIPANTS>\n")
    for index, (home, away, swings, imps, given) in enumerate(MATCHES):
        given = vps[index] if vps else given
        out.append(
            f"<MATCH>\n<ROUND_NUMBER>1</ROUND_NUMBER><TABLE_NUMBER>{index + 1}</TABLE_NUMBER>"
            f"<HOME_TEAM_NUMBER>{home}</HOME_TEAM_NUMBER><AWAY_TEAM_NUMBER>{away}</AWAY_TEAM_NUMBER>\n"
            f"<HOME_IMPS>{imps[0]}</HOME_IMPS><AWAY_IMPS>{imps[1]}</AWAY_IMPS>"
            f"<HOME_VPS>{given[0]}</HOME_VPS><AWAY_VPS>{given[1]}</AWAY_VPS>\n"
        )
        boards = swings + [(100, 100, 0)] * (8 - len(swings))
        for number, (r1, r2, board_imps) in enumerate(boards, 1):
            out.append(f"<BOARD>\n<BOARD_NUMBER>{number}</BOARD_NUMBER>\n")
            out.append(_line(1, home, r1, board_imps) + _line(2, away, r2, board_imps) + "</BOARD>\n")
        out.append("</MATCH>\n")
    out.append("</EVENT>\n</USEBIO>\n")
    return "".join(out).encode()


def test_whole_vps_on_the_wbf_discrete_scale_are_explained_and_kept() -> None:
    comparison = compare_teams(read_usebio_teams(discrete_xml()))
    assert comparison.vp_scale == DISCRETE
    assert comparison.matches.explained == {DISCRETE: 4}
    assert comparison.matches.unexplained == 0 and comparison.boards.unexplained == 0
    report = import_usebio_teams(discrete_xml(), filename="league.xml")
    assert report.event.vp_scale == "wbf_discrete" and report.event.vp_table == []
    assert DISCRETE in " ".join(report.notes)
    vps = {s.team: s.vp for s in selectors.standings(report.event)}
    assert vps == {1: Decimal(11), 2: Decimal(9), 3: Decimal(15), 4: Decimal(5)}
    assert report.event.published["matches"]["explained"] == {DISCRETE: 4}


def test_vps_no_scale_gives_stay_unexplained() -> None:
    comparison = compare_teams(read_usebio_teams(discrete_xml([(12, 8), (15, 5)])))
    assert comparison.matches.unexplained == 2  # 12-8 for a one-IMP win: no scale known here gives it
    assert comparison.vp_scale == "vp_scale=wbf_continuous"
