"""A club movement (a Howell-shaped grid saved in the movement designer) offered on the Swiss-pairs setup page: the
Swiss is set up with every round from the saved grid, plays, scores in victory points, and draws no more rounds."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.services.factories import section_a
from tests.tournaments.views.test_club_movement_sessions import _save_own_howell
from tournaments.core.errors import DomainError
from tournaments.movements import generate
from tournaments.movements.designer import grid_of
from tournaments.sessions.models import ClubMovement, Session, TableRound
from tournaments.sessions.selectors.swiss import swiss_table
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.swiss import create_swiss, draw_next_round

pytestmark = pytest.mark.django_db

FORM = {
    "event_name": "Swiss",
    "date": "2026-11-25",
    "rounds": "3",
    "boards_per_round": "2",
    "scoring_method": "butler",
}


def test_a_club_howell_is_offered_at_swiss_setup_and_refused_for_another_size(director_client):
    stored = _save_own_howell(director_client)
    page = director_client.get("/sessions/new/swiss/")
    choices = dict(page.context["form"].fields["movement"].choices)
    assert choices[str(stored.pk)].startswith("Our Howell: club movement for 8 pairs, 7 rounds")
    bad = director_client.post("/sessions/new/swiss/", {**FORM, "pairs": "10", "movement": str(stored.pk)})
    assert bad.status_code == 400 and "That club movement is for 8 pairs." in bad.content.decode()
    assert not Session.objects.exists()


def test_a_swiss_from_a_club_movement_plays_from_the_grid_and_scores_in_vps(director_client):
    stored = _save_own_howell(director_client)
    made = director_client.post("/sessions/new/swiss/", {**FORM, "pairs": "8", "movement": str(stored.pk)})
    assert made.status_code == 302
    session = Session.objects.get()
    section = section_a(session)
    assert (section.movement_kind, section.movement_variant) == ("swiss", f"club:{stored.pk}")
    assert section.rounds == stored.rounds == 7  # the grid's rounds, not the 3 typed
    rows = TableRound.objects.filter(section=section).select_related("ns_entry", "ew_entry")
    assert rows.count() == stored.rounds * stored.tables
    for row in rows:  # every round stored at once, exactly as drawn in the designer
        key = f"r{row.round}t{row.table}"
        assert (row.ns_entry.label, row.ew_entry.label) == (stored.cells[f"{key}ns"], stored.cells[f"{key}ew"])

    for row in rows.filter(round=1):  # NS make 10 tricks in 4S at table 1, 9 elsewhere: table 1's NS win
        for board in row.boards:
            tricks = "10" if row.table == 1 else "9"
            record_result(
                actor=None, section=section, board=int(board), ns=row.ns_entry.label, ew=row.ew_entry.label,
                contract="4S", declarer="S", tricks=tricks,
            )  # fmt: skip
    table = swiss_table(section)
    assert table.drawn == 7 and not table.can_draw
    first = {s.entry.label: s.rounds[0] for s in table.standings}
    for row in rows.filter(round=1):
        ns, ew = first[row.ns_entry.label], first[row.ew_entry.label]
        assert ns.opponent.label == row.ew_entry.label and ns.score is not None and ew.score is not None
        assert ns.score + ew.score == pytest.approx(20.0)  # a match's VPs share the 20
    with pytest.raises(DomainError, match="All 7 rounds are drawn"):
        draw_next_round(actor=None, section=section)
    page = director_client.get(f"/sessions/{session.pk}/swiss/").content.decode()
    assert 'id="swiss-draw"' not in page and 'id="swiss-round-7"' in page


def test_a_mitchell_club_movement_is_not_a_swiss(director_client):
    movement = generate("mitchell", 8)
    grid = grid_of(movement)
    data = {"kind": "mitchell", "tables": movement.tables, "rounds": movement.rounds, **grid}
    director_client.post("/movements/designer/", data | {"action": "save", "name": "Our Mitchell"})
    stored = ClubMovement.objects.get(name="Our Mitchell")
    assert str(stored.pk) not in dict(
        director_client.get("/sessions/new/swiss/").context["form"].fields["movement"].choices
    )
    with pytest.raises(ValidationError, match="is a Mitchell"):
        create_swiss(
            actor=None, event_name="S", date=datetime.date(2026, 11, 25), pairs=8, rounds=3, boards_per_round=2,
            scoring_method="butler", club_movement=stored.pk,
        )  # fmt: skip
