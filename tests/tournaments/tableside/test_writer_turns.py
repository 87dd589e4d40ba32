"""Writers of one section take turns in the process before they take a connection (tournaments/core/writers.py):
WRITERS_PER_OWNER at a time per section, a bounded number of writer slots per process, never a wait inside a
transaction, and a writer that waited too long is answered 503 with Retry-After, nothing stored (any backend)."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from django.db import transaction
from django.test import Client, override_settings

from tests.tournaments.services.factories import make_session, section_a
from tournaments.core import writers
from tournaments.sessions.models import Result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services
from tournaments.tableside.models import TableEntry


class Holder(threading.Thread):
    """A thread that takes `owner`'s turn and keeps it until told to leave."""

    def __init__(self, owner: str) -> None:
        super().__init__(daemon=True)
        self.owner = owner
        self.inside = threading.Event()
        self.leave = threading.Event()

    def run(self) -> None:
        with writers.turn(self.owner):
            self.inside.set()
            self.leave.wait(30)


@pytest.fixture
def holder() -> Iterator[list[Holder]]:
    held: list[Holder] = []
    yield held
    for h in held:
        h.leave.set()
        h.join(10)


@pytest.fixture(autouse=True)
def one_writer_per_section(settings) -> None:
    settings.WRITERS_PER_OWNER = 1  # one at a time: the tests below hold the one turn (the default 2 is tested apart)


def _hold(held: list[Holder], owner: str) -> Holder:
    h = Holder(owner)
    held.append(h)
    h.start()
    assert h.inside.wait(10)
    return h


@pytest.mark.django_db(transaction=True)
def test_writers_of_one_section_go_one_at_a_time_and_the_next_goes_when_the_first_leaves(holder):
    first = _hold(holder, "section:1")
    entered = threading.Event()

    def second() -> None:
        with writers.turn("section:1"):
            entered.set()

    t = threading.Thread(target=second, daemon=True)
    t.start()
    while writers.queued("section:1") < 2:
        t.join(0.01)
    assert not entered.is_set()  # queued behind the first
    first.leave.set()
    assert entered.wait(10)
    t.join(10)
    assert writers.queued("section:1") == 0  # nothing left behind


@pytest.mark.django_db(transaction=True)
def test_by_default_two_writers_of_a_section_hold_a_connection_and_the_third_waits(holder, settings):
    settings.WRITERS_PER_OWNER = 2  # the one writing and the next, already at the row lock when the first commits
    _hold(holder, "section:1")
    _hold(holder, "section:1")
    with override_settings(WRITERS_WAIT_SECONDS=0), pytest.raises(writers.WritersBusy), writers.turn("section:1"):
        pass
    assert writers.queued("section:1") == 2


@pytest.mark.django_db(transaction=True)
def test_another_section_is_not_queued_behind_a_busy_one(holder):
    _hold(holder, "section:1")
    with override_settings(WRITERS_WAIT_SECONDS=0), writers.turn("section:2"):
        assert writers.queued("section:2") == 1


@pytest.mark.django_db(transaction=True)
def test_writer_slots_bound_the_writers_of_a_process(holder):
    with override_settings(DB_WRITERS=1):
        assert writers.writer_slots() == 1
        _hold(holder, "section:1")
        with override_settings(WRITERS_WAIT_SECONDS=0), pytest.raises(writers.WritersBusy), writers.turn("section:2"):
            pass
    assert writers.queued("section:2") == 0


@pytest.mark.django_db
def test_half_the_pool_by_default_and_no_bound_without_one(settings):
    from django.db import connection

    settings.DB_WRITERS, settings.DB_POOL_SIZE = 0, 0
    assert writers.writer_slots() == 0
    settings.DB_POOL_SIZE = 15
    assert writers.writer_slots() == (8 if connection.vendor == "postgresql" else 0)
    settings.DB_WRITERS = 3
    assert writers.writer_slots() == 3


@pytest.mark.django_db(transaction=True)
def test_inside_a_transaction_a_turn_never_waits(holder):
    _hold(holder, "section:1")
    with override_settings(WRITERS_WAIT_SECONDS=0), transaction.atomic(), writers.turn("section:1"):
        assert writers.queued("section:1") == 1  # passed straight through: the database's lock orders it


@pytest.mark.django_db(transaction=True)
def test_a_post_that_waited_too_long_is_answered_503_with_retry_after_and_nothing_stored(holder):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    link = services.issue_links(section)[0]
    board = int(section.table_rounds.get(round=1, table=1).boards[0])
    body = {"board": board, "contract": "3NT", "declarer": "N", "tricks": 9, "client_id": "c-1"}
    url = f"/api/table/{link.token}/results"
    h = _hold(holder, writers.section(section.pk))
    with override_settings(WRITERS_WAIT_SECONDS=0):
        answer = Client().post(url, body, content_type="application/json")
    assert answer.status_code == 503
    assert answer["Retry-After"] == str(writers.BUSY_RETRY_SECONDS)
    assert answer.json()["message"]
    assert Result.objects.filter(section=section).count() == 0
    assert not TableEntry.objects.filter(link=link).exists()
    h.leave.set()
    h.join(10)
    again = Client().post(url, body, content_type="application/json")  # the phone sends it again: stored once
    assert again.status_code == 201
    assert Result.objects.filter(section=section).count() == 1
