"""A teams file whose whole VPs are on the ACBL 20-VP scale (BridgeHands' table, 6-8 boards: 3-4 IMPs 12-8, 14-16
IMPs 16-4, where the WBF scales give 11 and 15): named ``vp_scale=acbl_20`` and kept as the event's table, so the
standings give the file's VPs; a match length the source does not print leaves them unexplained."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournaments.interchange.teams_compare import ACBL, compare_teams
from tournaments.interchange.teams_import import import_usebio_teams
from tournaments.interchange.usebio_teams import read_usebio_teams
from tournaments.teams import selectors

from .test_usebio_teams import _line

# (home, away, the boards' N-S scores and home IMPs, IMP totals, VPs as the file prints them)
MATCHES = [
    (1, 2, [(420, 320, 3)], (3, 0), (12, 8)),
    (3, 4, [(420, 250, 5), (450, 0, 10)], (15, 0), (16, 4)),
]


def acbl_xml(boards: int = 8) -> bytes:
    out = ['<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="TEAMS">\n']
    out.append("<EVENT_DESCRIPTION>Swiss</EVENT_DESCRIPTION>\n<DATE>12/01/2026</DATE>\n<PARTICIPANTS>\n")
    for n in range(1, 5):
        players = "".join(f"<PLAYER><PLAYER_NAME>P{n}{i}</PLAYER_NAME></PLAYER>" for i in range(4))
        out.append(f"<TEAM><TEAM_NUMBER>{n}</TEAM_NUMBER><TEAM_NAME>T{n}</TEAM_NAME>{players}</TEAM>\n")
    out.append("</PARTICIPANTS>\n")
    for index, (home, away, swings, imps, vps) in enumerate(MATCHES):
        out.append(
            f"<MATCH>\n<ROUND_NUMBER>1</ROUND_NUMBER><TABLE_NUMBER>{index + 1}</TABLE_NUMBER>"
            f"<HOME_TEAM_NUMBER>{home}</HOME_TEAM_NUMBER><AWAY_TEAM_NUMBER>{away}</AWAY_TEAM_NUMBER>\n"
            f"<HOME_IMPS>{imps[0]}</HOME_IMPS><AWAY_IMPS>{imps[1]}</AWAY_IMPS>"
            f"<HOME_VPS>{vps[0]}</HOME_VPS><AWAY_VPS>{vps[1]}</AWAY_VPS>\n"
        )
        for number, (r1, r2, board_imps) in enumerate(swings + [(100, 100, 0)] * (boards - len(swings)), 1):
            out.append(f"<BOARD>\n<BOARD_NUMBER>{number}</BOARD_NUMBER>\n")
            out.append(_line(1, home, r1, board_imps) + _line(2, away, r2, board_imps) + "</BOARD>\n")
        out.append("</MATCH>\n")
    out.append("</EVENT>\n</USEBIO>\n")
    return "".join(out).encode()


def test_whole_vps_on_the_acbl_scale_are_named() -> None:
    comparison = compare_teams(read_usebio_teams(acbl_xml()))
    assert comparison.vp_scale == ACBL and comparison.matches.explained == {ACBL: 4}
    assert comparison.matches.unexplained == 0 and comparison.boards.unexplained == 0


def test_a_match_length_the_source_does_not_print_stays_unexplained() -> None:
    comparison = compare_teams(read_usebio_teams(acbl_xml(boards=12)))
    assert comparison.vp_scale != ACBL and comparison.matches.unexplained == 4


@pytest.mark.django_db
def test_the_event_keeps_the_scale_as_its_table_and_its_standings_give_the_files_vps() -> None:
    report = import_usebio_teams(acbl_xml(), filename="swiss.xml")
    assert report.event.vp_table[:5] == [10, 11, 11, 12, 12] and len(report.event.vp_table) == 29
    vps = {s.team: s.vp for s in selectors.standings(report.event)}
    assert vps == {1: Decimal(12), 2: Decimal(8), 3: Decimal(16), 4: Decimal(4)}
    assert report.event.published["matches"]["explained"] == {ACBL: 4}
    assert ACBL in " ".join(report.notes)
