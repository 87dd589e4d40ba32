"""A relay declared in the movement designer: round by round, the tables that share one board set. The validator
takes the declared sharing as by design (no "at once" message), refuses a relay whose tables hold other boards,
the YAML export marks the movement a relay and reads back with it, and the guide cards show it."""

from __future__ import annotations

import datetime
import subprocess

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.services.factories import section_a
from tournaments.movements import MovementError, load_bridgescorer_yaml, validate
from tournaments.movements.designer import check_design, design_from_grid, grid_of
from tournaments.movements.variants import share_relay_mitchell
from tournaments.sessions import reports
from tournaments.sessions.models import ClubMovement
from tournaments.sessions.reports.data import SessionData
from tournaments.sessions.reports.guidecards import _describe
from tournaments.sessions.selectors.designs import movement_of
from tournaments.sessions.services.sessions import SectionSpec, create_session

RELAY = share_relay_mitchell(16)  # 8 tables: table 8 shares table 1's board set in every round


def _read(grid):
    return design_from_grid(grid, kind="mitchell", rounds=RELAY.rounds, tables=RELAY.tables)


def test_a_declared_relay_is_read_and_passes_the_validator() -> None:
    grid = grid_of(RELAY)
    assert grid["r1relay"] == "1, 8"
    movement = _read(grid)
    assert [(s.round, s.tables, s.boards) for s in movement.shares] == [
        (s.round, s.tables, s.boards) for s in RELAY.shares
    ]
    assert movement.relay_tables == (1, 8)
    check = check_design(movement)
    assert check.ok, check.errors
    undeclared = _read({k: v for k, v in grid.items() if not k.endswith("relay")})
    assert any("at tables 1, 8 at once" in e for e in check_design(undeclared).errors)


def test_a_relay_whose_tables_hold_other_boards_or_is_mistyped_is_refused() -> None:
    grid = grid_of(RELAY) | {"r2relay": "1, 2"}
    check = check_design(_read(grid))
    assert "Round 2: the relay's tables 1, 2 do not hold the same boards." in check.errors
    for bad in ("1", "1, 9", "1, x"):
        with pytest.raises(MovementError, match="a relay names two or more of tables 1 to 8"):
            _read(grid_of(RELAY) | {"r3relay": bad})


@pytest.mark.django_db
def test_saved_exported_imported_and_on_the_guide_cards(director_client, tmp_path) -> None:
    data = {"kind": "mitchell", "tables": RELAY.tables, "rounds": RELAY.rounds, **grid_of(RELAY)}
    page = director_client.post("/movements/designer/", data | {"action": "check"}).content.decode()
    assert 'name="r1relay" value="1, 8"' in page and "designer-sound" in page
    saved = director_client.post("/movements/designer/", data | {"action": "save", "name": "Club eight"})
    assert saved.status_code == 302
    stored = ClubMovement.objects.get()
    assert stored.cells["r1relay"] == "1, 8" and movement_of(stored).relay_tables == (1, 8)

    yaml = director_client.get(f"/movements/{stored.pk}/export/yaml/")
    assert b'name: "MitchellClubeightRelay"' in yaml.content  # the shape's one way to say it: "Relay" in the name
    path = tmp_path / "relay.yaml"
    path.write_bytes(yaml.content)
    assert validate(load_bridgescorer_yaml(path)).ok
    back = director_client.post(
        "/movements/designer/import/", {"file": SimpleUploadedFile("relay.yaml", yaml.content)}
    ).content.decode()
    assert 'name="r1relay" value="1, 8"' in back and "designer-sound" in back

    spec = SectionSpec(pairs=16, kind="club", variant=str(stored.pk), boards_per_round=RELAY.boards_per_round)
    session = create_session(actor=None, event_name="E", date=datetime.date(2026, 11, 25), sections=[spec])
    movement = SessionData.load(session).movement(section_a(session))
    assert "tables 1 and 8 share boards (relay)" in _describe(movement)
    _, _, content = reports.render("guide-cards", session, paper="a4")
    text = _pdf_text(content, tmp_path)
    table1 = text.split("Table 1\n")[1].split("Table 2\n")[0]
    assert "(relay)" in table1 and "share boards with table 8" in table1


def _pdf_text(content: bytes, folder) -> str:
    path = folder / "cards.pdf"
    path.write_bytes(content)
    return subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, text=True, check=True).stdout
