"""Master points in USEBIO 1.2: read from the real published file, written where USEBIO puts them
(MASTER_POINT_TYPE and MPS_AWARDED_FLAG in EVENT, MASTER_POINTS_AWARDED and MASTER_POINT_TYPE in each PAIR,
after PLACE) and read back on import."""

from __future__ import annotations

import re

import pytest

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.exporters import export_usebio
from tournaments.interchange.importers import import_usebio
from tournaments.interchange.usebio import read_usebio
from tournaments.interchange.usebio_structure import check_structure
from tournaments.interchange.usebio_writer import write_usebio
from tournaments.sessions.models import MasterPointAward, PointsScheme
from tournaments.sessions.services import masterpoints
from tournaments.sessions.services.demo import build_demo_session


def test_the_published_mitchell_gives_each_pairs_award_and_type(mitchell_xml: bytes) -> None:
    record = read_usebio(mitchell_xml)
    assert record.master_point_type == "GREEN"
    by_place = {p.place: p.master_points for p in record.pairs}
    assert by_place["5"] == 14 and by_place["8"] == 8 and by_place["15"] == 0
    assert {p.master_point_type for p in record.pairs} == {"GREEN"}
    written = write_usebio(record).decode()
    check_structure(written)
    again = read_usebio(written)
    assert [(p.label, p.master_points) for p in again.pairs] == [(p.label, p.master_points) for p in record.pairs]


@pytest.mark.django_db
def test_importing_keeps_the_files_awards_and_exporting_writes_them_back(mitchell_xml: bytes) -> None:
    report = import_usebio(mitchell_xml, filename="mitchell.xml")
    record = read_usebio(mitchell_xml)
    awarded = {p.label: p.master_points for p in record.pairs if p.master_points}
    kept = {a.entry.label: a.points for a in MasterPointAward.objects.filter(session=report.session)}
    assert kept == awarded and len(kept) > 3
    assert set(MasterPointAward.objects.values_list("point_type", flat=True)) == {"GREEN"}


@pytest.mark.django_db
def test_our_awards_are_exported_in_usebios_elements_and_read_back() -> None:
    session = build_demo_session(tables=3, movement="howell", seed=31, quick=True)
    _, plain = export_usebio(session)
    assert b"MASTER_POINT" not in plain  # no scheme: nothing said about master points
    masterpoints.save_scheme(actor=None, event=session.event, scheme=PointsScheme(per_entry=5, point_type="BLACK"))
    _, data = export_usebio(session)
    text = data.decode()
    assert re.search(r"<DATE>[^<]*</DATE>\s*<MASTER_POINT_TYPE>BLACK</MASTER_POINT_TYPE>\s*<MPS_AWARDED_FLAG>Y<", text)
    assert re.search(r"</PLACE>\s*<MASTER_POINTS_AWARDED>30</MASTER_POINTS_AWARDED>\s*<MASTER_POINT_TYPE>BLACK<", text)
    back = read_usebio(data)
    ours = {a.entry.label: a.points for a in MasterPointAward.objects.filter(session=session)}
    assert {p.label: p.master_points for p in back.pairs if p.master_points} == ours
    assert sum(1 for p in back.pairs if p.master_points == 0) == len(back.pairs) - len(ours)


def test_an_award_that_is_not_a_whole_number_is_refused_naming_the_pair(mitchell_xml: bytes) -> None:
    bad = mitchell_xml.replace(b"<MASTER_POINTS_AWARDED>14<", b"<MASTER_POINTS_AWARDED>1.5<", 1)
    with pytest.raises(InterchangeError, match=r"MASTER_POINTS_AWARDED '1.5' is not a whole number"):
        read_usebio(bad)
