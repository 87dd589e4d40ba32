"""A pair that missed a board sees how its total was scaled, on the score card pages and in the PDF."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

import scoring
from tests.tournaments.reports.factories import make_session
from tournaments.publishing import services as publishing
from tournaments.sessions import reports
from tournaments.sessions.models import Result
from tournaments.sessions.selectors.scores import score_section

pytestmark = pytest.mark.django_db


def test_the_scaling_is_spelled_out_and_adds_up(client, director_client):
    session = make_session(pairs=8, boards_per_round=2, deals=False, adjusted=False)
    section = session.sections.get()
    entry = section.entries.get(label="1NS")
    Result.objects.filter(section=section, ns_entry=entry).order_by("board__number").first().delete()
    standing = score_section(section).standing_of(entry.pk)
    assert standing.boards_played == standing.boards_expected - 1
    raw, expected, played = standing.raw_total, standing.boards_expected, standing.boards_played
    assert standing.scaling == f"{scoring.shown(raw)} × {expected}/{played} = {scoring.shown(standing.total)}"
    assert standing.total == pytest.approx(raw * expected / played)
    assert standing.scaling in director_client.get(f"/sessions/{session.pk}/scorecards/{entry.pk}/").content.decode()
    publishing.publish(actor=None, session=session)
    assert standing.scaling in client.get(f"/results/{session.pk}/pairs/{entry.pk}/").content.decode()
    others = [s for s in score_section(section).standings["NS"] if s.entry.pk != entry.pk]
    assert all(s.scaling == "" for s in others)
    _, _, pdf = reports.render("scorecards", session)
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)
    assert f"scaled for boards missed: {standing.scaling}" in text
