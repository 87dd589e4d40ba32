"""A party's lifecycle past set-up: finishing it, reopening it, the finished guard every party write calls, and
the party's version, which every party write bumps last.

The guard is the one lifecycle guard (tournaments/core/lifecycle.py) raising the party's EntryError with the
FINISHED code; a finished party changes nothing until the host reopens it (audited, as a session's reopen is).
The version (`Party.version`) keys the party pages' ETags and the pushes to them and to its tables' phones
(owner "party:N", read by `selectors.party_versions`, registered in tournaments/apps.py).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core import lifecycle
from tournaments.core.actors import Actor
from tournaments.parties.entries import EntryError, check_why
from tournaments.parties.models import Party, PartyTable
from tournaments.parties.selectors import party_key
from tournaments.tableside import hub

__all__ = ["bump_party", "finish_party", "refuse_if_finished", "reopen_party"]


def bump_party(party_id: int) -> None:
    """The last step of every party write, in its transaction: the version moves, and the party's pages and its
    tables' phones hear of it once the write commits."""
    Party.objects.filter(pk=party_id).update(version=F("version") + 1)
    hub.publish_on_commit(party_key(party_id))


def refuse_if_finished(party: Party, doing: str) -> None:
    """The party's finished guard (the one lifecycle guard): nothing changes until the host reopens it."""
    message = f"The party is finished: reopen it on the party page to {doing}."
    lifecycle.refuse_if_finished(party.status, message, error=EntryError)


@transaction.atomic
def finish_party(*, actor: Actor, party: Party) -> Party:
    """End the party after the last round played; a round nobody has entered yet is removed."""
    party = Party.objects.select_for_update().get(pk=party.pk)
    if party.status != Party.Status.PLAYING:
        raise EntryError(_("The party is not in play."))
    last = party.rounds.order_by("-number").first()
    if last is not None and not any(t.entered for t in last.tables.all()) and last.number > 1:
        last.delete()
    elif last is not None and not all(t.entered for t in last.tables.all()):
        waiting = [str(t.number) for t in last.tables.all() if not t.entered]
        raise EntryError(
            _("Round %(number)s is still being played at table %(join)s.")
            % {"number": last.number, "join": ", ".join(waiting)}
        )
    party.status = Party.Status.FINISHED
    party.save(update_fields=["status", "updated_at"])
    audit.record(actor=actor, action=AuditAction.PARTY_FINISH, target=party, old="playing", new="finished")
    bump_party(party.pk)
    return party


@transaction.atomic
def reopen_party(*, actor: Actor, party: Party, why: str = "") -> Party:
    """Back to playing after the party was finished, to correct a table or play on (audited, like a session's)."""
    why = check_why(why)
    party = Party.objects.select_for_update().get(pk=party.pk)
    if party.status != Party.Status.FINISHED:
        raise EntryError(_("The party is not finished."))
    party.status = Party.Status.PLAYING
    party.save(update_fields=["status", "updated_at"])
    audit.record(actor=actor, action=AuditAction.PARTY_REOPEN, target=party, old="finished", new="playing", why=why)
    bump_party(party.pk)
    return party


def locked_table(table: PartyTable) -> PartyTable:
    """The table locked for a score-pad write, refused before the party starts or once it is finished."""
    table = PartyTable.objects.select_for_update().select_related("round__party").get(pk=table.pk)
    if table.round.party.status == Party.Status.SETUP:
        raise EntryError(_("The party has not started."))
    refuse_if_finished(table.round.party, "change a table")
    return table
