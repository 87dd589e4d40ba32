"""The new conventions (issue #26) against a real published session: Compscore3's Mitchell in ../shared/realdata
prints each board on its own top (34 where a board was played 18 times, not 36) and takes percentages over the
full top. Turned the other way, each convention is named as what explains the lines or pairs that then differ."""

from __future__ import annotations

import pytest

from tournaments.interchange.importers import import_usebio
from tournaments.sessions.services.conventions import update_conventions

from .published_counts import published_counts

pytestmark = pytest.mark.django_db


def test_factored_travellers_on_the_real_mitchell_are_named_as_the_difference(mitchell_xml: bytes) -> None:
    session = import_usebio(mitchell_xml, filename="mp_pairs_mitchell.xml").session
    assert session.traveller_factored is False  # Compscore3 prints each board's own top
    update_conventions(session, actor=None, traveller_factored=True)
    counts = published_counts(session.pk)
    lines = counts["lines"]
    assert set(lines["explained"]) == {"traveller_factored=off"} and lines["explained"]["traveller_factored=off"] > 0
    assert lines["unexplained"] == lines["file_inconsistent"] == 0
    assert counts["pairs"]["unexplained"] == 0  # totals and percentages do not change


def test_percentages_over_the_sum_of_tops_on_the_real_mitchell_are_named_as_the_difference(
    mitchell_xml: bytes,
) -> None:
    session = import_usebio(mitchell_xml, filename="mp_pairs_mitchell.xml").session
    before = published_counts(session.pk)
    update_conventions(session, actor=None, percentage_basis="sum_of_tops")
    counts = published_counts(session.pk)
    assert counts["lines"] == before["lines"]  # travellers and totals are the same
    pairs = counts["pairs"]
    assert pairs["explained"].get("percentage_basis=full_top", 0) > 0
    assert pairs["unexplained"] == before["pairs"]["unexplained"]
