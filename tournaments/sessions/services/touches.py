"""Which tables a section's write touched, so that a phone's poll after another table's result can answer 304.

Every write bumps the section's version (versions.bump), and a table's state ETag used to carry that version, so
one result made every phone of the section rebuild its whole state (issue 24: three quarters of an evening's web
CPU). A writer that knows which tables' states its write can change (a table's result: the tables where its NS
pair sits) says so with `touching(section_id, tables)`; each bump inside records, once its transaction commits,
"version V touched these tables" in the shared cache. A poll holding a state built at version B may answer 304 at
version V only if every version in (B, V] has such a record and none names its table.

Safe by default: a write that says nothing (the clock, settings, the movement, rulings, hands, calls, disputes)
leaves no record, and a missing record (never written, evicted, another process's local cache, or read between the
commit and its record) means "rebuild". A record is written only after its own transaction commits, for the
version that transaction produced (read back under the row's lock), so no rolled-back write leaves one.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.core.cache import cache
from django.db import connection, transaction

from tournaments.sessions.models import Section

# A poll further behind than this many versions rebuilds rather than read that many records.
MAX_SPAN = 256
RECORD_TTL_SECONDS = 6 * 3600  # an evening; an expired record only costs a rebuild

_scope: ContextVar[tuple[int, frozenset[int]] | None] = ContextVar("touch_scope", default=None)


def _key(section_id: int, version: int) -> str:
    return f"table-touch:{section_id}:{version}"


@contextmanager
def touching(section_id: int, tables: Collection[int] | None) -> Iterator[None]:
    """Inside: bumps of `section_id` record that they touched only `tables` (None: unknown, no record). The
    caller vouches that its write changes no other table's state; anything else it writes must say nothing."""
    token = _scope.set(None if tables is None else (section_id, frozenset(tables)))
    try:
        yield
    finally:
        _scope.reset(token)


def scoped_tables(section_id: int) -> frozenset[int] | None:
    """The tables the current scope vouches for when it is `section_id`'s, else None (versions.bump asks)."""
    scope = _scope.get()
    return scope[1] if scope is not None and scope[0] == section_id else None


def bump_recorded(section_id: int, tables: frozenset[int], *, keeps_map: bool) -> None:
    """Bump the section's version (as versions.bump, `map_since` included unless `keeps_map`) reading the new one
    back in the same statement, and record on commit that it touched `tables` only."""
    table = connection.ops.quote_name(Section._meta.db_table)
    pk = connection.ops.quote_name(Section._meta.pk.column)
    since = "" if keeps_map else ", " + connection.ops.quote_name("map_since") + " = version + 1"  # the old version
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET version = version + 1{since} WHERE {pk} = %s RETURNING version", [section_id]
        )
        row = cursor.fetchone()
    if row is None:
        return
    key, value = _key(section_id, int(row[0])), tuple(sorted(tables))
    transaction.on_commit(lambda: cache.set(key, value, RECORD_TTL_SECONDS))


def untouched(section_id: int, table: int, since: int, now: int) -> bool:
    """True when every version after `since` up to `now` is recorded and none touched `table`: the table's state
    built at `since` is its state at `now`. False whenever that is not known."""
    if now == since:
        return True
    if now < since or now - since > MAX_SPAN:
        return False
    keys = [_key(section_id, v) for v in range(since + 1, now + 1)]
    found = cache.get_many(keys)
    return len(found) == len(keys) and all(table not in tables for tables in found.values())
