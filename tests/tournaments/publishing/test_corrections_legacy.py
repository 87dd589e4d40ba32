"""Corrections listed before they were kept in words (field=value rows only) read as sentences too: worded from
their audit entry's old and new snapshots, or from the stored rows when no entry matches."""

import pytest

from tests.tournaments.publishing.test_publishing import played  # noqa: F401  (the fixture)
from tournaments.publishing import services
from tournaments.publishing.models import Correction
from tournaments.sessions.models import Result
from tournaments.sessions.services.results import change_result, delete_result

pytestmark = pytest.mark.django_db


def _as_before_words(correction: Correction, **override: object) -> None:
    """The row as the first wave stored it: no "text" (a raw update: the old release wrote it so)."""
    changes = [{k: v for k, v in ch.items() if k != "text"} | override for ch in correction.changes]
    Correction.objects.filter(pk=correction.pk).update(changes=changes)


def corrections_html(client, section) -> str:
    return client.get(f"/results/{section.session_id}/").content.decode().split('id="corrections"')[1]


def test_an_old_correction_is_worded_from_its_audit_entry(client, played):  # noqa: F811
    services.publish(actor=None, session=played.session)
    result = Result.objects.get(section=played, board__number=1, ns_entry__label="4NS")
    change_result(actor=None, result=result, contract="4S", declarer="N", tricks="=", why="Traveller misread")
    _as_before_words(Correction.objects.get())
    assert "text" not in Correction.objects.get().changes[0]
    html = corrections_html(client, played)
    assert "Board 1 (4NS v 4EW): 4S by N made 10 tricks, was 9; NS +420, was -50" in html
    for raw in ("ns_score", "tricks=", "→", "{"):
        assert raw not in html
    assert "text" not in Correction.objects.get().changes[0]  # reading wrote nothing


def test_without_its_audit_entry_the_stored_rows_are_worded(client, played):  # noqa: F811
    services.publish(actor=None, session=played.session)
    result = Result.objects.get(section=played, board__number=1, ns_entry__label="4NS")
    change_result(actor=None, result=result, contract="4S", declarer="N", tricks="=", why="Traveller misread")
    first = Correction.objects.get()
    _as_before_words(first, when="2020-01-01T00:00:00+00:00")
    delete_result(actor=None, result=Result.objects.get(pk=result.pk), why="Wrong table")
    second = Correction.objects.exclude(pk=first.pk).get()
    _as_before_words(second, when="2020-01-01T00:00:00+00:00")
    html = corrections_html(client, played)
    assert "Board 1 (4NS v 4EW): made 10 tricks, was 9; NS +420, was -50" in html
    assert "Board 1 (4NS v 4EW): result removed (was 4S by N made 10 tricks; NS +420)" in html
    assert "ns_score" not in html and "→" not in html
