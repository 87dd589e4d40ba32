"""Fixtures for the party tests: a 3-table mixed party, set up and started through the services."""

from __future__ import annotations

import datetime

import pytest

from tournaments.parties import services
from tournaments.parties.models import Party

GUESTS_3_TABLES = "\n".join([f"Lady {c} L" for c in "ABCDEF"] + [f"Gent {c} G" for c in "ABCDEF"])


@pytest.fixture
def party(director) -> Party:
    """A 3-table mixed Progressive Bridge party, guests listed, tally cards not yet drawn."""
    p = services.create_party(
        actor=director,
        name="Spring party",
        date=datetime.date(2026, 3, 14),
        tables=3,
        mixed=True,
        tie_rule="north_south",
        prizes=["highest", "second", "booby", "ladies_highest", "gentlemen_highest", "first_slam"],
    )
    services.set_guests(actor=director, party=p, text=GUESTS_3_TABLES)
    return p


@pytest.fixture
def started(party, director) -> Party:
    services.start_party(actor=director, party=party)
    party.refresh_from_db()
    return party
