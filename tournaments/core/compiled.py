"""A hot read's SQL compiled once per process (issue 24): a poll's 304 answers from one small query, and building
that query through the ORM (filters, joins, the club's scoping, the compiler) cost as much as running it.

`first_row` compiles the queryset once per key, database and scoping (with stand-in values where the row's id and
the current club go), keeps the SQL, where the values go and the ORM's converters, and then runs that SQL with the
values of each call: the same SQL, the same rows, the same Python values as the ORM's own read.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from django.db import connections, models, router

from tournaments.core.tenancy import current_club_id, using_club

_ROW = -7_340_033  # stand-ins, never an id: where the row's id and the club go in the compiled parameters
_ROW_TEXT = "\x00bridgedesk-row\x00"  # the row's stand-in when it is looked up by a text (a link's token)
_CLUB = -7_340_034


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]  # with the stand-ins where each call's values go
    order: tuple[int, ...]  # the query's columns in the values_list's order
    converters: dict[int, tuple[list[Any], Any]]  # column -> the ORM's converters and their expression


_COMPILED: dict[tuple[Hashable, str, bool, type], _Compiled] = {}


def _compile(build: Callable[[Any], models.QuerySet[Any]], stand_in: int | str, alias: str, scoped: bool) -> _Compiled:
    with using_club(_CLUB if scoped else None):
        queryset = build(stand_in).using(alias)
    compiler = queryset.query.get_compiler(using=alias)
    sql, params = compiler.as_sql()
    if list(params).count(stand_in) != 1 or (_CLUB in params) != scoped:
        raise ValueError(f"cannot compile once: {sql} {params}")  # a value folded into the SQL: keep the ORM's read
    aliases = [column[2] for column in compiler.select[: compiler.col_count]]
    order = tuple(aliases.index(name) for name in queryset._fields)  # type: ignore[attr-defined]  # the columns by their names, as asked
    converters = compiler.get_converters([column[0] for column in compiler.select[: compiler.col_count]])
    return _Compiled(sql, tuple(params), order, converters)


def first_row(
    model: type[models.Model], key: Hashable, build: Callable[[Any], models.QuerySet[Any]], pk: int | str
) -> tuple[Any, ...] | None:
    """The first row of `build(pk)` (a `values_list` queryset of `model`, filtered on `pk` (an id, or a text such
    as a token) and scoped to the current
    club as its manager does), or None; its SQL compiled once per process for `key`, the database and whether a
    club is current."""
    alias = router.db_for_read(model)
    club = current_club_id()
    stand_in = _ROW_TEXT if isinstance(pk, str) else _ROW
    cache_key = (key, alias, club is not None, type(stand_in))
    compiled = _COMPILED.get(cache_key)
    if compiled is None:
        compiled = _COMPILED[cache_key] = _compile(build, stand_in, alias, club is not None)
    params = [pk if value == stand_in else club if value == _CLUB else value for value in compiled.params]
    connection = connections[alias]
    with connection.cursor() as cursor:
        cursor.execute(compiled.sql, params)
        raw = cursor.fetchone()
    if raw is None:
        return None
    row = list(raw)
    for position, (functions, expression) in compiled.converters.items():
        for function in functions:
            row[position] = function(row[position], expression, connection)
    return tuple(row[position] for position in compiled.order)
