"""The push hub (tableside/hub.py): a committed write reaches the streams of its session, in this process and,
through real Redis pub/sub, in another; a write nobody published is found by the version watcher; anything else
on the channel is ignored; a stream given up is forgotten."""

from __future__ import annotations

import os
import time
import uuid

import pytest
import redis
from django.db.models import F

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.models import Section
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.sessions.services.versions import bump
from tournaments.tableside import hub as hub_module
from tournaments.tableside.events import Change, session_key, version_of
from tournaments.tableside.hub import Hub

REDIS_URL = "redis://127.0.0.1:6379/2"  # this lane's database (pub/sub channels are named per test)


@pytest.fixture
def redis_url() -> str:
    try:
        redis.Redis.from_url(REDIS_URL).ping()
    except redis.ConnectionError:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("Redis is not running on 127.0.0.1:6379 (CI starts it)")
    return REDIS_URL


@pytest.fixture
def channel() -> str:
    return f"bridgedesk-push-test-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def hubs():
    made: list[Hub] = []
    yield made
    for hub in made:
        hub.stop()


def session_of_8():
    return make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2))


@pytest.mark.django_db
def test_a_change_published_in_one_process_reaches_the_streams_of_another_through_redis(redis_url, channel, hubs):
    writer, reader = Hub(redis_url, channel, 0), Hub(redis_url, channel, 0)  # two processes' hubs, no watcher
    hubs += [writer, reader]
    session = session_of_8()
    key = session_key(session.pk)
    before = version_of(key)
    sub, own = reader.subscribe(key, before), writer.subscribe(key, before)
    assert reader.listening.wait(5), "the Redis listener never subscribed"
    bump(section_a(session).pk)
    started = time.monotonic()
    writer.publish(key)
    assert sub.wait(before, 2.0) == before + 1
    assert time.monotonic() - started < 1.0
    # The writer's own streams heard it at once, without Redis.
    assert own.wait(before, 0) == before + 1


@pytest.mark.django_db
def test_junk_on_the_channel_is_ignored_and_the_listener_goes_on(redis_url, channel, hubs):
    reader = Hub(redis_url, channel, 0)
    hubs.append(reader)
    sub = reader.subscribe("session:41", 3)
    assert reader.listening.wait(5)
    raw = redis.Redis.from_url(redis_url)
    for junk in ("", "hello", "41:9", "session:", ":9", "session:41:x", "session:x:1", "Session:41:4", "session:٤١:٩"):
        raw.publish(channel, junk)
    raw.publish(channel, Change("session:41", 2).encode())  # older than what the stream has: not a change
    raw.publish(channel, Change("session:40", 9).encode())  # another session
    assert sub.wait(3, 0.5) == 3
    raw.publish(channel, Change("session:41", 4).encode())
    assert sub.wait(3, 2.0) == 4


def test_in_process_delivery_wakes_only_the_streams_of_that_session_and_forgets_those_given_up():
    hub = Hub("local://", "unused", 0)
    one, two, other = hub.subscribe("session:5", 10), hub.subscribe("session:5", 10), hub.subscribe("teams:5", 10)
    assert hub.streams() == 3
    hub.deliver(Change("session:5", 11))
    assert (one.wait(10, 0), two.wait(10, 0), other.wait(10, 0)) == (11, 11, 10)
    hub.deliver(Change("session:5", 9))  # late, out of order: never goes backwards
    assert one.latest == 11
    hub.unsubscribe(one)
    hub.unsubscribe(one)  # twice is harmless
    hub.unsubscribe(two)
    hub.unsubscribe(other)
    assert hub.streams() == 0


@pytest.mark.django_db(transaction=True)
def test_the_watcher_finds_a_write_that_nobody_published(hubs):
    hub = Hub("local://", "unused", 0.1)
    hubs.append(hub)
    session = session_of_8()
    before = version_of(session_key(session.pk))
    sub = hub.subscribe(session_key(session.pk), before)
    # Another process (the laptop's worker, a script) bumps the version and publishes nothing.
    Section.objects.filter(session=session).update(version=F("version") + 1)
    started = time.monotonic()
    assert sub.wait(before, 3.0) == before + len(session.sections.all())
    assert time.monotonic() - started < 1.0


@pytest.mark.django_db
def test_a_write_publishes_once_it_commits_and_not_before(settings, django_capture_on_commit_callbacks, hubs):
    settings.PUSH_URL, settings.PUSH_WATCH_SECONDS = "local://", 0
    session = session_of_8()
    before = version_of(session_key(session.pk))
    sub = hub_module.current().subscribe(session_key(session.pk), before)
    hubs.append(hub_module.current())
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        bump(section_a(session).pk)
        assert sub.latest == before  # not yet committed: nothing pushed
    assert len(callbacks) == 1
    assert sub.latest == before + 1


@pytest.mark.django_db
def test_with_push_off_a_write_publishes_nothing(settings, django_capture_on_commit_callbacks):
    settings.PUSH_URL = ""
    session = session_of_8()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        bump(section_a(session).pk)
    assert callbacks == []


@pytest.mark.parametrize(
    ("text", "change"),
    [
        ("session:12:340", Change("session:12", 340)),
        (b"teams:7:0", Change("teams:7", 0)),
        ("12:340", None),
        ("session:12", None),
        ("session:-1:2", None),
        ("", None),
    ],
)
def test_a_change_reads_back_from_its_text(text, change):
    assert Change.decode(text) == change
