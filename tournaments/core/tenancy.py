"""The current club (clubs as tenants, issue 30), kept in one context variable, and the manager that scopes
every root's queries to it.

A request's club is set by `tournaments.clubs.middleware.CurrentClub`; a command's by `using_club` (its
`--club SLUG`). Models owned by a club declare `objects = ClubScoped(...)`: while a club is current, every query
through that manager (lists, `get_object_or_404`, related lookups) sees only the current club's rows, so another
club's object is simply not found (404). With no current club (migrations, Celery jobs that were handed an id,
an anonymous visitor on a service of several clubs without the club's address) the manager does not filter.

The condition is a subquery on the owner's id (`event_id IN (SELECT ...)`), never a join, so
`select_for_update()` still locks only the row it asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar, cast

from django.apps import apps
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.expressions import RawSQL
from django.utils.translation import gettext as _

M = TypeVar("M", bound=models.Model)

_current: ContextVar[int | None] = ContextVar("bridgedesk_current_club", default=None)

DEFAULT_SLUG = "club"
DEFAULT_NAME = "Our club"


class NoCurrentClub(LookupError):
    """A root was made with no current club on a service of several clubs: say which club it belongs to."""


def current_club_id() -> int | None:
    return _current.get()


@contextmanager
def using_club(club_id: int | None) -> Iterator[None]:
    """Make `club_id` the current club for the block (a request, a command, a test)."""
    token = _current.set(club_id)
    try:
        yield
    finally:
        _current.reset(token)


def only_club_id() -> int | None:
    """The club of a one-club service (made here if there is none yet: the laptop's first start); else None."""
    Club = apps.get_model("clubs", "Club")
    ids = list(Club.objects.order_by("pk").values_list("pk", flat=True)[:2])
    if not ids:
        made = Club.objects.get_or_create(
            slug=DEFAULT_SLUG, defaults={"name": DEFAULT_NAME, "time_zone": settings.TIME_ZONE}
        )[0]
        return int(made.pk)
    return ids[0] if len(ids) == 1 else None


def new_row_club() -> int:
    """The club a new root belongs to (the `tenant` field's default): the current club, else the only one."""
    club = _current.get() or only_club_id()
    if club is None:
        Club = apps.get_model("clubs", "Club")
        names = ", ".join(Club.objects.order_by("slug").values_list("slug", flat=True))
        message = _("This service has several clubs: say which one with --club SLUG (%(clubs)s).")
        raise NoCurrentClub(message % {"clubs": names})
    return club


_language_of: Callable[[int], str] | None = None


def set_language_reader(reader: Callable[[int], str]) -> None:
    """The clubs app hands over how to read a club's language (from its cached directory), at start-up: this
    layer sits below the clubs and cannot import them, and a page must not pay a query for it."""
    global _language_of
    _language_of = reader


def club_language() -> str | None:
    """The current club's own default language, or None (no current club, or the club left it blank)."""
    club = _current.get()
    return (_language_of(club) or None) if club and _language_of else None


class ClubScoped(models.Manager[M]):
    """The default manager of a club's roots: only the current club's rows while a club is current.

    Each owner is a field name and the path from its model to the club: `ClubScoped(("tenant", ""))` for a
    root holding the club itself, `ClubScoped(("event", "tenant"))` for a session (its event's club); several
    owners (a table link's section or teams match) are alternatives.
    """

    owners: tuple[tuple[str, str], ...] = ()

    def __init__(self, *owners: tuple[str, str]) -> None:
        super().__init__()
        if owners:
            self.owners = owners

    def get_queryset(self) -> models.QuerySet[M]:
        qs = super().get_queryset()
        club = _current.get()
        if club is None or not self.owners:
            return qs
        return qs.filter(self.condition(club))

    def condition(self, club: int) -> Q:
        found = Q()
        for field, path in self.owners:
            if not path:
                found |= Q(**{f"{field}_id": club})
                continue
            found |= Q(**{f"{field}__in": RawSQL(self._owners_sql(field, path), (club,))})
        return found

    def _owners_sql(self, field: str, path: str) -> str:
        """`SELECT id FROM <owner> WHERE <path to the club> = %s`, compiled once per process: compiling the ORM's
        subquery again in every scoped lookup was most of what scoping cost a request (issue 24; the SQL is the
        same, tests/tournaments/clubs/test_scoping_cost.py)."""
        key = (self.model._meta.label, field)
        sql = _OWNERS_SQL.get(key)
        if sql is None:
            owner = cast(type[models.Model], self.model._meta.get_field(field).related_model)
            sql, params = owner._base_manager.filter(**{f"{path}_id": 0}).values("pk").query.sql_with_params()
            assert params == (0,), params  # the club is the one parameter
            _OWNERS_SQL[key] = sql
        return sql


_OWNERS_SQL: dict[tuple[str, str], str] = {}  # (model, owner field) -> the owners' subquery, with the club a parameter


def tenant_field(null: bool = False) -> models.ForeignKey[Any, Any]:
    """The `tenant` field of a club's root (Event, Member, Party, TeamEvent, Simultaneous, GeneratedFile).

    Named `tenant`, not `club`: `Event.club` already holds the club's name as printed on a masthead. `null`: a
    row that may belong to no club (a federation's file); such a row is seen only while no club is current.
    """
    return models.ForeignKey(
        "clubs.Club",
        null=null,
        blank=null,
        on_delete=models.PROTECT,
        default=new_row_club,
        related_name="+",
        help_text="The club this belongs to",
    )
