"""USEBIO teams files (EVENT_TYPE TEAMS) become teams events: teams, matches, both rooms per board, with the
file's IMPs and VPs set against ours. No real teams file is in ../shared/realdata, so the files are written here
in the USEBIO shape; every published figure below is worked by hand (IMP table; VPs from the WBF formula
10 + 10(1 - t^(3m/B)) / (1 - t^3), t = 0.618..., B = 15 sqrt(4) = 30), never by Bridgedesk's code."""

from __future__ import annotations

import contextlib
import io
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.audit.models import AuditEntry
from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.teams_compare import WHOLE, compare_teams
from tournaments.interchange.teams_import import import_usebio_teams
from tournaments.interchange.usebio_teams import is_teams_file, read_usebio_teams
from tournaments.teams import selectors
from tournaments.teams.models import TeamBoard, TeamEvent, TeamMatch
from tournaments.teams.services import create_event

from .test_damaged_files import _damage

pytestmark = pytest.mark.django_db

# (round, table, home, away, boards as (room 1 N-S, room 2 N-S, home IMPs), home/away IMPs, VPs continuous, whole)
MATCHES = [
    (1, 1, 1, 2, [(420, 170, 6), (-100, 140, -6), (620, -100, 12), (-50, -50, 0)], (18, 6), (15.74, 4.26), (16, 4)),
    (1, 2, 3, 4, [(110, 140, -1), (-620, -620, 0), (200, -100, 7), (-200, -50, -4)], (7, 5), (11.20, 8.80), (11, 9)),
    (2, 1, 1, 3, [(1430, -1430, 21), (100, 100, 0), (-420, -420, 0), (50, -50, 3)], (24, 0), (18.97, 1.03), (19, 1)),
    (2, 2, 2, 4, [(0, 0, 0), (140, 110, 1), (-600, -620, 1), (-100, 600, -12)], (2, 12), (5.00, 15.00), (5, 15)),
]
NAMES = {1: "Aces", 2: "Kings", 3: "Queens", 4: "Jacks"}


def _line(room: int, ns: int, score: object, imps: int) -> str:
    ns_imps, ew_imps = (max(imps, 0), max(-imps, 0)) if room == 1 else (max(-imps, 0), max(imps, 0))
    return (
        f"<TRAVELLER_LINE><ROOM>{room}</ROOM><NS_TEAM_NUMBER>{ns}</NS_TEAM_NUMBER><SCORE>{score}</SCORE>"
        f"<NS_IMPS>{ns_imps}</NS_IMPS><EW_IMPS>{ew_imps}</EW_IMPS></TRAVELLER_LINE>\n"
    )


