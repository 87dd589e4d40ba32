"""A club movement (saved in the movement designer) offered at session setup: the section is built from the saved
grid, plays, scores, and is made again from the saved grid (reports, guide cards); a late pair is refused."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.services.factories import section_a
from tournaments.movements import generate
from tournaments.movements.designer import grid_of
from tournaments.sessions.models import ClubMovement, Session, TableRound
from tournaments.sessions.reports.data import SessionData
from tournaments.sessions.reports.guidecards import _describe
from tournaments.sessions.selectors.scores import score_session
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec, add_late_pair, create_session

pytestmark = pytest.mark.django_db

SETUP = {
    "event_name": "Club night",
    "session_name": "Evening",
    "date": "2026-11-24",
    "scoring_method": "mp",
    "mp_scale": "ebu",
    "pairs_a": "8",
}


def _save_own_howell(director_client) -> ClubMovement:
    """The 8-pair Howell with round 1 turned round at table 1 (NS and EW swapped): not what the generator makes."""
    movement = generate("howell", 8)
    grid = grid_of(movement)
    grid["r1t1ns"], grid["r1t1ew"] = grid["r1t1ew"], grid["r1t1ns"]
    data = {"kind": "howell", "tables": movement.tables, "rounds": movement.rounds, **grid}
    saved = director_client.post("/movements/designer/", data | {"action": "save", "name": "Our Howell"})
    assert saved.status_code == 302
    return ClubMovement.objects.get(name="Our Howell")


def test_a_club_movement_is_offered_builds_plays_scores_and_rebuilds(director_client):
    stored = _save_own_howell(director_client)
    page = director_client.post("/sessions/new/", {**SETUP, "stage": "1"})
    choices = dict(page.context["sections"][0][2].fields["choice"].choices)
    choice = next(value for value in choices if value.startswith(f"club|{stored.pk}|"))
    assert choices[choice] == "Our Howell"
    nine = director_client.post("/sessions/new/", {**SETUP, "pairs_a": "9", "stage": "1"})
    assert not any(v.startswith("club|") for v, _ in nine.context["sections"][0][2].fields["choice"].choices)

    created = director_client.post("/sessions/new/", {**SETUP, "stage": "2", "sec-A-choice": choice})
    assert created.status_code == 302
    session = Session.objects.get()
    section = section_a(session)
    assert (section.movement_kind, section.movement_variant) == ("howell", f"club:{stored.pk}")
    detail = director_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "(Our Howell)" in detail and "club:" not in detail
    first = TableRound.objects.get(section=section, round=1, table=1)
    grid = stored.cells
    assert (first.ns_entry.label, first.ew_entry.label) == (grid["r1t1ns"], grid["r1t1ew"])

    with pytest.raises(ValidationError, match="club movement"):
        add_late_pair(actor=None, section=section)
    board = int(first.boards[0])
    record_result(
        actor=None,
        section=section,
        board=board,
        ns=first.ns_entry.label,
        ew=first.ew_entry.label,
        contract="3NT",
        declarer="S",
        tricks="9",
    )
    scores = score_session(session)[0]
    assert scores.standing_of(first.ns_entry.pk) is not None

    data = SessionData.load(session)
    rebuilt = data.movement(section)
    assert rebuilt.description == "Our Howell" and rebuilt.variant == f"club:{stored.pk}"
    assert "Our Howell" in _describe(rebuilt)


def test_a_club_movement_for_other_pair_counts_is_refused_with_a_message(director_client):
    stored = _save_own_howell(director_client)
    spec = SectionSpec(pairs=9, kind="club", variant=str(stored.pk), boards_per_round=3)
    with pytest.raises(ValidationError, match="is for 8 pairs"):
        create_session(actor=None, event_name="E", date=datetime.date(2026, 11, 24), sections=[spec])
    assert not Session.objects.exists()


def test_the_home_page_links_directors_to_the_designer(director_client):
    assert 'id="movement-designer"' in director_client.get("/").content.decode()
