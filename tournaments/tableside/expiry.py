"""Links past their life: a table link or a big screen's link made more than TABLE_LINK_DAYS ago whose event is
not being played is revoked through its owner's write gateway (a session's section, a teams event, a party), as a
director's revoke would: locked, audited (by no one: the scheduler), the owner's version bumped so its phones'
streams on every process hear of it, and not reissued.

Run daily by Celery beat (`bridgedesk.expire_links`, `EXPIRE_LINKS_AT`). A link of an event still being played
(a season's teams league, an evening that runs late) stays; an event set up again later gets new links from its
director as usual. Revoking is idempotent: a revoked link is skipped, so a second run changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone

from tournaments.core import lifecycle
from tournaments.parties import table_links as party_tables
from tournaments.tableside.models import ScreenLink, TableLink
from tournaments.tableside.screenlinks import revoke_screen_link
from tournaments.tableside.services import revoke
from tournaments.teams import tables as rooms


@dataclass(frozen=True)
class Expired:
    """How many links of each kind the run revoked."""

    tables: int = 0
    screens: int = 0


def _cut_off(now: datetime) -> datetime:
    return now - timedelta(days=settings.TABLE_LINK_DAYS)


def _expired_tables(now: datetime) -> QuerySet[TableLink]:
    """Live table links made before the cut-off, of an event (session, party, teams event) not being played."""
    links = TableLink._base_manager.filter(revoked_at__isnull=True, created_at__lt=_cut_off(now))  # every club's
    links = links.exclude(session__status=lifecycle.PLAYING).exclude(party__status=lifecycle.PLAYING)
    return links.exclude(team_event__status=lifecycle.PLAYING).order_by("pk")


def _expired_screens(now: datetime) -> QuerySet[ScreenLink]:
    """Live screen links made before the cut-off, of a session or party not being played."""
    links = ScreenLink._base_manager.filter(revoked_at__isnull=True, created_at__lt=_cut_off(now))
    links = links.exclude(session__status=lifecycle.PLAYING).exclude(party__status=lifecycle.PLAYING)
    return links.order_by("pk")


def expire_links(now: datetime | None = None) -> Expired:
    """Revoke every expired table and screen link; returns how many of each went."""
    now = now or timezone.now()
    tables = list(_expired_tables(now))
    for link in tables:
        # Each through its owner's write gateway (locked, audited, version bumped: the phone's stream hears it).
        if link.is_room:
            rooms.expire(actor=None, link=link)
        elif link.is_party:
            party_tables.expire(actor=None, link=link)
        else:
            revoke(actor=None, link=link)
    screens = list(_expired_screens(now))
    for screen in screens:
        revoke_screen_link(actor=None, link=screen)
    return Expired(tables=len(tables), screens=len(screens))
