"""The movement designer: the grid, the validator's live answer, saving a club movement (audited), exporting and
importing the bridgescorer YAML and howellki CSV shapes, and who may use it."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.shared_data import need_shared
from tournaments.audit.models import AuditEntry
from tournaments.movements import MovementError, generate, load_bridgescorer_yaml, validate
from tournaments.movements.designer import check_design, design_from_grid, grid_of, parse_boards
from tournaments.sessions.models import ClubMovement


def _post(movement, **extra):
    data = {"kind": movement.kind, "tables": movement.tables, "rounds": movement.rounds, **grid_of(movement)}
    return data | extra


def test_grid_round_trip_keeps_the_movement_sound() -> None:
    for kind, pairs in (("howell", 8), ("mitchell", 14), ("howell", 9)):
        movement = generate(kind, pairs)
        again = design_from_grid(grid_of(movement), kind=kind, rounds=movement.rounds, tables=movement.tables)
        assert [r.to_json() for r in again.rows] == [r.to_json() for r in movement.rows]
        assert check_design(again).ok and validate(again).ok


def test_the_validator_names_a_meeting_twice_and_a_board_replayed() -> None:
    movement = generate("howell", 8)
    grid = grid_of(movement)
    grid["r2t1ns"], grid["r2t1ew"], grid["r2t1b"] = grid["r1t1ns"], grid["r1t1ew"], grid["r1t1b"]
    check = check_design(design_from_grid(grid, kind="howell", rounds=movement.rounds, tables=movement.tables))
    assert not check.ok
    assert any("meet 2 times" in e for e in check.errors) or any("seated at 2 tables" in e for e in check.errors)
    assert any("plays board" in e for e in check.errors)


def test_unbalanced_comparisons_are_a_warning() -> None:
    grid = {"r1t1ns": "1", "r1t1ew": "2", "r1t1b": "1-2", "r1t2ns": "3", "r1t2ew": "4", "r1t2b": "1"}
    check = check_design(design_from_grid(grid, kind="howell", rounds=1, tables=2))
    assert check.warnings and "Unbalanced comparisons" in check.warnings[0]


@given(st.text(max_size=30))
@settings(max_examples=200, deadline=None)
def test_any_typed_boards_are_read_or_refused_with_a_message(text: str) -> None:
    try:
        boards = parse_boards(text)
    except MovementError as error:
        assert str(error)
    else:
        assert all(1 <= b <= 999 for b in boards)


@given(st.dictionaries(st.sampled_from(["r1t1ns", "r1t1ew", "r1t1b", "r2t1ns", "r1t2ew"]), st.text(max_size=8)))
@settings(max_examples=200, deadline=None)
def test_any_typed_grid_is_read_or_refused_with_a_message(values: dict[str, str]) -> None:
    try:
        movement = design_from_grid(values, kind="howell", rounds=2, tables=2)
    except MovementError as error:
        assert str(error)
    else:
        check_design(movement)


@pytest.mark.django_db
def test_designer_checks_live_and_saves_with_an_audit_entry(director_client) -> None:
    movement = generate("howell", 8)
    page = director_client.get("/movements/designer/?kind=howell&tables=4&rounds=7")
    assert page.status_code == 200 and 'name="r7t4b"' in page.content.decode()
    bad = _post(movement)
    bad["r2t1ns"], bad["r2t1ew"] = bad["r1t1ns"], bad["r1t1ew"]
    answer = director_client.post("/movements/designer/", bad, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and "designer-errors" in answer.content.decode()
    good = director_client.post("/movements/designer/", _post(movement), HTTP_HX_REQUEST="true")
    assert "designer-sound" in good.content.decode()
    assert not ClubMovement.objects.exists()  # checking writes nothing
    saved = director_client.post("/movements/designer/", _post(movement, action="save", name="Our 4-table Howell"))
    assert saved.status_code == 302
    stored = ClubMovement.objects.get()
    assert stored.name == "Our 4-table Howell" and (stored.tables, stored.rounds) == (4, 7)
    assert AuditEntry.objects.filter(action="movement.save").count() == 1
    again = director_client.get(saved["Location"]).content.decode()
    assert "Our 4-table Howell" in again and f'value="{movement.row_at(1, 1).ns}"' in again
    nameless = director_client.post("/movements/designer/", _post(movement, action="save", name=" "))
    assert nameless.status_code == 400 and ClubMovement.objects.count() == 1


@pytest.mark.django_db
def test_export_and_import_the_file_shapes(director_client, tmp_path) -> None:
    movement = generate("howell", 8)
    director_client.post("/movements/designer/", _post(movement, action="save", name="H8"))
    stored = ClubMovement.objects.get()
    yaml = director_client.get(f"/movements/{stored.pk}/export/yaml/")
    assert yaml.status_code == 200 and "attachment" in yaml["Content-Disposition"]
    path = tmp_path / "h8.yaml"
    path.write_bytes(yaml.content)
    assert validate(load_bridgescorer_yaml(path)).ok
    csv = director_client.get(f"/movements/{stored.pk}/export/csv/")
    assert csv.status_code == 200 and csv.content
    assert director_client.get(f"/movements/{stored.pk}/export/pdf/").status_code == 404
    real = (need_shared() / "realdata" / "movements" / "bridgescorer-yaml" / "Movement.Howell08T4B21.yaml").read_bytes()
    page = director_client.post(
        "/movements/designer/import/", {"file": SimpleUploadedFile("Howell08T4B21.yaml", real)}
    ).content.decode()
    assert 'name="r7t4ns"' in page and "designer-sound" in page and 'value="Howell08T4B21"' in page
    bad = director_client.post("/movements/designer/import/", {"file": SimpleUploadedFile("x.yaml", b"\xff\x00")})
    assert bad.status_code == 302
    assert ClubMovement.objects.count() == 1  # importing saves nothing


@pytest.mark.django_db
def test_players_may_not_design(client, role_user) -> None:
    client.force_login(role_user("player"))
    assert client.get("/movements/designer/").status_code == 403
    assert client.post("/movements/designer/", {"action": "save", "name": "x"}).status_code == 403
    assert not ClubMovement.objects.exists()
