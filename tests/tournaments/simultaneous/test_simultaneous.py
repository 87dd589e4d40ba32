"""Simultaneous pairs across clubs: the clubs' files join one field, scored across it and within each club."""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict

import pytest

import scoring
from tournaments.audit.models import AuditEntry
from tournaments.core.text import isolated_names
from tournaments.interchange.usebio_writer import write_usebio
from tournaments.sessions.models import Result, Session
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.results import FinishedSessionError
from tournaments.sessions.services.sessions import set_status
from tournaments.simultaneous import services
from tournaments.simultaneous.demo import club_files, club_record
from tournaments.simultaneous.field import score_field
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 11, 23)


def make(boards: int = 6) -> Simultaneous:
    return services.create_simultaneous(actor=None, name="Autumn sim", date=DAY, boards=boards)


def expected_percentages(simul: Simultaneous) -> dict[int, float]:
    """Every pair's field percentage, worked out here from the stored results with the plain scorer."""
    results = list(
        Result.objects.filter(section__session__simultaneous_club__simultaneous=simul, kind="played").select_related(
            "board"
        )
    )
    by_board: dict[int, list[Result]] = defaultdict(list)
    for r in results:
        by_board[r.board.number].append(r)
    earned: dict[int, list[float]] = defaultdict(list)
    for lines in by_board.values():
        points = scoring.matchpoints([r.ns_score for r in lines])
        top = 2 * (len(lines) - 1)
        for r, p in zip(lines, points, strict=True):
            ns = 100 * p / top
            earned[r.ns_entry_id].append(ns)
            earned[r.ew_entry_id].append(100 - ns)
    return {k: sum(v) / len(v) for k, v in earned.items()}


def test_clubs_files_join_one_field_scored_across_it(director):
    simul = make()
    outcome = services.import_club_files(actor=director, simul=simul, files=club_files(4, tables=3, boards=6))
    assert len(outcome.joined) == 4 and outcome.refused == []
    assert [c.code for c in SimultaneousClub.objects.filter(simultaneous=simul).order_by("id")] == [
        "C1",
        "C2",
        "C3",
        "C4",
    ]
    scores = score_field(simul)
    assert scores.results == 4 * 3 * 6
    expected = expected_percentages(simul)
    assert len(scores.standings) == 4 * 6 == len(expected)
    for standing in scores.standings:
        assert standing.percentage == pytest.approx(expected[standing.entry_id])
        assert standing.boards == 6
    ranked = sorted(expected.values(), reverse=True)
    assert [s.percentage for s in scores.standings] == pytest.approx(ranked)
    assert scores.standings[0].place in ("1", "1=")
    # NS and EW of a board share 100% between them across the field, so the field averages 50%.
    assert sum(s.percentage for s in scores.standings) / len(scores.standings) == pytest.approx(50)
    # Each club is one section of the field, and is also scored on its own.
    for member in SimultaneousClub.objects.filter(simultaneous=simul):
        own = score_section(member.session.sections.get())
        assert {s.entry.pk for f in own.standings.values() for s in f} == {
            s.entry_id for s in scores.of_club(member.session_id)
        }
        places = [s.club_place for s in scores.of_club(member.session_id)]
        assert places[0] in ("1", "1=")
    imported = AuditEntry.objects.filter(action="session.imported").count()
    assert imported == 4


def test_each_boards_frequency_table_is_the_whole_fields(director):
    simul = make()
    services.import_club_files(actor=director, simul=simul, files=club_files(3, tables=4, boards=6))
    scores = score_field(simul)
    for number in range(1, 7):
        recap = scores.boards[number]
        stored = Counter(
            Result.objects.filter(
                section__session__simultaneous_club__simultaneous=simul, board__number=number
            ).values_list("ns_score", flat=True)
        )
        assert recap.played == 12 == sum(stored.values())
        assert {f.ns_score: f.count for f in recap.frequencies} == dict(stored)
        assert [f.ns_score for f in recap.frequencies] == sorted(stored, reverse=True)
        assert recap.top == 22
        for f in recap.frequencies:
            assert f.ns_points + f.ew_points == pytest.approx(recap.top)
        assert recap.frequencies[0].ns_points == 22 - (recap.frequencies[0].count - 1)


def test_a_club_that_played_other_deals_or_boards_is_refused_alone(director):
    simul = make()
    good = club_files(2, tables=3, boards=6, seed=1)
    other_deals = ("other-deals.xml", write_usebio(club_record(9, tables=3, boards=6, seed=2, date=DAY)))
    too_many = ("too-many.xml", write_usebio(club_record(8, tables=3, boards=9, seed=1, date=DAY)))
    broken = ("broken.xml", b"<USEBIO><EVENT>")
    outcome = services.import_club_files(actor=director, simul=simul, files=[*good, other_deals, too_many, broken])
    assert len(outcome.joined) == 2
    reasons = dict(outcome.refused)
    assert "not the deal the other clubs played" in reasons["other-deals.xml"]
    assert "boards 1-6 only" in reasons["too-many.xml"]
    assert "not well-formed XML" in reasons["broken.xml"]
    assert Session.objects.count() == 2
    assert set(simul.__class__.objects.get(pk=simul.pk).deals) == {str(n) for n in range(1, 7)}


