"""Putting a party away, and bringing it back: a mistake undone without losing anything.

Archiving, not deleting, as for sessions and teams events: the guests, rounds, tallies and the audit log stay; an
archived party leaves the host's list and its TV screen link is refused until the host restores it.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.parties.finishing import bump_party
from tournaments.parties.models import Party, PartyTable


def what_goes_with(party: Party) -> list[str]:
    """What an archived party takes off the list with it, in words, for the confirmation page."""
    guests = party.guests.count()
    rounds = party.rounds.count()
    tables = PartyTable.objects.filter(round__party=party).exclude(entry="").count()
    counted = {
        "guests": ngettext("%(count)s guest", "%(count)s guests", guests) % {"count": guests},
        "rounds": ngettext("%(count)s round", "%(count)s rounds", rounds) % {"count": rounds},
        "tables": ngettext("%(count)s table", "%(count)s tables", tables) % {"count": tables},
    }
    return [
        _("%(guests)s and their tally cards") % counted,
        _("%(rounds)s with %(tables)s entered, the tallies and the prize list") % counted,
        _("its screen link (the TV can no longer open it)"),
    ]


def _set_archived(actor: Actor, party: Party, archived: bool, why: str) -> bool:
    with transaction.atomic():
        current = Party.objects.select_for_update().get(pk=party.pk)
        if (current.archived_at is not None) == archived:
            return False
        before = current.archived_at
        current.archived_at = timezone.now() if archived else None
        current.save(update_fields=["archived_at", "updated_at"])
        audit.record(
            actor=actor,
            action=AuditAction.PARTY_ARCHIVE if archived else AuditAction.PARTY_RESTORE,
            target=current,
            old={"archived_at": before.isoformat() if before else None},
            new={"archived_at": current.archived_at.isoformat() if current.archived_at else None},
            why=why,
        )
        bump_party(current.pk)  # its table links and TV link are refused (or work again): their pages hear it
    party.archived_at = current.archived_at
    return True


def archive_party(*, actor: Actor, party: Party, why: str = "") -> bool:
    """Put the party away (False if it already was)."""
    return _set_archived(actor, party, True, why)


def restore_party(*, actor: Actor, party: Party, why: str = "") -> bool:
    """Bring an archived party back to the host's list, its screen link working again."""
    return _set_archived(actor, party, False, why)
