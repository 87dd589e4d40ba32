"""A poll's one query compiled once per process (core/compiled.py, issue 24): the same values as the ORM's own
read (converters applied: dates, sums), scoped to the current club (another club's session is not found, and a
compiled read made without a club is not reused with one), and a 304 still needs the director's login."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.tournaments.services.factories import make_session, section_a
from tournaments.clubs.models import Club
from tournaments.core import compiled
from tournaments.core.tenancy import using_club
from tournaments.sessions.models import Event, Session
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.sessions.views.live import _state_query
from tournaments.tableside.models import RoundTimer
from tournaments.tableside.polls import _CLOCK

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))


def _read(pk: int) -> tuple[object, ...] | None:
    return compiled.first_row(Session, ("test", _CLOCK), lambda row: _state_query(row, _CLOCK), pk)


def test_the_compiled_read_gives_what_the_orm_gives_with_dates_converted(section):
    started = timezone.now().replace(microsecond=0)
    RoundTimer.objects.create(session_id=section.session_id, started_at=started, minutes=15, paused_seconds=3)
    expected = tuple(_state_query(section.session_id, _CLOCK)[0])
    assert _read(section.session_id) == expected
    assert _read(section.session_id) == expected  # and again, from the SQL kept
    assert expected[2] == started and isinstance(expected[1], int)
    assert _read(section.session_id + 1000) is None


def test_the_compiled_read_is_scoped_to_the_current_club_and_is_one_query(section):
    club = Event.objects.get(pk=section.session.event_id).tenant_id
    other = Club.objects.create(slug="other", name="Other club")
    assert _read(section.session_id) is not None  # compiled without a club first: not reused with one
    with using_club(other.pk):
        assert _read(section.session_id) is None  # another club's session is not found
    with using_club(club), CaptureQueriesContext(connection) as queries:
        assert _read(section.session_id) is not None
    assert len(queries) == 1 and 'IN (SELECT "tournaments_event"."id"' in queries[0]["sql"]


def test_a_304_of_the_live_panel_and_the_screen_still_needs_the_director(director_client, section):
    hx = {"HTTP_HX_REQUEST": "true"}
    for url in (f"/live/{section.session_id}/", f"/live/{section.session_id}/screen/"):
        first = director_client.get(url, **hx)
        assert first.status_code == 200
        assert director_client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **hx).status_code == 304
        anonymous = Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"], **hx)
        assert anonymous.status_code == 302  # to the login, never a 304


def test_a_table_link_is_read_by_its_token_as_the_orm_reads_it_and_only_in_its_club(section):
    from tournaments.tableside import services as tableside
    from tournaments.tableside.poll_tags import _by_token, live_version

    link = tableside.issue_links(section)[0]
    live = live_version(link.token)
    assert live is not None and live.pk == link.pk and live.section_id == section.pk
    assert compiled.first_row(type(link), "test-token", _by_token, link.token) == tuple(_by_token(link.token)[0])
    assert live_version(link.token[:-1] + ("x" if link.token[-1] != "x" else "y")) is None
    club = Event.objects.get(pk=section.session.event_id).tenant_id
    other = Club.objects.create(slug="other", name="Other club")
    with using_club(club):
        assert live_version(link.token) == live
    with using_club(other.pk):
        assert live_version(link.token) is None
