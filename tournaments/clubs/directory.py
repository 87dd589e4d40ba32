"""Which clubs the service has and how each looks, kept in Django's cache: working out a request's club and
drawing its header cost no query.

Every web process reads the same cached map (Redis on a service, local memory on the laptop); saving or deleting
a club drops it, and the next request builds it again (one row a club). A request reads it once (the clubs'
middleware holds it for the request: `held`), however many of its parts ask: the club's address, its look, the
language, the header, the public page cache's key each asked again, a round trip to Redis and an unpickling each.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tournaments.clubs.models import Club
from tournaments.core.languages import default_paper
from tournaments.core.tenancy import current_club_id, only_club_id

KEY = "clubs:directory:3"


@dataclass(frozen=True)
class Look:
    """What a page needs of its club: the header (name, logo, colours), the time zone, paper and language."""

    pk: int
    slug: str
    name: str
    host: str
    logo: str
    colour: str
    text_colour: str
    time_zone: str
    paper: str
    language: str
    email_sender: str


@dataclass(frozen=True)
class Directory:
    clubs: dict[int, Look] = field(default_factory=dict)

    @property
    def only(self) -> int | None:
        """The club of a one-club service (the laptop), else None."""
        return next(iter(self.clubs)) if len(self.clubs) == 1 else None

    def by_slug(self, slug: str) -> int | None:
        return next((c.pk for c in self.clubs.values() if c.slug == slug), None)

    def by_host(self, host: str) -> int | None:
        return next((c.pk for c in self.clubs.values() if c.host and c.host == host), None)


FIELDS = (
    "pk", "slug", "name", "host", "logo", "colour", "text_colour", "time_zone", "paper", "language", "email_sender"
)  # fmt: skip


_held: ContextVar[Directory | None] = ContextVar("clubs_directory", default=None)


def directory() -> Directory:
    """The clubs: the one the current request holds (`held`), else read from the cache (built when missing)."""
    return _held.get() or _read()


@contextmanager
def held() -> Iterator[Directory]:
    """The directory read once and kept for what runs inside (a request: the clubs' middleware)."""
    token = _held.set(_read())
    try:
        yield directory()
    finally:
        _held.reset(token)


def _read() -> Directory:
    found = cache.get(KEY)
    if isinstance(found, Directory):
        return found
    if not Club.objects.exists():  # the first start of a laptop whose migration made no club (a flushed database)
        only_club_id()
    made = Directory({row[0]: Look(*row) for row in Club.objects.values_list(*FIELDS)})
    cache.set(KEY, made, 300)
    return made


def look(club_id: int | None) -> Look | None:
    return directory().clubs.get(club_id) if club_id else None


@receiver([post_save, post_delete], sender=Club)
def _forget(**kwargs: Any) -> None:
    cache.delete(KEY)
    _held.set(None)  # a request that saved a club reads the new directory for the rest of it


def club_paper() -> str:
    """The current club's paper size (a4 or letter), the PDFs' default: the club's choice, else (none chosen, or
    no current club) the custom of its country (Letter in the US and Canada)."""
    shown = look(current_club_id())
    if shown is None:
        return default_paper()
    return shown.paper or default_paper(shown.language, shown.time_zone)


def email_sender(club_id: int | None) -> str | None:
    """The club's From: address for its e-mails, or None for the settings' DEFAULT_FROM_EMAIL."""
    shown = look(club_id)
    return (shown.email_sender or None) if shown else None
