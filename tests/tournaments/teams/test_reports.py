"""Teams papers: the draw, score cards and standings PDFs, made through the printing job pipeline."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournaments.printing import jobs
from tournaments.printing.models import GeneratedFile
from tournaments.teams import lineups, services
from tournaments.teams.reports import render_draw, render_score_cards, render_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    event = services.create_event(actor=director, name="Printed teams", boards_per_match=2)
    for n in (1, 2, 3):
        services.add_team(actor=director, event=event, name=f"Club {n}", players=[f"P{i} {n}" for i in range(4)])
    match = services.draw_next_round(actor=director, event=event).matches.get()
    names = list(match.home.players.values_list("name", flat=True))
    lineups.set_lineup(actor=director, match=match, team=match.home, room1_pair=names[:2], room2_pair=names[2:])
    services.save_boards(actor=director, match=match, scores={1: (620, -100), 2: (-50, 100)}, version=0)
    return event


def words(data: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_papers_show_the_draw_the_boards_and_the_standings(event) -> None:
    draw = words(render_draw(event)[2])
    assert "Club 1" in draw and "Club 2" in draw and "Bye: 3. Club 3" in draw
    cards = words(render_score_cards(event)[2])
    assert "620" in cards and "12" in cards and "P0 1 & P1 1" in cards
    standings = words(render_standings(event)[2])
    assert "Club 1" in standings and "Ties broken by, in this order: 1. IMP difference" in standings


def test_a_print_job_makes_the_pdf_and_goes_out_of_date_after_a_change(event, director, director_client) -> None:
    response = director_client.post(reverse("teams:print", args=[event.pk]), {"kind": "standings", "paper": "a4"})
    job = GeneratedFile.objects.get(team_event=event)
    assert response["Location"] == reverse("jobs:detail", args=[job.pk])
    done = jobs.run_job(job.pk)
    assert done.status == "done" and bytes(done.content).startswith(b"%PDF")
    assert jobs.download_filename(done).startswith(f"teams-{event.pk}-")
    assert not jobs.out_of_date(done)
    services.add_penalty(actor=director, team=event.teams.first(), vp=1, why="Late")
    assert jobs.out_of_date(done)
    bad = director_client.post(reverse("teams:print", args=[event.pk]), {"kind": "standings", "paper": "a0"})
    assert bad.status_code == 200 and GeneratedFile.objects.count() == 1


def test_a_board_a_match_standings_paper_says_points_and_the_form(director) -> None:
    event = services.create_event(actor=director, name="BAM night", boards_per_match=2, scoring_form="bam")
    for n in (1, 2):
        services.add_team(actor=director, event=event, name=f"Club {n}", players=[f"P{i} {n}" for i in range(4)])
    match = services.draw_next_round(actor=director, event=event).matches.get()
    services.save_boards(actor=director, match=match, scores={1: (620, 600), 2: (-50, -50)}, version=0)
    standings = words(render_standings(event)[2])
    assert "Points" in standings and "Scoring: Board-a-match" in standings and "1.50" in standings
