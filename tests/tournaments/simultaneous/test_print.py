"""The simultaneous's standings PDF, made through the printing job pipeline and read back with pdftotext."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess
from collections import defaultdict
from pathlib import Path

import pytest
from django.core.cache import cache

import scoring
from tournaments.printing import jobs
from tournaments.printing.models import GeneratedFile
from tournaments.sessions.models import EntryPlayer, Result, Session
from tournaments.sessions.services.sessions import set_status
from tournaments.simultaneous import services
from tournaments.simultaneous.demo import club_files
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub
from tournaments.simultaneous.reports import render_standings

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler-utils (pdftotext)"),
]
DAY = dt.date(2026, 11, 23)


def pdftotext(data: bytes, tmp_path: Path) -> str:
    pdf = tmp_path / "standings.pdf"
    pdf.write_bytes(data)
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout


def expected(simul: Simultaneous) -> dict[int, float]:
    """Each pair's field percentage from the stored lines, with the plain match-point scorer (not field.py)."""
    lines = Result.objects.filter(section__session__simultaneous_club__simultaneous=simul, kind="played")
    by_board: dict[int, list[Result]] = defaultdict(list)
    for r in lines.select_related("board"):
        by_board[r.board.number].append(r)
    earned: dict[int, list[float]] = defaultdict(list)
    for board_lines in by_board.values():
        points = scoring.matchpoints([r.ns_score for r in board_lines])
        top = 2 * (len(board_lines) - 1)
        for r, p in zip(board_lines, points, strict=True):
            earned[r.ns_entry_id].append(100 * p / top)
            earned[r.ew_entry_id].append(100 - 100 * p / top)
    return {k: sum(v) / len(v) for k, v in earned.items()}


def places(percentages: dict[int, float]) -> dict[int, str]:
    """1, 2, 3= ... by percentage, equal percentages sharing a place."""
    ranked = sorted(percentages, key=lambda k: -percentages[k])
    out: dict[int, str] = {}
    for k in ranked:
        better = sum(1 for v in percentages.values() if round(v, 6) > round(percentages[k], 6))
        level = sum(1 for v in percentages.values() if round(v, 6) == round(percentages[k], 6))
        out[k] = f"{better + 1}=" if level > 1 else str(better + 1)
    return out


@pytest.fixture
def simul(director) -> Simultaneous:
    simul = services.create_simultaneous(actor=director, name="Printed sim", date=DAY, boards=6)
    services.import_club_files(actor=director, simul=simul, files=club_files(3, tables=3, boards=6))
    return simul


def test_the_standings_pdf_shows_every_pairs_place_and_percentage(simul, director, director_client, tmp_path):
    page = director_client.get(f"/simultaneous/{simul.pk}/standings/").content.decode()
    assert 'id="print-pdf"' in page and f'action="/simultaneous/{simul.pk}/print/"' in page
    response = director_client.post(f"/simultaneous/{simul.pk}/print/", {"kind": "standings", "paper": "a4"})
    job = GeneratedFile.objects.get(simultaneous=simul)
    assert response.status_code == 302 and response["Location"] == f"/jobs/{job.pk}/"
    job_page = director_client.get(f"/jobs/{job.pk}/").content.decode()
    assert "Printed sim" in job_page and f'href="/simultaneous/{simul.pk}/"' in job_page
    done = jobs.run_job(job.pk)
    assert done is not None and done.status == "done", done and done.error
    assert jobs.download_filename(done) == f"simultaneous-{simul.pk}-printed-sim-standings-a4.pdf"
    words = pdftotext(bytes(done.content), tmp_path)
    assert "Printed sim: overall standings" in words and "18 pairs of 3 clubs, 54 results" in words
    overall, _, per_club = words.partition("C1 Club 001")
    pct = expected(simul)
    overall_place = places(pct)
    clubs = {c.session_id: c for c in SimultaneousClub.objects.filter(simultaneous=simul)}
    names: dict[int, list[str]] = defaultdict(list)
    for entry_id, name in EntryPlayer.objects.order_by("entry_id", "seat").values_list("entry_id", "name"):
        names[entry_id].append(name)
    entries = Result.objects.filter(section__session__simultaneous_club__simultaneous=simul)
    info = {r.ns_entry_id: r.ns_entry for r in entries.select_related("ns_entry__section__session")}
    info |= {r.ew_entry_id: r.ew_entry for r in entries.select_related("ew_entry__section__session")}
    assert set(info) == set(pct)
    for entry_id, entry in info.items():
        club = clubs[entry.section.session_id]
        mates = {k: v for k, v in pct.items() if info[k].section.session_id == club.session_id}
        in_club = re.escape(places(mates)[entry_id])
        row = (
            rf"^\s*{re.escape(overall_place[entry_id])}\s+{club.code}\s+{entry.label}\s+"
            rf"{re.escape(' & '.join(names[entry_id]))}\s+6\s+{scoring.shown(pct[entry_id])}\s+{in_club}\s*$"
        )
        assert re.search(row, overall, flags=re.M), row
        club_row = (
            rf"^\s*{in_club}\s+{entry.label}\s+{re.escape(' & '.join(names[entry_id]))}"
            rf"\s+{scoring.shown(pct[entry_id])}\s+{re.escape(overall_place[entry_id])}\s*$"
        )
        assert re.search(club_row, "C1 Club 001" + per_club, flags=re.M), club_row
    assert "C2 Club 002" in per_club and "C3 Club 003" in per_club
    # A corrected result after printing marks the file out of date.
    assert not jobs.out_of_date(done)
    member = next(iter(clubs.values()))
    set_status(actor=director, session=member.session, status=Session.Status.PLAYING)
    line = Result.objects.filter(section__session=member.session, kind="played").first()
    services.correct_result(actor=director, result=line, contract="PASS", why="misread")
    assert jobs.out_of_date(done)


def test_bad_requests_start_no_job(simul, director, director_client, client, role_user):
    bad = director_client.post(f"/simultaneous/{simul.pk}/print/", {"kind": "standings", "paper": "a0"}, follow=True)
    assert bad.status_code == 200 and "Unknown paper size" in bad.content.decode()
    unknown = director_client.post(f"/simultaneous/{simul.pk}/print/", {"kind": "travellers"}, follow=True)
    assert "Choose a paper to print." in unknown.content.decode()
    assert director_client.get(f"/simultaneous/{simul.pk}/print/").status_code == 405
    client.force_login(role_user("player"))
    assert client.post(f"/simultaneous/{simul.pk}/print/", {"kind": "standings"}).status_code == 403
    assert 'id="print-pdf"' not in client.get(f"/simultaneous/{simul.pk}/standings/").content.decode()
    assert GeneratedFile.objects.count() == 0


def test_an_empty_simultaneous_fails_in_words(director):
    empty = services.create_simultaneous(actor=director, name="Nobody yet", date=DAY, boards=6)
    job = jobs.start_job(owner=director, kind="simul-standings", simultaneous=empty, enqueue=False)
    done = jobs.run_job(job.pk)
    assert done is not None and done.status == "failed" and "No club has a result" in done.error


def test_names_in_any_script_print(simul, tmp_path):
    player = EntryPlayer.objects.filter(entry__section__session__simultaneous_club__simultaneous=simul).first()
    EntryPlayer.objects.filter(pk=player.pk).update(name="王芳")
    cache.clear()  # names are not part of the field's version key
    words = pdftotext(render_standings(simul)[2], tmp_path)
    assert words.count("王芳") == 2  # the overall table and the club's
