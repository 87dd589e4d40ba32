"""What scoping to the current club costs (issue 24): no query of its own, and the same rows as the ORM's subquery.

`ClubScoped` puts the owners' subquery in every lookup of a club's root; it is compiled once per process
(`_owners_sql`) rather than in every lookup. These tests hold it to the same SQL meaning and to no extra query.
"""

from __future__ import annotations

import pytest
from django.db import models

from tests.tournaments.services.factories import make_session, section_a
from tournaments.clubs.models import Club
from tournaments.core.tenancy import ClubScoped, using_club
from tournaments.sessions.models import Event, Session
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))


def test_a_scoped_lookup_is_one_query_with_the_owners_subquery(section, django_assert_num_queries):
    club = Event.objects.get(pk=section.session.event_id).tenant_id
    other = Club.objects.create(slug="other", name="Other club")
    with using_club(club), django_assert_num_queries(1) as captured:
        assert Session.objects.select_related("event").get(pk=section.session_id).pk == section.session_id
    sql = captured.captured_queries[0]["sql"]
    assert 'IN (SELECT "tournaments_event"."id"' in sql and '"tenant_id" = ' in sql
    with using_club(other.pk):
        assert not Session.objects.filter(pk=section.session_id).exists()  # another club's session is not found


def test_the_compiled_condition_finds_the_rows_the_orm_subquery_finds(section):
    club = Event.objects.get(pk=section.session.event_id).tenant_id
    other = Club.objects.create(slug="other", name="Other club")
    with using_club(other.pk):
        Event.objects.create(name="Other event")
    for current in (club, other.pk):
        inner = Event._base_manager.filter(tenant_id=current).values("pk")
        expected = set(Session._base_manager.filter(event__in=inner).values_list("pk", flat=True))
        with using_club(current):
            assert set(Session.objects.values_list("pk", flat=True)) == expected


def test_club_scoping_adds_no_query_to_a_director_s_page(director_client, section, monkeypatch):
    url = f"/sessions/{section.session_id}/A/traveller/1/"
    director_client.get(url)  # warm: the club directory, the compiled condition

    def queries() -> int:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as captured:
            assert director_client.get(url).status_code == 200
        return len(captured.captured_queries)

    scoped = queries()
    monkeypatch.setattr(ClubScoped, "get_queryset", models.Manager.get_queryset)  # the same page unscoped
    assert queries() == scoped


def test_a_request_reads_the_clubs_directory_from_the_cache_once(director_client, section, monkeypatch):
    """The middleware, the language, the header and the page each ask for the club: one cache read in all (on
    Redis each read was a round trip and an unpickling), and a club saved during a request is seen after it."""
    from django.core.cache import cache

    from tournaments.clubs import directory

    url = f"/sessions/{section.session_id}/A/traveller/1/"
    director_client.get(url)  # warm: the directory built once
    reads = []
    real_get = cache.get

    def counted(key, *args, **kwargs):
        if key == directory.KEY:
            reads.append(key)
        return real_get(key, *args, **kwargs)

    monkeypatch.setattr(cache, "get", counted)
    assert director_client.get(url).status_code == 200
    assert len(reads) == 1
    with directory.held() as before:
        made = Club.objects.create(slug="other", name="Other club")
        assert made.pk not in before.clubs and made.pk in directory.directory().clubs
