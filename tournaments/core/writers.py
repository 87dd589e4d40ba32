"""Writers of one owner (a section, a teams event, a party) take turns in each web process before they take a
database connection, so a burst of writes to one owner cannot hold the connections every other request needs.

Every writer of an owner locks the owner's row first (SELECT ... FOR UPDATE, e.g. versions.lock_section): the
database's lock is the truth across processes and stays so. But a writer waiting for that row lock holds a
connection meanwhile, and with a pool (DB_POOL_SIZE) the threads of a process share a few: when a whole section
posted at once, its posts queued on the row lock each holding a pooled connection, the pool ran dry and every
other request (public pages, phones following their table, sign-ins) waited 30 s for a connection or answered
503 (docs/benchmarks.md, bench_clubs with every table posting in the same two seconds).

`turn(owner)` puts the writer in its owner's queue in this process (a semaphore per owner, blocked in the kernel,
no connection held: a pooled one is handed back to the pool first), then takes one of the process's writer slots
(DB_WRITERS, by default half the pool, so readers always find the other half), and only then does the writer
open its transaction. So in each process at most WRITERS_PER_OWNER writers of an owner (2: the one writing and
the next, already at the row lock when the first commits) hold a connection, and at most DB_WRITERS connections
are writers'. A writer that waits longer than WRITERS_WAIT_SECONDS gets `WritersBusy`,
which the edges answer 503 with Retry-After (the phone keeps its result queued and sends it again).

A turn is taken outside any transaction only: inside one (or inside another turn) the caller may already hold
row locks that a writer queued here waits for, so waiting would deadlock; there it passes straight through, and
the database's lock orders the writers as before. On SQLite the turn is the same (the backend then queues the
process's writers on its one write lock, tournaments/core/sqlite3/base.py); there is no pool to hand back to.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings
from django.db import OperationalError, connection

BUSY_RETRY_SECONDS = 2  # the Retry-After of a writer answered WritersBusy: its turn is near by then


class WritersBusy(OperationalError):
    """A writer waited its turn longer than WRITERS_WAIT_SECONDS: nothing was written; send it again shortly.
    An OperationalError, as the pool's own timeout is, so every edge answers it 503 with Retry-After."""


@dataclass
class _Queue:
    turns: threading.Semaphore  # WRITERS_PER_OWNER at once
    waiting: int = 0  # threads in the queue, those whose turn it is included


_mutex = threading.Lock()  # guards _queues and _slots
_queues: dict[str, _Queue] = {}
_slots: tuple[int, threading.BoundedSemaphore | None] = (-1, None)
_local = threading.local()


def writer_slots() -> int:
    """How many connections of this process writers may hold at once: DB_WRITERS, else half the pool (rounded up)
    when there is one, else 0 (no bound: each thread has its own connection)."""
    given = int(settings.DB_WRITERS or 0)
    if given > 0:
        return given
    pool = int(settings.DB_POOL_SIZE or 0)
    return (pool + 1) // 2 if pool > 0 and connection.vendor == "postgresql" else 0


def _semaphore() -> threading.BoundedSemaphore | None:
    global _slots
    size = writer_slots()
    with _mutex:
        if _slots[0] != size:  # the setting changed (tests): a new one; holders release the one they took
            _slots = (size, threading.BoundedSemaphore(size) if size > 0 else None)
        return _slots[1]


def queued(owner: str) -> int:
    """Writers of `owner` in this process's queue now (the one writing included)."""
    with _mutex:
        found = _queues.get(owner)
        return found.waiting if found is not None else 0


def _join(owner: str) -> _Queue:
    with _mutex:
        found = _queues.get(owner)
        if found is None:
            found = _queues[owner] = _Queue(threading.Semaphore(max(1, int(settings.WRITERS_PER_OWNER))))
        found.waiting += 1
        return found


def _leave(owner: str, queue: _Queue) -> None:
    with _mutex:
        queue.waiting -= 1
        if queue.waiting == 0 and _queues.get(owner) is queue:
            del _queues[owner]


def _hand_back_pooled_connection() -> None:
    """A pooled connection held from the reads before the write goes back to the pool while the writer waits
    (outside a transaction only; the transaction then takes one again). Without a pool the thread keeps its own."""
    if connection.vendor == "postgresql" and getattr(connection, "pool", None) is not None:
        connection.close()


@contextmanager
def turn(owner: str) -> Iterator[None]:
    """Wait for `owner`'s turn in this process (see the module docstring), then run the write. `owner` names the
    row the writer locks first, e.g. f"section:{pk}". Raises WritersBusy after WRITERS_WAIT_SECONDS."""
    if connection.in_atomic_block or getattr(_local, "owner", None) is not None:
        yield  # inside a transaction or another turn: never wait while holding locks (see the docstring)
        return
    _hand_back_pooled_connection()
    deadline = time.monotonic() + float(settings.WRITERS_WAIT_SECONDS)
    queue = _join(owner)
    try:
        if not queue.turns.acquire(timeout=max(0.0, deadline - time.monotonic())):
            raise WritersBusy(f"writers of {owner} queued past the wait")
        try:
            slots = _semaphore()
            if slots is not None and not slots.acquire(timeout=max(0.0, deadline - time.monotonic())):
                raise WritersBusy("every writer slot of this process stayed taken past the wait")
            _local.owner = owner
            try:
                yield
            finally:
                _local.owner = None
                if slots is not None:
                    slots.release()
        finally:
            queue.turns.release()
    finally:
        _leave(owner, queue)


def section(section_id: int) -> str:
    """The owner name of a section's writers (its row is the one they lock first)."""
    return f"section:{section_id}"


def team_event(event_id: int) -> str:
    """The owner name of a teams event's writers (a room's phone locks the event's row first)."""
    return f"teamevent:{event_id}"


def party(party_id: int) -> str:
    """The owner name of a party's writers."""
    return f"party:{party_id}"
