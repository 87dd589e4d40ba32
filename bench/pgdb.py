"""A throw-away PostgreSQL database per bench run, so two runs (two people, or two lanes on one machine) never
drop each other's database halfway through.

The name is ``$BENCH_PG_DB`` when set (kept as before: the run owns it), else ``<prefix>_<pid>``: unique while the
run lives. The server is ``$BENCH_PG_URL`` (default ``postgres://postgres@127.0.0.1:5432``). `drop_database`
removes it; `fresh_database` registers it to run when the bench's process exits (after its servers were stopped),
unless ``$BENCH_PG_KEEP`` is set (to look at the data afterwards).
"""

from __future__ import annotations

import atexit
import os
import signal
import sys
import threading

DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432"


def server_url() -> str:
    return os.environ.get("BENCH_PG_URL", DEFAULT_SERVER).rstrip("/")


def database_name(prefix: str) -> str:
    """$BENCH_PG_DB, or the prefix with this process's id."""
    return os.environ.get("BENCH_PG_DB") or f"{prefix}_{os.getpid()}"


def fresh_database(prefix: str) -> str:
    """Create a new, empty database for this run (dropping a leftover of the same name), to be dropped when this
    process exits, and return its URL."""
    import psycopg
    from psycopg import sql

    name = database_name(prefix)
    with psycopg.connect(f"{server_url()}/postgres", autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    url = f"{server_url()}/{name}"
    atexit.register(drop_database, url)
    _exit_on_sigterm()
    return url


def _exit_on_sigterm() -> None:
    """A run stopped by SIGTERM (kill, timeout) exits through Python, so its database is dropped too."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))


def drop_database(url: str) -> None:
    """Drop a database `fresh_database` made (its URL); nothing for another URL (e.g. SQLite)."""
    if os.environ.get("BENCH_PG_KEEP") or not url.startswith(server_url() + "/"):
        return
    import psycopg
    from psycopg import sql

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(f"{server_url()}/postgres", autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
