"""A whole section posting at once cannot starve the database pool (tournaments/core/writers.py): on PostgreSQL
with a small pool (DB_POOL_SIZE) shared by a live server's threads, the section's row is held locked by another
transaction (as by a long write of another process), so every post of the section must wait; a phone following
its table is still answered while the posts are queued, and once the lock is let go every post is stored, once,
with no error. Before the turns, each waiting post held a pooled connection and the follow waited for the pool's
timeout and answered 503."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from django.db import connection, transaction

from tests.tournaments.services.factories import make_session, section_a
from tournaments.core import writers
from tournaments.sessions.models import Result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.sessions.services.versions import lock_section
from tournaments.tableside import services
from tournaments.tableside.models import TableEntry

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="PostgreSQL's pool and row locks under real threads; CI runs it"
    ),
]

POOL = 5  # the row's holder, the two posts whose turn it is (WRITERS_PER_OWNER), and two for everyone else


@pytest.fixture
def small_pool(settings) -> Iterator[None]:
    """Every thread's connection from one pool of POOL connections (Django's pool option, as DB_POOL_SIZE sets)."""
    db = connection.settings_dict
    before = (dict(db["OPTIONS"]), db["CONN_MAX_AGE"])
    connection.close()
    db["OPTIONS"] = {**db["OPTIONS"], "pool": {"min_size": 1, "max_size": POOL, "timeout": 10}}
    db["CONN_MAX_AGE"] = 0
    settings.DB_POOL_SIZE, settings.DB_WRITERS, settings.WRITERS_WAIT_SECONDS = POOL, 0, 60
    try:
        yield
    finally:
        connection.close()
        connection.close_pool()
        db["OPTIONS"], db["CONN_MAX_AGE"] = before


def _send(url: str, body: dict[str, object] | None = None) -> int:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            answer.read()
            return int(answer.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def test_a_follow_is_answered_while_the_whole_section_posts_and_waits_on_its_lock(live_server, small_pool):
    section = section_a(make_session(SectionSpec(pairs=16, kind="mitchell", boards_per_round=2)))
    links = services.issue_links(section)
    posts = []
    for link in links:  # 8 tables x 2 boards of round 1: 16 posts, more than the pool's connections
        for n, board in enumerate(section.table_rounds.get(round=1, table=link.table).boards):
            body = {"board": int(board), "contract": "3NT", "declarer": "N", "tricks": 9, "client_id": f"c{n}"}
            posts.append((f"{live_server.url}/api/table/{link.token}/results", body))
    owner = writers.section(section.pk)
    connection.close()  # the set-up's connection back to the pool

    held, let_go = threading.Event(), threading.Event()

    def hold_the_row() -> None:  # another transaction holds the section's row: every writer of it must wait
        with transaction.atomic():
            lock_section(section.pk)
            held.set()
            let_go.wait(120)
        connection.close()

    holder = threading.Thread(target=hold_the_row, daemon=True)
    holder.start()
    assert held.wait(30)
    statuses: list[int] = []
    posters = [threading.Thread(target=lambda p=p: statuses.append(_send(*p)), daemon=True) for p in posts]
    for t in posters:
        t.start()
    try:
        give_up = time.monotonic() + 120  # a guard against a hang, not a measure
        while writers.queued(owner) < len(posts) and not statuses and time.monotonic() < give_up:
            time.sleep(0.05)
        assert writers.queued(owner) == len(posts), statuses  # every post queued (the first at the row lock)
        follow = _send(f"{live_server.url}/api/table/{links[0].token}/")
        queued_after = writers.queued(owner)
    finally:
        let_go.set()
        holder.join(30)
        for t in posters:
            t.join(120)
    assert follow == 200  # answered from the pool while the posts waited
    assert queued_after == len(posts)  # ... and they were all still waiting when it was answered
    assert sorted(statuses) == [201] * len(posts)  # then every post stored, none an error
    assert Result.objects.filter(section=section).count() == len(posts)
    assert TableEntry.objects.filter(link__section=section, status=TableEntry.Status.ACCEPTED).count() == len(posts)
