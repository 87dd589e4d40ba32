"""An individual session and the file formats: USEBIO writes it as its individual event (players, and four players
a traveller line: see test_usebio_individual.py); PBN writes its deals and the partnerships' results, which our PBN
reader takes back as an individual."""

from __future__ import annotations

import pytest

from tests.tournaments.services.test_individuals import CONTRACTS, new_individual
from tournaments.interchange.exporters import export_pbn
from tournaments.interchange.pbn import read_pbn
from tournaments.sessions.models import TableRound
from tournaments.sessions.services.results import record_result

pytestmark = pytest.mark.django_db


def test_an_individual_downloads_as_usebio_and_goes_out_as_pbn(director, director_client) -> None:
    session = new_individual(director_client)
    section = session.sections.get()
    rows = TableRound.objects.filter(section=section, round=1).select_related("ns_entry", "ew_entry")
    for i, row in enumerate(rows):
        for j, board in enumerate(row.boards):
            contract, declarer, tricks = CONTRACTS[(i + j) % len(CONTRACTS)]
            record_result(
                actor=director, section=section, board=board, ns=row.ns_entry.label, ew=row.ew_entry.label,
                contract=contract, declarer=declarer, tricks=tricks,
            )  # fmt: skip
    page = director_client.get(f"/interchange/sessions/{session.pk}/usebio/")
    assert page.status_code == 200 and b'EVENT_TYPE="INDIVIDUAL"' in page.content
    _name, text = export_pbn(session)
    assert text.count('[Board "') == 21 and "8-1" in text  # every board; the partnerships' lines by label
    # Read back as an individual: the partnerships by label, the players from them.
    record = read_pbn(text)
    assert record.individual and "8-1" in {p.label for p in record.pairs}
    assert [p.number for p in record.players] == list(range(1, 9))
