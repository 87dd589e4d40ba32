"""A post's write under the section's lock reads neither its client id again nor, after results only, the map:
a phone's retry that lands while its first send is being stored is answered from the entry's unique constraint."""

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.models import Result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services
from tournaments.tableside.models import TableEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))


def test_a_retry_stored_between_the_check_and_the_lock_is_answered_as_a_repeat(section, monkeypatch):
    """The first send is stored after the retry's own check (no entry yet) and before its lock: the retry's
    write fails on the entry's unique constraint, is rolled back whole, and answers 200 with the stored entry."""
    link = services.issue_links(section)[0]
    board = int(section.table_rounds.get(round=1, table=1).boards[0])
    body = {"board": board, "contract": "4S", "declarer": "N", "tricks": 10, "client_id": "c-1"}
    real_store = services._store
    calls: list[int] = []

    def store_after_the_first_send(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:  # the first send lands now, before this one locks
            assert real_store(*args, **kwargs).status == 201
        return real_store(*args, **kwargs)

    monkeypatch.setattr(services, "_store", store_after_the_first_send)
    outcome = services.submit(link, dict(body))
    assert outcome.status == 200 and outcome.body["repeat"] and outcome.body["contract"] == "4S"
    assert TableEntry.objects.filter(link=link, client_id="c-1").count() == 1
    assert Result.objects.filter(section=section).count() == 1
    assert len(calls) == 1  # answered from the stored entry, not posted again


def test_a_post_after_other_results_does_not_read_the_movement_under_the_lock(section):
    """Results saved by other tables between a post's map and its lock: the map still holds (map_since)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    first, second = services.issue_links(section)[:2]
    board = int(section.table_rounds.get(round=1, table=2).boards[0])
    smap = services.section_map(second.table_section)
    refusal, row, checked = services.check(second, {"board": board, "contract": "3NT", "declarer": "S", "tricks": 9})
    assert refusal is None
    other = int(section.table_rounds.get(round=1, table=1).boards[0])
    body = {"board": other, "contract": "3NT", "declarer": "N", "tricks": 9, "client_id": "a"}
    assert services.submit(first, body).status == 201  # the section's version moves on
    with CaptureQueriesContext(connection) as queries:
        outcome = services._store(second, "b", {}, smap, row, checked)
    assert outcome.status == 201
    assert not [q for q in queries.captured_queries if "tournaments_tableround" in q["sql"]]