def test_a_file_with_an_artificial_score_keeps_it_in_the_field(director):
    simul = make()
    record = club_record(1, tables=3, boards=6, seed=1, date=DAY)
    line = record.boards[0].lines[0]
    line.kind, line.ns_percent, line.ew_percent = "artificial", 60.0, 40.0
    line.contract, line.score = "", None
    outcome = services.import_club_files(
        actor=director, simul=simul, files=[("adj.xml", write_usebio(record)), *club_files(2, tables=3, boards=6)[1:]]
    )
    assert outcome.refused == [] and len(outcome.joined) == 2
    adjusted = Result.objects.get(kind="artificial")
    scores = score_field(simul)
    assert scores.percent_of([adjusted.pk]) == {adjusted.pk: (60.0, 40.0)}
    assert scores.boards[1].played == 2 * 3 - 1


def test_a_correction_in_one_club_rescores_the_field(director):
    simul = make()
    services.import_club_files(actor=director, simul=simul, files=club_files(3, tables=3, boards=6))
    before = {s.entry_id: s.percentage for s in score_field(simul).standings}
    member = SimultaneousClub.objects.filter(simultaneous=simul).first()
    result = Result.objects.filter(section__session=member.session, board__number=1).first()
    with pytest.raises(FinishedSessionError):
        services.correct_result(actor=director, result=result, contract="3NT", declarer="N", tricks=9, why="x")
    set_status(actor=director, session=member.session, status=Session.Status.PLAYING)
    result = Result.objects.filter(section__session=member.session, board__number=1).first()
    with pytest.raises(services.SimultaneousError, match="trick"):
        services.correct_result(actor=director, result=result, contract="7NT", declarer="N", tricks=14, why="x")
    services.correct_result(actor=director, result=result, contract="7NT", declarer="N", tricks=13, why="score slip")
    assert AuditEntry.objects.filter(action="result.change", target_id=result.pk).count() == 1
    after = score_field(simul)
    assert after.percent_of([result.pk])[result.pk][0] == 100.0
    expected = expected_percentages(simul)
    assert {s.entry_id: s.percentage for s in after.standings} == pytest.approx(expected)
    assert {s.entry_id: s.percentage for s in after.standings} != pytest.approx(before)


def test_a_session_run_here_joins_the_field(director):
    session = build_demo_session(tables=3, movement="mitchell", seed=7, quick=True)
    simul = make(boards=session.boards.count())
    joined = services.add_session(actor=director, simul=simul, session=session, club="Home club")
    assert joined.code == "C1" and joined.club == "Home club"
    with pytest.raises(services.SimultaneousError, match="already part"):
        services.add_session(actor=director, simul=simul, session=session)
    scores = score_field(simul)
    assert scores.standings and scores.results == Result.objects.filter(kind__in=["played", "assigned"]).count() + (
        Result.objects.filter(kind__in=["artificial", "weighted"]).count()
    )


def test_the_pages(director_client):
    page = director_client.post(
        "/simultaneous/new/", {"name": "Web sim", "date": "2026-11-23", "boards": "6", "mp_scale": "ebu"}
    )
    simul = Simultaneous.objects.get(name="Web sim")
    assert page.status_code == 302 and page["Location"] == f"/simultaneous/{simul.pk}/"
    bad = director_client.post(
        "/simultaneous/new/", {"name": "x", "date": "2026-11-23", "boards": "0", "mp_scale": "ebu"}
    )
    assert bad.status_code == 200 and "greater than or equal to 1" in bad.content.decode()
    uploads = []
    from django.core.files.uploadedfile import SimpleUploadedFile

    for name, data in club_files(3, tables=3, boards=6):
        uploads.append(SimpleUploadedFile(name, data, content_type="application/xml"))
    uploads.append(SimpleUploadedFile("bad.xml", b"not xml", content_type="application/xml"))
    done = director_client.post(f"/simultaneous/{simul.pk}/import/", {"files": uploads}, follow=True)
    text = done.content.decode()
    assert "3 clubs joined the field." in text and "bad.xml was not imported" in text
    assert "Club 001" in text
    standings = director_client.get(f"/simultaneous/{simul.pk}/standings/").content.decode()
    best = score_field(simul).standings[0]
    assert "18 pairs of 3 clubs, 54 results" in standings
    assert f"{scoring.shown(best.percentage)}" in standings and isolated_names(best.names) in standings
    member = SimultaneousClub.objects.filter(simultaneous=simul).first()
    club = director_client.get(f"/simultaneous/{simul.pk}/clubs/{member.session_id}/").content.decode()
    assert member.club in club and "Club %" in club and "Field %" in club
    board = director_client.get(f"/simultaneous/{simul.pk}/boards/1/").content.decode()
    assert "Played 9 times across the field" in board and 'id="frequencies"' in board
    assert director_client.get(f"/simultaneous/{simul.pk}/boards/7/").status_code == 404
    empty = director_client.post(f"/simultaneous/{simul.pk}/import/", {})
    assert empty.status_code == 200 and 'id="id_files_error"' in empty.content.decode()


def test_players_see_the_results_but_cannot_import(client, role_user):
    simul = make()
    client.force_login(role_user("player"))
    assert client.get(f"/simultaneous/{simul.pk}/standings/").status_code == 200
    assert client.post(f"/simultaneous/{simul.pk}/import/", {}).status_code == 403
    assert client.get("/simultaneous/new/").status_code == 403


def test_an_acbl_simultaneous_gives_one_point_per_score_beaten(director):
    simul = services.create_simultaneous(actor=None, name="ACBL sim", date=DAY, boards=6, mp_scale="acbl")
    services.import_club_files(actor=director, simul=simul, files=club_files(2, tables=3, boards=6))
    recap = score_field(simul).boards[2]
    assert recap.top == 5
    stored = list(Result.objects.filter(board__number=2).values_list("ns_score", flat=True))
    acbl = dict(zip(stored, scoring.matchpoints(stored, scale="acbl"), strict=True))
    assert {f.ns_score: f.ns_points for f in recap.frequencies} == acbl
