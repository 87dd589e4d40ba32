"""A USEBIO teams file scored by total points (BOARD_SCORING_METHOD AGGREGATE) becomes a total-points teams event:
each team is credited with its net scores (both rooms) added up, and the file's match points and teams' totals are
set against ours. The file is written here in the USEBIO shape; every figure is worked by hand below."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from tests.tournaments.reports.test_renderers import pages_of
from tournaments.interchange.teams_import import import_usebio_teams
from tournaments.interchange.usebio_teams import read_usebio_teams
from tournaments.teams import reports, selectors

pytestmark = pytest.mark.django_db

NAMES = {1: "Aces", 2: "Kings", 3: "Queens", 4: "Jacks"}
# (round, table, home, away, boards as (room 1 N-S, room 2 N-S), the home and away aggregate worked by hand)
MATCHES = [
    (1, 1, 1, 2, [(420, 170), (-100, 200)], (-50, 50)),  # nets +250, -300
    (1, 2, 3, 4, [(620, 620), (-1430, -1460)], (30, -30)),  # nets 0, +30
    (2, 1, 1, 3, [(110, -50), (-200, -200)], (160, -160)),  # nets +160, 0
    (2, 2, 2, 4, [(-650, -620), (90, -110)], (170, -170)),  # nets -30, +200
]
TOTALS = {1: 110, 2: 220, 3: -130, 4: -200}  # -50 + 160, 50 + 170, 30 - 160, -30 - 170


def aggregate_xml(
    *, totals: dict[int, int] = TOTALS, match_points: dict[tuple[int, int], tuple[int, int]] | None = None
) -> bytes:
    """A 4-team, 2-round total-points event of 2-board matches, one element a line."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="TEAMS">\n']
    out.append("<EVENT_DESCRIPTION>Aggregate Cup</EVENT_DESCRIPTION>\n<DATE>12/01/2026</DATE>\n")
    out.append("<BOARD_SCORING_METHOD>AGGREGATE</BOARD_SCORING_METHOD>\n<PARTICIPANTS>\n")
    for number, name in NAMES.items():
        players = "".join(f"<PLAYER><PLAYER_NAME>{name} {i}</PLAYER_NAME></PLAYER>" for i in range(1, 5))
        out.append(
            f"<TEAM><TEAM_NUMBER>{number}</TEAM_NUMBER><TEAM_NAME>{name}</TEAM_NAME>"
            f"<TOTAL_SCORE>{totals[number]}</TOTAL_SCORE>{players}</TEAM>\n"
        )
    out.append("</PARTICIPANTS>\n")
    for rnd, table, home, away, boards, points in MATCHES:
        given = (match_points or {}).get((rnd, table), points)
        out.append(
            f"<MATCH>\n<ROUND_NUMBER>{rnd}</ROUND_NUMBER><TABLE_NUMBER>{table}</TABLE_NUMBER>"
            f"<HOME_TEAM_NUMBER>{home}</HOME_TEAM_NUMBER><AWAY_TEAM_NUMBER>{away}</AWAY_TEAM_NUMBER>\n"
            f"<HOME_VPS>{given[0]}</HOME_VPS><AWAY_VPS>{given[1]}</AWAY_VPS>\n"
        )
        for number, (r1, r2) in enumerate(boards, 1):
            out.append(f"<BOARD>\n<BOARD_NUMBER>{number + 2 * (rnd - 1)}</BOARD_NUMBER>\n")
            for room, ns, score in ((1, home, r1), (2, away, r2)):
                out.append(
                    f"<TRAVELLER_LINE><ROOM>{room}</ROOM><NS_TEAM_NUMBER>{ns}</NS_TEAM_NUMBER>"
                    f"<SCORE>{score}</SCORE></TRAVELLER_LINE>\n"
                )
            out.append("</BOARD>\n")
        out.append("</MATCH>\n")
    out.append("</EVENT>\n</USEBIO>\n")
    return "".join(out).encode()


def test_an_aggregate_file_becomes_a_total_points_event_with_the_files_figures() -> None:
    assert read_usebio_teams(aggregate_xml()).scoring_form == "total"
    report = import_usebio_teams(aggregate_xml(), filename="cup.xml")
    assert report.event.scoring_form == "total"
    standings = selectors.standings(report.event)
    assert {s.team: s.vp for s in standings} == {t: Decimal(v) for t, v in TOTALS.items()}
    assert [s.team for s in standings] == [2, 1, 3, 4]
    counts = report.comparison.as_dict()
    assert counts["matches"] == {"same": 8, "explained": {}, "file_inconsistent": 0, "unexplained": 0}
    assert counts["teams"] == {"same": 4, "explained": {}, "file_inconsistent": 0, "unexplained": 0}
    assert report.comparison.differences == []
    assert "teams' total points: 4 the same" in report.counts_text()
    assert any("AGGREGATE" in n for n in report.notes)


def test_a_team_total_that_is_not_its_matches_added_is_the_file_disagreeing_with_itself() -> None:
    report = import_usebio_teams(aggregate_xml(totals={**TOTALS, 3: -100}), filename="bad-total.xml")
    assert report.comparison.teams.file_inconsistent == 1 and report.comparison.teams.same == 3
    assert "the file's own figures disagree with each other" in " ".join(report.comparison.differences)


def test_match_points_other_than_the_aggregate_are_unexplained() -> None:
    data = aggregate_xml(match_points={(1, 1): (-40, 40)}, totals={**TOTALS, 1: 120, 2: 210})
    report = import_usebio_teams(data, filename="odd.xml")
    assert report.comparison.matches.unexplained == 2
    assert report.comparison.teams.unexplained == 2  # the file's totals follow its own match points, not ours


def test_the_standings_page_and_pdf_show_total_points(admin_client: object) -> None:
    event = import_usebio_teams(aggregate_xml(), filename="cup.xml").event
    page = admin_client.get(reverse("teams:standings", args=[event.pk])).content.decode()  # type: ignore[attr-defined]
    assert "Points" in page and "220" in page and "-200" in page.replace("−", "-")
    detail = admin_client.get(reverse("teams:detail", args=[event.pk])).content.decode()  # type: ignore[attr-defined]
    assert 'id="published-team-totals"' in detail
    text = pages_of(reports.render_standings(event)[2])[0]
    assert "Points" in text and "VP" not in text.split("Points")[0]
    assert "Total points" in text
