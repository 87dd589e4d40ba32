"""A party's table links: one secret link per table of the party (tableside's TableLink, owned by the party and
the table's number), for the guests at that table to enter their round on the one table page `/t/<token>/`
through the table API, with no login (the token is the key; tournaments/parties/terminal.py answers it).

A link belongs to the table, not to a round: the guests move at each progression, the phone (and the printed QR
code) stays. The links are made when the tally cards are drawn (`services.start_party`); a party started before
table links existed gets them from the host's links page (a POST). Issuing, withdrawing and re-issuing are writes
of the party: locked, audited, the party's version bumped.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.parties.finishing import bump_party
from tournaments.parties.models import Party, PartyTable
from tournaments.tableside.models import TableLink

__all__ = ["expire", "issue_links", "issue_party_links", "live_links", "revoke", "table_url"]


def table_url(link: TableLink, base: str | None = None) -> str:
    """The party table's phone page: the one table page of every event kind."""
    return (base or settings.SITE_URL).rstrip("/") + reverse("tableside:table", args=[link.token])


def live_links(party: Party) -> list[TableLink]:
    """The party's live links by table (reading them never issues one: a GET never writes)."""
    return list(TableLink.objects.filter(party=party, revoked_at__isnull=True).order_by("table"))


def issue_links(party: Party, tables: Iterable[int]) -> list[TableLink]:
    """The live link of each of these tables (issuing the missing ones); the caller holds the party's lock and
    bumps its version (start_party, issue_party_links)."""
    live = {link.table: link for link in TableLink.objects.filter(party=party, revoked_at__isnull=True)}
    out = []
    for number in sorted(set(tables)):
        link = live.get(number)
        if link is None:
            link = TableLink.objects.create(party=party, table=number)
        out.append(link)
    return out


@transaction.atomic
def issue_party_links(*, actor: Actor, party: Party) -> list[TableLink]:
    """Give each table of the party's current round its link (a party started before the links existed)."""
    party = Party.objects.select_for_update().get(pk=party.pk)
    numbers = PartyTable.objects.filter(round__party=party).values_list("number", flat=True).distinct()
    before = {link.table for link in live_links(party)}
    links = issue_links(party, numbers)
    made = [link.table for link in links if link.table not in before]
    if made:
        audit.record(actor=actor, action=AuditAction.TABLE_LINK_ISSUE, target=party, new={"tables": made})
        bump_party(party.pk)
    return links


def _end(actor: Actor, link: TableLink) -> tuple[Party, TableLink]:
    """The party locked first (as every write of it), then the link, revoked once and audited."""
    party = Party.objects.select_for_update().get(pk=link.table_party.pk)
    locked = TableLink.objects.select_for_update().get(pk=link.pk)
    if locked.revoked_at is None:
        locked.revoked_at = timezone.now()
        locked.save(update_fields=["revoked_at"])
        audit.record(actor=actor, action=AuditAction.TABLE_LINK_REVOKE, target=locked, old={"table": locked.table})
    return party, locked


@transaction.atomic
def revoke(*, actor: Actor, link: TableLink) -> TableLink:
    """End a party table's link at once (a phone left the room) and issue the table a new one."""
    party, locked = _end(actor, link)
    fresh = issue_links(party, [locked.table])[0]
    audit.record(actor=actor, action=AuditAction.TABLE_LINK_ISSUE, target=fresh, new={"table": fresh.table})
    bump_party(party.pk)
    return fresh


@transaction.atomic
def expire(*, actor: Actor, link: TableLink) -> None:
    """End a link past its life without a new one (the scheduler's expiry): locked, audited, version bumped."""
    party, _locked = _end(actor, link)
    bump_party(party.pk)
