"""The movement designer for individuals: the four-seat grid, the validator's live answer, saving (audited),
export as our YAML with seats (a CSV is refused), import, and the session set-up offering the club's individual
of exactly the number of players typed; exact status codes throughout."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.services.factories import section_a
from tournaments.audit.models import AuditEntry
from tournaments.movements.designer import grid_of
from tournaments.movements.individual import individual
from tournaments.sessions.models import ClubMovement, Session, TableRound
from tournaments.sessions.reports.data import SessionData

pytestmark = pytest.mark.django_db

SETUP = {
    "event_name": "Individual night",
    "session_name": "Evening",
    "date": "2026-11-25",
    "scoring_method": "mp",
    "mp_scale": "ebu",
    "pairs_a": "8",
}


def _post(movement, **extra):
    data = {"kind": "individual", "tables": movement.tables, "rounds": movement.rounds, **grid_of(movement)}
    return data | extra


def _own_individual(director_client, players: int = 8, name: str = "Our individual") -> ClubMovement:
    """The laws' individual with North and South swapped at table 1 in round 1: sound, and not the generator's."""
    movement = individual(players)
    data = _post(movement, action="save", name=name)
    data["r1t1n"], data["r1t1s"] = data["r1t1s"], data["r1t1n"]
    assert director_client.post("/movements/designer/", data).status_code == 302
    return ClubMovement.objects.get(name=name)


def test_the_grid_checks_live_and_saves_with_an_audit_entry(director_client) -> None:
    movement = individual(8)
    page = director_client.get("/movements/designer/?kind=individual&tables=2&rounds=7")
    html = page.content.decode()
    assert page.status_code == 200 and 'name="r7t2w"' in html and 'name="r1t1ns"' not in html
    assert 'name="r1relay"' not in html
    bad = _post(movement)
    bad["r1t2w"] = bad["r1t1n"]
    answer = director_client.post("/movements/designer/", bad, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and "sits in 2 seats" in answer.content.decode()
    good = director_client.post("/movements/designer/", _post(movement), HTTP_HX_REQUEST="true")
    assert good.status_code == 200 and 'id="designer-sound"' in good.content.decode()
    assert "8 players, 2 tables, 7 rounds" in good.content.decode()
    assert not ClubMovement.objects.exists()  # checking writes nothing
    half = _post(movement, action="save", name="Broken")
    half["r1t1s"] = ""
    refused = director_client.post("/movements/designer/", half)
    assert refused.status_code == 400 and "seat both players" in refused.content.decode()
    assert not ClubMovement.objects.exists()
    saved = director_client.post("/movements/designer/", _post(movement, action="save", name="Individual 8"))
    assert saved.status_code == 302
    stored = ClubMovement.objects.get()
    assert (stored.kind, stored.tables, stored.rounds) == ("individual", 2, 7)
    assert AuditEntry.objects.filter(action="movement.save").count() == 1
    again = director_client.get(saved["Location"])
    assert again.status_code == 200
    assert f'name="r1t1e" value="{grid_of(movement)["r1t1e"]}"' in again.content.decode()


def test_export_as_yaml_with_seats_refuse_csv_and_import_back(director_client, tmp_path) -> None:
    stored = _own_individual(director_client)
    yaml = director_client.get(f"/movements/{stored.pk}/export/yaml/")
    assert yaml.status_code == 200 and b"  north: " in yaml.content
    assert yaml["Content-Disposition"] == 'attachment; filename="Our_individual.yaml"'
    csv = director_client.get(f"/movements/{stored.pk}/export/csv/")
    assert csv.status_code == 400 and "individual" in csv.content.decode()
    page = director_client.post(
        "/movements/designer/import/", {"file": SimpleUploadedFile("Our_individual.yaml", yaml.content)}
    )
    html = page.content.decode()
    assert page.status_code == 200 and 'name="r7t2w"' in html and 'id="designer-sound"' in html
    assert f'name="r1t1n" value="{stored.cells["r1t1n"]}"' in html
    assert ClubMovement.objects.count() == 1  # importing saves nothing


def test_set_up_offers_the_club_individual_of_the_exact_size_and_plays_it(director_client) -> None:
    stored = _own_individual(director_client)
    _own_individual(director_client, 12, "Twelve")
    page = director_client.post("/sessions/new/", {**SETUP, "stage": "1"})
    assert page.status_code == 200
    choices = dict(page.context["sections"][0][2].fields["choice"].choices)
    club = [value for value in choices if value.startswith("club|")]
    assert club == [f"club|{stored.pk}|7|3"]
    assert choices[club[0]] == "Our individual: individual for 8 players (2 tables, 7 rounds)"
    created = director_client.post("/sessions/new/", {**SETUP, "stage": "2", "sec-A-choice": club[0]})
    assert created.status_code == 302
    section = section_a(Session.objects.get())
    assert (section.movement_kind, section.movement_variant) == ("individual", f"club:{stored.pk}")
    first = TableRound.objects.get(section=section, round=1, table=1)
    cells = stored.cells
    assert first.ns_entry.label == f"{cells['r1t1n']}-{cells['r1t1s']}"
    rebuilt = SessionData.load(section.session).movement(section)
    assert rebuilt.kind == "individual" and rebuilt.pairs == 8 and rebuilt.description == "Our individual"
    players = director_client.get(f"/sessions/{section.session.pk}/players/")
    assert players.status_code == 200 and players.content.decode().count('name="') >= 8


def test_players_may_not_design_an_individual(client, role_user) -> None:
    client.force_login(role_user("player"))
    assert client.get("/movements/designer/?kind=individual").status_code == 403
    movement = individual(8)
    assert client.post("/movements/designer/", _post(movement, action="save", name="x")).status_code == 403
    assert not ClubMovement.objects.exists()
