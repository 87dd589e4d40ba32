"""The laptop's web server: Django's threaded server, with database connections kept from one request to the next.

Django's threaded server (`runserver`) answers each request in a thread of its own, and a database connection
belongs to its thread, so every request opened a new connection and dropped it: on SQLite that is a new file
handle, Django's SQL functions registered again, the PRAGMAs, and the schema read again by the first query,
about 2 ms of CPU (a 304 poll's whole work is less) and several waits for the interpreter's lock, on every
request of sixty phones polling (issue 24). Here a request's thread borrows an idle connection kept by the server
and gives it back when the answer is sent, so a connection lives as long as `CONN_MAX_AGE` says, as under
gunicorn. A connection is lent to one thread at a time; one left inside a transaction, or broken, is closed
rather than kept. Django's own checks still run at each request's start and end (`close_old_connections`: age,
health, errors).
"""

from __future__ import annotations

import threading
from typing import Any

from django.core.servers.basehttp import WSGIServer
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper

# At most this many idle connections per database are kept; a burst beyond it opens new ones (and closes them).
KEEP_IDLE = 16

_lock = threading.Lock()
_idle: dict[str, list[BaseDatabaseWrapper]] = {}


def lend() -> None:
    """Give this thread an idle connection of every database that has one (else Django opens one as usual)."""
    with _lock:
        lent = {alias: kept.pop() for alias, kept in _idle.items() if kept}
    for alias, wrapper in lent.items():
        connections[alias] = wrapper


def take_back() -> None:
    """Keep this thread's connections for the next request (the thread ends now), or close the unfit ones."""
    for wrapper in connections.all(initialized_only=True):
        alias = wrapper.alias
        del connections[alias]  # this thread is done with it
        if wrapper.connection is None:
            continue
        if not _fit(wrapper):
            wrapper.close()
            continue
        if not wrapper.allow_thread_sharing:
            wrapper.inc_thread_sharing()  # lent to one thread at a time, by this module only
        with _lock:
            kept = _idle.setdefault(alias, [])
            if len(kept) < KEEP_IDLE:
                kept.append(wrapper)
                continue
        wrapper.close()


def _fit(wrapper: BaseDatabaseWrapper) -> bool:
    """Outside any transaction, with no error pending: safe to hand to the next request."""
    return not (wrapper.in_atomic_block or wrapper.needs_rollback or wrapper.errors_occurred) and bool(
        wrapper.get_autocommit()
    )


class KeptConnectionsServer(WSGIServer):
    """Django's development server whose request threads borrow and give back kept database connections."""

    def finish_request(self, request: Any, client_address: Any) -> None:
        lend()
        try:
            super().finish_request(request, client_address)
        finally:
            take_back()