def teams_xml(*, whole: bool = False, bad_score: bool = False, bad_total: bool = False) -> bytes:
    """A 4-team, 2-round event of 4-board matches, one element a line (so errors name a line)."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="TEAMS">\n']
    out.append("<EVENT_DESCRIPTION>Winter Teams</EVENT_DESCRIPTION>\n<DATE>12/01/2026</DATE>\n")
    out.append("<PROGRAM_NAME>TeamsWriter</PROGRAM_NAME>\n<PARTICIPANTS>\n")
    for number, name in NAMES.items():
        players = "".join(f"<PLAYER><PLAYER_NAME>{name} {i}</PLAYER_NAME></PLAYER>" for i in range(1, 5))
        out.append(f"<TEAM><TEAM_NUMBER>{number}</TEAM_NUMBER><TEAM_NAME>{name}</TEAM_NAME>{players}</TEAM>\n")
    out.append("</PARTICIPANTS>\n")
    for rnd, table, home, away, boards, imps, vps, whole_vps in MATCHES:
        given = whole_vps if whole else vps
        home_imps = imps[0] + 1 if bad_total and rnd == 2 and table == 1 else imps[0]
        out.append(
            f"<MATCH>\n<ROUND_NUMBER>{rnd}</ROUND_NUMBER><TABLE_NUMBER>{table}</TABLE_NUMBER>"
            f"<HOME_TEAM_NUMBER>{home}</HOME_TEAM_NUMBER><AWAY_TEAM_NUMBER>{away}</AWAY_TEAM_NUMBER>\n"
            f"<HOME_IMPS>{home_imps}</HOME_IMPS><AWAY_IMPS>{imps[1]}</AWAY_IMPS>"
            f"<HOME_VPS>{given[0]}</HOME_VPS><AWAY_VPS>{given[1]}</AWAY_VPS>\n"
        )
        for number, (r1, r2, board_imps) in enumerate(boards, 1):
            score = "4S=" if bad_score and rnd == 1 and table == 1 and number == 2 else r1
            out.append(f"<BOARD>\n<BOARD_NUMBER>{number + 4 * (rnd - 1)}</BOARD_NUMBER>\n")
            out.append(_line(1, home, score, board_imps) + _line(2, away, r2, board_imps) + "</BOARD>\n")
        out.append("</MATCH>\n")
    out.append("</EVENT>\n</USEBIO>\n")
    return "".join(out).encode()


def test_a_teams_file_becomes_a_teams_event_with_the_files_vps() -> None:
    report = import_usebio_teams(teams_xml(), filename="winter.xml")
    event = report.event
    assert (event.name, str(event.date), event.boards_per_match, event.vp_table) == (
        "Winter Teams",
        "2026-01-12",
        4,
        [],
    )
    assert sorted(event.teams.values_list("number", "name")) == sorted(NAMES.items())
    assert event.teams.get(number=1).players.count() == 4
    assert TeamMatch.objects.filter(round__event=event).count() == 4
    match = TeamMatch.objects.get(round__event=event, round__number=2, table=1)
    assert list(match.boards.values_list("number", "room1_ns", "room2_ns")) == [
        (1, 1430, -1430), (2, 100, 100), (3, -420, -420), (4, 50, -50),
    ]  # fmt: skip
    vps = {s.team: s.vp for s in selectors.standings(event)}
    assert vps == {1: Decimal("34.71"), 2: Decimal("9.26"), 3: Decimal("12.23"), 4: Decimal("23.80")}
    counts = report.comparison.as_dict()
    assert counts["boards"] == {"same": 16, "explained": {}, "file_inconsistent": 0, "unexplained": 0}
    assert counts["matches"] == {"same": 16, "explained": {}, "file_inconsistent": 0, "unexplained": 0}
    assert report.warnings == [] and report.comparison.differences == []


def test_whole_vps_are_explained_by_the_rounded_scale_and_kept() -> None:
    report = import_usebio_teams(teams_xml(whole=True), filename="whole.xml")
    assert report.comparison.vp_scale == WHOLE
    # the VPs of three matches (two figures each); 5-15 is on both scales, and the IMP totals agree
    assert report.comparison.matches.explained == {WHOLE: 6}
    assert report.comparison.matches.same == 10
    assert report.comparison.matches.unexplained == 0
    assert WHOLE in " ".join(report.notes)
    vps = {s.team: s.vp for s in selectors.standings(report.event)}
    assert vps == {1: Decimal(35), 2: Decimal(9), 3: Decimal(12), 4: Decimal(24)}


def test_a_line_that_cannot_be_read_leaves_out_its_board_with_the_line_number() -> None:
    data = teams_xml(bad_score=True)
    bad_line = next(i for i, text in enumerate(data.decode().splitlines(), 1) if "<SCORE>4S=</SCORE>" in text)
    report = import_usebio_teams(data, filename="bad.xml")
    assert len(report.warnings) == 1
    assert report.warnings[0].startswith(f"line {bad_line}, BOARD 2, TRAVELLER_LINE 1: SCORE '4S=' is not")
    assert "The board was left out." in report.warnings[0]
    match = TeamMatch.objects.get(round__event=report.event, round__number=1, table=1)
    assert match.boards.count() == 3  # the other three boards are in; the match waits for its fourth
    assert TeamBoard.objects.filter(match__round__event=report.event).count() == 15


def test_a_total_that_is_not_the_sum_of_its_boards_is_the_file_disagreeing_with_itself() -> None:
    report = import_usebio_teams(teams_xml(bad_total=True), filename="total.xml")
    assert report.comparison.matches.file_inconsistent == 1
    assert report.comparison.matches.unexplained == 0
    assert report.comparison.matches.same == 15  # the VPs are those of the boards' IMPs
    assert "the file's own figures disagree with each other" in " ".join(report.comparison.differences)


def test_a_board_whose_published_imps_differ_is_unexplained() -> None:
    data = teams_xml().replace(b"<SCORE>620</SCORE>", b"<SCORE>650</SCORE>", 1)  # 750 apart: 13 IMPs, file says 12
    comparison = compare_teams(read_usebio_teams(data))
    assert comparison.boards.unexplained == 1
    assert "the file gives the home team 12 IMPs, Bridgedesk 13" in comparison.differences[0]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ((b'EVENT_TYPE="TEAMS"', b'EVENT_TYPE="TEAMS"'), None),
        ((b"<TEAM_NUMBER>4</TEAM_NUMBER>", b"<TEAM_NUMBER>1</TEAM_NUMBER>"), "team 1 is listed twice"),
        ((b"<PARTICIPANTS>", b"<PARTICIPANTS><!-- -->"), None),
    ],
)
def test_the_reader_says_what_is_wrong(change: tuple[bytes, bytes], message: str | None) -> None:
    data = teams_xml().replace(*change)
    if message is None:
        assert len(read_usebio_teams(data).matches) == 4
        return
    with pytest.raises(InterchangeError, match=message):
        read_usebio_teams(data)


def test_a_match_naming_a_team_not_listed_is_left_out_with_its_line() -> None:
    data = teams_xml().replace(b"<AWAY_TEAM_NUMBER>4</AWAY_TEAM_NUMBER>", b"<AWAY_TEAM_NUMBER>9</AWAY_TEAM_NUMBER>", 1)
    record = read_usebio_teams(data)
    assert len(record.matches) == 3
    assert "AWAY_TEAM_NUMBER 9 is not among the PARTICIPANTS. The match was left out." in record.warnings[0]
    assert record.warnings[0].startswith("line ")


def test_the_pairs_reader_still_refuses_a_teams_file_and_the_router_sees_it() -> None:
    assert is_teams_file(teams_xml())
    assert not is_teams_file(b"<USEBIO><EVENT EVENT_TYPE='MP_PAIRS'/></USEBIO>")
    assert not is_teams_file(b"\xff\xfe not xml")


def test_import_usebio_command_makes_a_teams_event(tmp_path) -> None:
    path = tmp_path / "winter.xml"
    path.write_bytes(teams_xml(whole=True))
    out = io.StringIO()
    call_command("import_usebio", str(path), stdout=out)
    lines = out.getvalue().strip().splitlines()
    event = TeamEvent.objects.get(pk=int(lines[-1]))
    assert lines[0] == "Imported winter.xml: a teams event of 4 teams, 4 matches, 16 boards played in both rooms."
    assert (
        "Published vs Bridgedesk: board IMPs: 16 the same, explained 0, 0 where the file disagrees with itself, 0 "
        f"unexplained; match IMPs and VPs: 10 the same, explained 6 by {WHOLE}, 0 where the file disagrees with "
        "itself, 0 unexplained."
    ) in lines
    assert event.vp_table[:2] == [10.0, 11.0]


def test_the_import_page_opens_the_new_teams_event(director_client) -> None:
    upload = SimpleUploadedFile("winter.xml", teams_xml())
    response = director_client.post(
        reverse("interchange:upload"), {"file": upload, "format": "auto", "scale_missed_boards": "on"}, follow=True
    )
    event = TeamEvent.objects.get()
    assert response.redirect_chain[-1][0] == event.get_absolute_url()
    assert "a teams event of 4 teams" in response.content.decode()


def test_the_import_page_shows_a_bad_teams_file_at_the_file_field(director_client) -> None:
    data = teams_xml().replace(b"<TEAM_NUMBER>2</TEAM_NUMBER>", b"<TEAM_NUMBER>1</TEAM_NUMBER>")
    upload = SimpleUploadedFile("bad.xml", data)
    response = director_client.post(reverse("interchange:upload"), {"file": upload, "format": "auto"})
    assert response.status_code == 200
    assert "team 1 is listed twice" in response.content.decode()
    assert not TeamEvent.objects.exists()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_a_damaged_teams_file_reads_or_says_where(seed: int) -> None:
    """No damage to the file makes the reader raise anything but its own clear error."""
    try:
        record = read_usebio_teams(_damage(teams_xml().decode(), seed))
    except InterchangeError as exc:
        assert exc.message and exc.where
    else:
        compare_teams(record)


@settings(max_examples=100, deadline=None)
@given(data=st.binary(max_size=400))
def test_no_bytes_make_the_teams_reader_raise_anything_else(data: bytes) -> None:
    with contextlib.suppress(InterchangeError):
        read_usebio_teams(b'<USEBIO><EVENT EVENT_TYPE="TEAMS">' + data)


def test_vps_that_follow_from_the_files_own_totals_are_explained_so() -> None:
    """Round 2, match 1: the file says 25-0 (its boards add up to 24-0) and gives the VPs of 25 IMPs (19.16-0.84)."""
    data = teams_xml(bad_total=True).replace(
        b"<HOME_VPS>18.97</HOME_VPS><AWAY_VPS>1.03</AWAY_VPS>", b"<HOME_VPS>19.16</HOME_VPS><AWAY_VPS>0.84</AWAY_VPS>"
    )
    comparison = compare_teams(read_usebio_teams(data))
    assert comparison.matches.as_dict() == {
        "same": 13, "explained": {"follows_from_imps": 2}, "file_inconsistent": 1, "unexplained": 0,
    }  # fmt: skip


def test_the_session_nesting_and_rooms_told_by_the_north_south_team() -> None:
    """EVENT/SESSION/SECTION holding PARTICIPANTS and MATCHes, lines without ROOM (home N-S is room 1)."""
    flat = teams_xml().decode()
    nested = flat.replace("<PARTICIPANTS>", "<SESSION><SECTION><PARTICIPANTS>", 1).replace(
        "</EVENT>", "</SECTION></SESSION></EVENT>", 1
    )
    nested = nested.replace("<ROOM>1</ROOM>", "").replace("<ROOM>2</ROOM>", "")
    record = read_usebio_teams(nested.encode())
    assert [(m.round, m.home, m.away) for m in record.matches] == [(1, 1, 2), (1, 3, 4), (2, 1, 3), (2, 2, 4)]
    assert [(b.room1_ns, b.room2_ns, b.home_imps) for b in record.matches[0].boards][:2] == [
        (420, 170, 6),
        (-100, 140, -6),
    ]
    assert record.warnings == []


def test_the_import_goes_through_the_teams_gateway_audited_and_bumped() -> None:
    report = import_usebio_teams(teams_xml(), filename="winter.xml")
    entry = AuditEntry.objects.get(action="teams.create", why="imported from winter.xml")
    assert entry.new["imported"] == {"teams": 4, "rounds": 2, "matches": 4}
    assert entry.new["team_list"][0] == [1, "Aces"]
    assert entry.new["match_list"][2] == [2, 1, 3, [[1430, -1430], [100, 100], [-420, -420], [50, -50]]]
    assert report.event.version >= 1 and report.event.status == TeamEvent.Status.PLAYING
    assert [r.complete for r in selectors.played_rounds(report.event)] == [True, True]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_a_damaged_teams_file_imports_or_is_refused_with_the_reason(seed: int) -> None:
    """The whole import (reader, comparison, gateway) on damaged files: an event or InterchangeError, never else."""
    try:
        report = import_usebio_teams(_damage(teams_xml().decode(), seed), filename="damaged.xml")
    except InterchangeError as exc:
        assert exc.message and exc.where
    else:
        assert report.event.teams.count() >= 2 and report.lines()[-1] == str(report.event.pk)


def test_names_with_line_breaks_are_read_on_one_line() -> None:
    data = teams_xml().replace(b"<TEAM_NAME>Aces</TEAM_NAME>", b"<TEAM_NAME>The\n  Aces\t</TEAM_NAME>")
    report = import_usebio_teams(data)
    assert report.event.teams.get(number=1).name == "The Aces"


def test_teams_of_the_same_name_are_told_apart_by_their_numbers() -> None:
    long = b"L" * 80
    data = teams_xml()
    for name in (b"Aces", b"Kings", b"Queens"):
        data = data.replace(b"<TEAM_NAME>" + name + b"</TEAM_NAME>", b"<TEAM_NAME>" + long + b"</TEAM_NAME>")
    names = set(import_usebio_teams(data).event.teams.values_list("name", flat=True))
    assert names == {"Jacks", "L" * 80, "L" * 70 + " (2)", "L" * 70 + " (3)"}


def test_the_event_page_shows_the_files_figures_against_ours(director_client) -> None:
    report = import_usebio_teams(teams_xml(bad_total=True), filename="total.xml")
    assert report.event.published["matches"]["file_inconsistent"] == 1
    page = director_client.get(report.event.get_absolute_url()).content.decode()
    section = page.split('id="published-vs-bridgedesk"')[1].split("</section>")[0]
    assert "Imported from total.xml (TeamsWriter)" in section and "vp_scale=wbf_continuous" in section
    assert "<td>Match IMPs and VPs</td><td>15</td><td>0</td><td>1</td><td>0</td>" in section
    assert "the file&#x27;s own figures disagree with each other" in section


def test_an_event_made_here_shows_no_published_figures(director_client, director) -> None:
    event = create_event(actor=director, name="Club teams")
    assert 'id="published-vs-bridgedesk"' not in director_client.get(event.get_absolute_url()).content.decode()


def test_sessions_whose_rounds_start_again_continue_the_rounds_before() -> None:
    """Two SESSIONs, each numbering its one round 1 (an afternoon and an evening): rounds 1 and 2 of one event."""
    text = teams_xml().decode().replace("<ROUND_NUMBER>2</ROUND_NUMBER>", "<ROUND_NUMBER>1</ROUND_NUMBER>")
    head, first = text.split("<MATCH>", 1)
    matches = ["<MATCH>" + m for m in first.split("</EVENT>")[0].split("<MATCH>")]
    text = (
        f"{head}<SESSION>{''.join(matches[:2])}</SESSION>\n<SESSION>{''.join(matches[2:])}</SESSION>\n</EVENT></USEBIO>"
    )
    report = import_usebio_teams(text.encode())
    assert [(m.round, m.home, m.away) for m in read_usebio_teams(text.encode()).matches] == [
        (1, 1, 2), (1, 3, 4), (2, 1, 3), (2, 2, 4),
    ]  # fmt: skip
    assert len(report.warnings) == 1 and "its rounds start again; they are read as rounds 2 on." in report.warnings[0]
    assert {s.team: s.vp for s in selectors.standings(report.event)}[1] == Decimal("34.71")


def test_the_same_teams_file_again_is_recognised_until_import_again_is_ticked(director_client) -> None:
    def upload(**extra: str):
        data = {"file": SimpleUploadedFile("winter.xml", teams_xml()), "format": "auto", **extra}
        return director_client.post(reverse("interchange:upload"), data)

    assert upload().status_code == 302
    again = upload()
    assert again.status_code == 200 and "This file was already imported on" in again.content.decode()
    assert "open that teams event" in again.content.decode()
    assert 'id="already-imported"' in again.content.decode() and TeamEvent.objects.count() == 1
    assert upload(import_again="on").status_code == 302
    assert TeamEvent.objects.count() == 2
