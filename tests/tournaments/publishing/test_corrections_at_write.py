"""Corrections are recorded by the write that makes them (the section's version bump), not by the next reader:
a change to a public session is listed before anyone opens a page, and a change rolled back lists nothing."""

import pytest
from django.db import transaction

from tests.tournaments.services.factories import make_session, section_a
from tournaments.core.errors import FINISHED, DomainError, status_of
from tournaments.publishing import services
from tournaments.publishing.models import Correction
from tournaments.sessions.models import Result, Section
from tournaments.sessions.services.results import FinishedSessionError, change_result, record_result
from tournaments.sessions.services.sessions import SectionSpec, add_late_pair, set_status

pytestmark = pytest.mark.django_db


@pytest.fixture
def published():
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
    record_result(actor=None, section=section, board=1, ns="4", ew="4", contract="4S", declarer="N", tricks="-1")
    services.publish(actor=None, session=section.session)
    return section


def test_a_change_to_a_public_session_is_listed_at_once_without_a_reader(published):
    result = Result.objects.get(section=published, board__number=1, ns_entry__label="4NS")
    change_result(actor=None, result=result, contract="4S", declarer="N", tricks="=", why="Traveller misread")
    correction = Correction.objects.get()
    assert [c["why"] for c in correction.changes] == ["Traveller misread"] and len(correction.moves) == 4


def test_a_change_rolled_back_lists_no_correction(published):
    result = Result.objects.get(section=published, board__number=1, ns_entry__label="4NS")
    with pytest.raises(RuntimeError), transaction.atomic():
        change_result(actor=None, result=result, contract="4S", declarer="N", tricks="=", why="Never kept")
        raise RuntimeError("the caller's transaction fails after the save")
    assert not Correction.objects.exists()
    assert Result.objects.get(pk=result.pk).tricks == 9


def test_a_finished_session_refuses_with_the_one_domain_error(published):
    set_status(actor=None, session=published.session, status="finished")
    result = Result.objects.get(section=published, board__number=1, ns_entry__label="4NS")
    with pytest.raises(DomainError) as refused:
        change_result(actor=None, result=result, contract="4S", declarer="N", tricks="=")
    assert isinstance(refused.value, FinishedSessionError) and refused.value.code == FINISHED
    assert status_of(refused.value) == 403 and refused.value.field == "board"


def test_a_late_pair_gets_its_table_link_when_the_movement_is_made_again():
    from tournaments.tableside.models import TableLink

    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    add_late_pair(actor=None, section=section, names=["Late", "Comer"])
    tables = Section.objects.get(pk=section.pk).tables
    live = TableLink.objects.filter(section=section, revoked_at__isnull=True).values_list("table", flat=True)
    assert sorted(live) == list(range(1, tables + 1)) and tables == 5
