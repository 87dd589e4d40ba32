"""The hub: who in this process streams which owner (a session, a teams event: events.py), and how a committed
write reaches them.

A write's version bump calls `publish_on_commit` with its owner key (a session's bump through `after_write`,
registered in tournaments/apps.py; a teams event's in teams/services.py); once the write commits, `publish`
reads the owner's version and hands the Change to this process's streams and, when PUSH_URL names Redis, to
Redis pub/sub, which every web process's listener thread hears. A watcher thread in each process also reads the
versions of the owners it streams every PUSH_WATCH_SECONDS (one query), so a write by a process that did not
publish (the laptop's worker, a lost message, Redis away) reaches the screens within that time.

Threads start with the first stream of a process (never in a process that only writes) and carry no state of
their own that decides anything: the version in the database does. A stream holds no database connection.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import DatabaseError, close_old_connections, connection, transaction

from tournaments.tableside.events import Change, session_key, version_of, versions_of

if TYPE_CHECKING:
    import redis  # imported where Redis is used: a process with no PUSH_URL never loads it (tests/test_cold_start.py)

log = logging.getLogger(__name__)


class Subscription:
    """One stream's place in the hub: the highest version heard for its owner, and a way to wait for more."""

    def __init__(self, key: str, version: int) -> None:
        self.key = key
        self.latest = version
        self._changed = threading.Condition()

    def offer(self, version: int) -> None:
        with self._changed:
            if version > self.latest:
                self.latest = version
                self._changed.notify_all()

    def wait(self, after: int, timeout: float) -> int:
        """The latest version as soon as it is above `after`, or whatever it is after `timeout` seconds."""
        with self._changed:
            self._changed.wait_for(lambda: self.latest > after, timeout)
            return self.latest


class Hub:
    """One per process and setting: the local subscriptions, the Redis listener and the version watcher."""

    def __init__(self, url: str, channel: str, watch_seconds: float) -> None:
        self.url = url
        self.channel = channel
        self.watch_seconds = watch_seconds
        self._lock = threading.Lock()
        self._subs: dict[str, set[Subscription]] = {}
        self._known: dict[str, int] = {}
        self._stop = threading.Event()
        self.listening = threading.Event()  # set once the Redis listener has subscribed (tests, the benchmark)
        self._pid: int | None = None
        self._redis: redis.Redis | None = None
        if url.startswith(("redis://", "rediss://")):
            import redis

            self._redis = redis.Redis.from_url(
                url, socket_timeout=2, socket_connect_timeout=2, health_check_interval=10
            )

    # Streams
    def subscribe(self, key: str, version: int) -> Subscription:
        sub = Subscription(key, version)
        with self._lock:
            self._subs.setdefault(key, set()).add(sub)
            self._known[key] = max(self._known.get(key, 0), version)
            self._start_threads()
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            subs = self._subs.get(sub.key)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.key]
                    self._known.pop(sub.key, None)

    def streams(self) -> int:
        """How many streams this process holds (for tests and the benchmark)."""
        with self._lock:
            return sum(len(s) for s in self._subs.values())

    # Changes
    def deliver(self, change: Change) -> None:
        """Hand `change` to this process's streams of its owner (each keeps only a version above its last)."""
        with self._lock:
            subs = list(self._subs.get(change.key, ()))
            if subs:
                self._known[change.key] = max(self._known.get(change.key, 0), change.version)
        for sub in subs:
            sub.offer(change.version)

    def publish(self, key: str) -> None:
        """After a write to the owner committed: its version now, to this process's streams and to the others."""
        change = Change(key, version_of(key))
        self.deliver(change)
        if self._redis is not None:
            import redis

            try:
                self._redis.publish(self.channel, change.encode())
            except redis.RedisError as exc:  # the other processes' watchers still see it within a moment
                log.warning("push: could not publish to %s: %s", self.channel, exc)

    def stop(self) -> None:
        self._stop.set()

    # Threads
    def _start_threads(self) -> None:
        """Called under the lock: start this process's threads once (again in a forked child)."""
        if self._pid == os.getpid():
            return
        self._pid = os.getpid()
        if self._redis is not None:
            _daemon(self._listen, "push-listener")
        if self.watch_seconds > 0:
            _daemon(self._watch, "push-watcher")

    def _listen(self) -> None:
        """Redis pub/sub: every Change any process publishes, delivered here; reconnects after a failure."""
        assert self._redis is not None
        import redis

        while not self._stop.is_set():
            try:
                pubsub = self._redis.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]  # redis-py leaves pubsub() unannotated
                pubsub.subscribe(self.channel)
                pubsub.get_message(timeout=1.0, ignore_subscribe_messages=False)  # the confirmation
                self.listening.set()
                while not self._stop.is_set():
                    message = pubsub.get_message(timeout=1.0)
                    if message is not None and message.get("type") == "message":
                        change = Change.decode(message["data"])
                        if change is not None:
                            self.deliver(change)
                pubsub.close()
            except redis.RedisError as exc:
                self.listening.clear()
                log.warning("push: listening on %s failed (%s); trying again", self.channel, exc)
                self._stop.wait(1.0)

    def _watch(self) -> None:
        """Every `watch_seconds`: the versions of the owners streamed here, a query per kind; a rise is delivered."""
        while not self._stop.wait(self.watch_seconds):
            with self._lock:
                keys = list(self._subs)
            if not keys:
                continue
            try:
                close_old_connections()
                versions = versions_of(keys)
            except DatabaseError as exc:
                log.warning("push: watching versions failed (%s)", exc)
                connection.close()
                continue
            for key, version in versions.items():
                if version > self._known.get(key, 0):
                    self.deliver(Change(key, version))
        connection.close()


def _daemon(run: Callable[[], None], name: str) -> None:
    threading.Thread(target=run, name=name, daemon=True).start()


_current: tuple[tuple[Any, ...], Hub] | None = None
_current_lock = threading.Lock()


def enabled() -> bool:
    return bool(settings.PUSH_URL)


def current() -> Hub:
    """This process's hub for the settings in force (a test overriding them gets a new one; the old one stops)."""
    global _current
    key = (settings.PUSH_URL, settings.PUSH_CHANNEL, settings.PUSH_WATCH_SECONDS)
    with _current_lock:
        if _current is None or _current[0] != key:
            if _current is not None:
                _current[1].stop()
            _current = (key, Hub(*key))
        return _current[1]


def publish_on_commit(key: str) -> None:
    """Called by a write's version bump, inside its transaction: publish the owner once the write has committed."""
    if enabled():  # robust: a failure to publish is logged, never the answer to a write that committed
        transaction.on_commit(lambda: current().publish(key), robust=True)


def after_write(session_id: int) -> None:
    """The session version bump's hook (sessions/services/versions.py)."""
    publish_on_commit(session_key(session_id))
