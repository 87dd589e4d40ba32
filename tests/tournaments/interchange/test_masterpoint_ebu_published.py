"""The EBU form of the master-point file checked against what the EBU's format says where it can be read (nobody
outside the EBU can try its upload; docs/interchange.md, "What was checked"):

- a published results file that names the EBU's USEBIO 1.2 DTD (`../shared/realdata/usebio`, Compscore3): the
  elements of EVENT and their order, P2P_CHARGE_RATE after SECTION_COUNT and before the participants;
- open-source readers of EBU files: CLUB_NAME and CLUB_ID_NUMBER mandatory, DATE mandatory, EVENT_TYPE PAIRS
  (MP_PAIRS deprecated), MASTER_POINT_SCALE mandatory in 1.2 once MPS_AWARDED_FLAG is not N; a P2P checker that
  flags every PLAYER without a NATIONAL_ID_NUMBER and reads P2P_CHARGE_RATE as the session's charge code;
- the EBU's forum and a scoring service's help: the charge code is a two-digit code (10 a club session, 50 and
  60 Blue- and Green-pointed events, 02 "null" for the overall file of a multi-session event).
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from django.core.management import call_command

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.masterpoint_files import EbuDetails, export_masterpoints
from tournaments.interchange.usebio import read_usebio
from tournaments.interchange.usebio_structure import check_structure
from tournaments.sessions.models import PointsScheme
from tournaments.sessions.services import masterpoints
from tournaments.sessions.services.demo import build_demo_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def awarded():
    session = build_demo_session(tables=3, movement="howell", seed=31, quick=True)
    masterpoints.save_scheme(actor=None, event=session.event, scheme=PointsScheme(per_entry=5, point_type="GREEN"))
    return session


def _event_tags(data: bytes) -> list[str]:
    event = ET.fromstring(data).find("EVENT")
    assert event is not None
    return [child.tag for child in event]


def test_the_ebu_file_holds_what_the_published_readers_require(awarded) -> None:
    _, data = export_masterpoints(awarded, "ebu", EbuDetails("2074", "3212", "Club", "10"))
    check_structure(data)
    root = ET.fromstring(data)
    assert root.get("Version") == "1.2"
    assert root.findtext("CLUB/CLUB_NAME") and root.findtext("CLUB/CLUB_ID_NUMBER") == "2074"
    event = root.find("EVENT")
    assert event is not None and event.get("EVENT_TYPE") in ("PAIRS", "MP_PAIRS")  # MP_PAIRS as 1.2 files write it
    assert event.findtext("DATE") and event.findtext("EVENT_DESCRIPTION") and event.findtext("EVENT_IDENTIFIER")
    assert event.findtext("MPS_AWARDED_FLAG") == "Y" and event.findtext("MASTER_POINT_SCALE") == "Club"
    assert event.findtext("P2P_CHARGE_RATE") == "10"
    players = root.findall(".//PLAYER")
    assert players and all(p.findtext("PLAYER_NAME") and p.findtext("NATIONAL_ID_NUMBER") for p in players)
    assert read_usebio(data).p2p_charge_rate == "10"


def test_the_event_elements_come_in_the_published_files_order(awarded, mitchell_xml: bytes) -> None:
    published = _event_tags(mitchell_xml)
    _, data = export_masterpoints(awarded, "ebu", EbuDetails("2074", "", "Club", "10"))
    ours = _event_tags(data)
    shared = [tag for tag in dict.fromkeys(ours) if tag in published]
    assert shared == [tag for tag in dict.fromkeys(published) if tag in shared]  # the same relative order
    for tag in ("EVENT_IDENTIFIER", "DATE", "MASTER_POINT_SCALE", "MASTER_POINT_TYPE", "MPS_AWARDED_FLAG"):
        assert tag in shared
    assert ours.index("SECTION_COUNT") < ours.index("P2P_CHARGE_RATE") < ours.index("PARTICIPANTS")


def test_without_a_charge_code_the_element_is_left_out(awarded) -> None:
    _, data = export_masterpoints(awarded, "ebu", EbuDetails("2074"))
    assert b"P2P_CHARGE_RATE" not in data
    _, plain = export_masterpoints(awarded, "usebio", EbuDetails("2074", "", "Club", "10"))
    assert b"P2P_CHARGE_RATE" not in plain  # only the EBU's form carries it


@pytest.mark.parametrize("code", ["1", "100", "ab", "1O"])
def test_a_charge_code_is_two_digits(awarded, code) -> None:
    with pytest.raises(InterchangeError, match="two digits"):
        export_masterpoints(awarded, "ebu", EbuDetails("2074", "", "Club", code))


def test_the_command_and_the_page_take_the_charge_code(awarded, director_client, tmp_path) -> None:
    out = tmp_path / "ebu.xml"
    call_command(
        "export_masterpoints", str(awarded.pk), "--form", "ebu", "--club-number", "2074", "--charge-code", "02",
        "-o", str(out), stdout=io.StringIO(),
    )  # fmt: skip
    assert b"<P2P_CHARGE_RATE>02</P2P_CHARGE_RATE>" in out.read_bytes()
    page = director_client.get(f"/interchange/sessions/{awarded.pk}/masterpoints/?form=ebu&club=2074&charge=60")
    assert page.status_code == 200 and b"<P2P_CHARGE_RATE>60</P2P_CHARGE_RATE>" in page.content
    bad = director_client.get(f"/interchange/sessions/{awarded.pk}/masterpoints/?form=ebu&club=2074&charge=6")
    assert bad.status_code == 400
