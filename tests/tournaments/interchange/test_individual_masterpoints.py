"""Master points in individual files: a USEBIO PLAYER's MASTER_POINTS_AWARDED and MASTER_POINT_TYPE (the element
names a PAIR's go under) are kept as the player's award on import and written back on export."""

from __future__ import annotations

import pytest

from tournaments.audit.models import AuditEntry
from tournaments.interchange.exporters import export_usebio
from tournaments.interchange.importers import import_usebio
from tournaments.interchange.usebio import read_usebio
from tournaments.sessions.models import PlayerAward

from .test_usebio_individual import individual_xml

pytestmark = pytest.mark.django_db

AWARD = "<MASTER_POINTS_AWARDED>{points}</MASTER_POINTS_AWARDED><MASTER_POINT_TYPE>GREEN</MASTER_POINT_TYPE>"


def _awarded_file() -> str:
    """Players 1 and 8 share first (87.5%): 12 green points each; player 4 gets 6."""
    text = individual_xml()
    for number, points in ((1, 12), (8, 12), (4, 6)):
        marker = f"<PLAYER_NUMBER>{number}</PLAYER_NUMBER>"
        start = text.index(marker)
        end = text.index("</PLAYER>", start)
        text = text[:end] + AWARD.format(points=points) + text[end:]
    return text


def test_the_players_awards_are_read_kept_and_audited() -> None:
    record = read_usebio(_awarded_file())
    assert [(p.number, p.master_points, p.master_point_type) for p in record.players if p.master_points] == [
        (1, 12, "GREEN"), (4, 6, "GREEN"), (8, 12, "GREEN")
    ]  # fmt: skip
    assert record.warnings == []
    report = import_usebio(_awarded_file().encode(), filename="individual.xml")
    kept = PlayerAward.objects.filter(session=report.session)
    assert [(a.player_number, a.name, a.points, a.point_type, a.place) for a in kept] == [
        (1, "Player 1", 12, "GREEN", "1="), (4, "Player 4", 6, "GREEN", "3="), (8, "Player 8", 12, "GREEN", "1=")
    ]  # fmt: skip
    entry = AuditEntry.objects.filter(action="session.imported").latest("pk")
    assert entry.new["master_points_awarded"] == 3


def test_the_awards_go_out_under_the_pairs_element_names_and_come_back() -> None:
    session = import_usebio(_awarded_file().encode(), filename="individual.xml").session
    _name, xml = export_usebio(session)
    text = xml.decode()
    assert "<MASTER_POINTS_AWARDED>12</MASTER_POINTS_AWARDED>" in text and "<MPS_AWARDED_FLAG>Y" in text
    again = read_usebio(xml)
    assert {p.number: (p.master_points, p.master_point_type) for p in again.players} == {
        n: ({1: 12, 8: 12, 4: 6}.get(n, 0), "GREEN") for n in range(1, 9)
    }


def test_an_individual_without_awards_writes_none() -> None:
    session = import_usebio(individual_xml().encode(), filename="plain.xml").session
    assert not PlayerAward.objects.filter(session=session).exists()
    assert b"MASTER_POINTS_AWARDED" not in export_usebio(session)[1]
