"""Django's SQLite backend, with one process's write transactions queued on a lock before they begin.

SQLite lets one writer at a time in (the settings begin every transaction IMMEDIATE, so a writer takes the lock
when it starts, not half-way). A writer that finds it taken sleeps and retries in SQLite's busy handler, with no
queue: under sixty tables posting at once some writers lost every retry to newcomers until the busy timeout
and answered 500 "database is locked". Here the threads of one web process wait for each other on a lock
(blocked in the kernel, woken in turn) and only the one at the front asks SQLite, so the busy timeout is left
for another process (the worker) holding the database.
"""

from __future__ import annotations

import threading
from typing import Any

from django.db.backends.sqlite3 import base

_WRITERS = threading.Lock()


class DatabaseWrapper(base.DatabaseWrapper):
    _holds_writers: bool = False

    def _start_transaction_under_autocommit(self) -> None:
        _WRITERS.acquire()
        self._holds_writers = True
        try:
            super()._start_transaction_under_autocommit()  # type: ignore[misc]  # private, not in the stubs
        except BaseException:
            self._release_writers()
            raise

    def _release_writers(self) -> None:
        if self._holds_writers:
            self._holds_writers = False
            _WRITERS.release()

    def set_autocommit(self, autocommit: bool, *args: Any, **kwargs: Any) -> None:
        try:
            super().set_autocommit(autocommit, *args, **kwargs)
        finally:
            if autocommit:  # the transaction is over (committed or rolled back): the next writer's turn
                self._release_writers()

    def close(self) -> None:
        try:
            super().close()
        finally:
            self._release_writers()
