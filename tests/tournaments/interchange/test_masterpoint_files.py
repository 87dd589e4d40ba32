"""Master-point award files in the national bodies' forms (interchange/masterpoint_files.py): USEBIO 1.2, the EBU's
(club number, event code, status, colour, guest number), and the ACBL's refused with the reason. Each file written
reads back through our USEBIO reader with the awards the session holds, and imports back as a session with them."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.importers import import_usebio
from tournaments.interchange.masterpoint_files import EBU_GUEST, EbuDetails, export_masterpoints
from tournaments.interchange.usebio import read_usebio
from tournaments.interchange.usebio_structure import check_structure
from tournaments.sessions.models import MasterPointAward, PointsScheme
from tournaments.sessions.services import masterpoints
from tournaments.sessions.services.demo import build_demo_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def awarded():
    """A finished demo Howell whose event awards 5 points an entry, as LOCAL points (the EBU's black)."""
    session = build_demo_session(tables=3, movement="howell", seed=31, quick=True)
    masterpoints.save_scheme(actor=None, event=session.event, scheme=PointsScheme(per_entry=5, point_type="LOCAL"))
    return session


def _ours(session) -> dict[str, int]:
    return {a.entry.label: a.points for a in MasterPointAward.objects.filter(session=session)}


def test_the_ebu_form_carries_the_club_event_status_colour_and_guests(awarded) -> None:
    guest = awarded.sections.get().entries.order_by("number").first().players.order_by("pk").first()
    guest.national_id = ""
    guest.save(update_fields=["national_id"])
    name, data = export_masterpoints(awarded, "ebu", EbuDetails("1234", "EV7", "District"))
    assert name.endswith("-ebu-masterpoints.xml")
    check_structure(data)
    record = read_usebio(data)
    assert (record.club_id, record.event_id, record.master_point_scale) == ("1234", "EV7", "District")
    assert record.master_point_type == "BLACK" and b"<MPS_AWARDED_FLAG>Y</MPS_AWARDED_FLAG>" in data
    assert {p.label: p.master_points for p in record.pairs if p.master_points} == _ours(awarded) != {}
    assert all(p.master_points == 0 for p in record.pairs if p.label not in _ours(awarded))
    assert {p.master_point_type for p in record.pairs} == {"BLACK"}
    numbers = {pl.name: pl.national_id for p in record.pairs for pl in p.players}
    assert numbers[guest.name] == EBU_GUEST  # a player without an EBU number: the EBU's guest number
    assert sum(1 for n in numbers.values() if n == EBU_GUEST) == 1 and all(n.isdigit() for n in numbers.values())
    back = import_usebio(data, filename="ebu.xml").session
    assert _ours(back) == _ours(awarded)
    assert set(MasterPointAward.objects.filter(session=back).values_list("point_type", flat=True)) == {"BLACK"}


def test_the_usebio_form_keeps_the_schemes_type_and_the_players_numbers(awarded) -> None:
    entry = awarded.sections.get().entries.order_by("number").first()
    player = entry.players.order_by("pk").first()
    player.national_id = "66151"
    player.save(update_fields=["national_id"])
    _, data = export_masterpoints(awarded, "usebio")
    record = read_usebio(data)
    assert record.master_point_type == "LOCAL" and record.master_point_scale == ""
    assert b"MASTER_POINT_SCALE" not in data
    assert {p.label: p.master_points for p in record.pairs if p.master_points} == _ours(awarded)
    numbers = {pl.national_id for p in record.pairs for pl in p.players}
    assert "66151" in numbers and EBU_GUEST not in numbers


def test_an_imported_files_awards_go_out_in_the_ebu_form(mitchell_xml: bytes) -> None:
    session = import_usebio(mitchell_xml, filename="mitchell.xml").session
    _, data = export_masterpoints(session, "ebu", EbuDetails("2074"))
    record = read_usebio(data)
    file = read_usebio(mitchell_xml)
    assert record.event_id == str(session.pk) and record.master_point_scale == "Club"
    assert {p.label: p.master_points for p in record.pairs} == {p.label: p.master_points for p in file.pairs}
    assert record.master_point_type == "GREEN"


def test_what_cannot_be_written_is_refused_with_the_reason(awarded, mitchell_xml: bytes) -> None:
    with pytest.raises(InterchangeError, match="ACBL's club masterpoint report has no published specification"):
        export_masterpoints(awarded, "acbl")
    with pytest.raises(InterchangeError, match="club's EBU number"):
        export_masterpoints(awarded, "ebu", EbuDetails(""))
    with pytest.raises(InterchangeError, match="Club, District, County or Regional status, not National"):
        export_masterpoints(awarded, "ebu", EbuDetails("1234", scale="National"))
    masterpoints.save_scheme(actor=None, event=awarded.event, scheme=PointsScheme(per_entry=5, point_type="RED"))
    with pytest.raises(
        InterchangeError, match="black \\(local\\), blue and green points; this session's points are RED"
    ):
        export_masterpoints(awarded, "ebu", EbuDetails("1234"))
    plain = build_demo_session(tables=3, movement="howell", seed=32, quick=True)
    with pytest.raises(InterchangeError, match="No master points are awarded in this session"):
        export_masterpoints(plain, "usebio")


def test_the_command_writes_each_form_and_exits_2_for_the_acbl(awarded, tmp_path) -> None:
    out = tmp_path / "ebu.xml"
    call_command(
        "export_masterpoints", str(awarded.pk), "--form", "ebu", "--club-number", "1234", "--scale", "County",
        "-o", str(out), stdout=io.StringIO(),
    )  # fmt: skip
    assert read_usebio(out.read_bytes()).master_point_scale == "County"
    with pytest.raises(CommandError, match="no published specification") as error:
        call_command("export_masterpoints", str(awarded.pk), "--form", "acbl", "-o", str(tmp_path / "a.xml"))
    assert error.value.returncode == 2 and not (tmp_path / "a.xml").exists()


def test_the_director_downloads_it_from_the_results_page(awarded, director_client, role_user) -> None:
    section = awarded.sections.get()
    page = director_client.get(f"/sessions/{awarded.pk}/standings/?section={section.letter}").content.decode()
    url = f"/interchange/sessions/{awarded.pk}/masterpoints/"
    assert 'id="awards-download"' in page and f'action="{url}"' in page
    response = director_client.get(url, {"form": "ebu", "club": "1234", "code": "", "scale": "Club"})
    assert response.status_code == 200 and response["Content-Type"] == "application/xml; charset=utf-8"
    assert "-ebu-masterpoints.xml" in response["Content-Disposition"]
    assert {p.label: p.master_points for p in read_usebio(response.content).pairs if p.master_points} == _ours(awarded)
    refused = director_client.get(url, {"form": "acbl"})
    assert refused.status_code == 400 and "no published specification" in refused.content.decode()
    assert director_client.get(url, {"form": "ebu"}).status_code == 400  # no club number
    assert director_client.post(url, {"form": "usebio"}).status_code == 405
    scorer = Client()
    scorer.force_login(role_user("scorer"))
    assert scorer.get(url, {"form": "usebio"}).status_code == 403
    assert "awards-download" not in scorer.get(f"/sessions/{awarded.pk}/standings/").content.decode()
