"""Which clubs the service has, kept in Django's cache so working out a request's club costs no query.

Every web process reads the same cached map (Redis on a service, local memory on the laptop); saving or deleting
a club drops it, and the next request builds it again (a handful of rows: slug, host, id).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tournaments.clubs.models import Club
from tournaments.core.tenancy import only_club_id

KEY = "clubs:directory:1"


@dataclass(frozen=True)
class Directory:
    by_slug: dict[str, int] = field(default_factory=dict)
    by_host: dict[str, int] = field(default_factory=dict)
    time_zones: dict[int, str] = field(default_factory=dict)

    @property
    def only(self) -> int | None:
        """The club of a one-club service (the laptop), else None."""
        ids = set(self.by_slug.values())
        return next(iter(ids)) if len(ids) == 1 else None


def directory() -> Directory:
    found = cache.get(KEY)
    if isinstance(found, Directory):
        return found
    rows = list(Club.objects.values_list("pk", "slug", "host", "time_zone"))
    if not rows:  # the first start of a laptop whose migration made no club (a flushed test database)
        only_club_id()
        rows = list(Club.objects.values_list("pk", "slug", "host", "time_zone"))
    made = Directory(
        {slug: pk for pk, slug, _, _ in rows},
        {host.lower(): pk for pk, _, host, _ in rows if host},
        {pk: zone for pk, _, _, zone in rows},
    )
    cache.set(KEY, made, 300)
    return made


@receiver([post_save, post_delete], sender=Club)
def _forget(**kwargs: Any) -> None:
    cache.delete(KEY)
