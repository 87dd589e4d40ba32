"""Putting a teams event away, and bringing it back: a mistake undone without losing anything.

Archiving, not deleting, as for sessions (sessions/services/archive.py): the audit log keeps its rows; an archived
event leaves the teams list and its rooms' table links are refused until a director restores it.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.tableside import hub
from tournaments.tableside.models import TableLink
from tournaments.teams import selectors
from tournaments.teams.models import TeamBoard, TeamEvent, TeamMatch


def what_goes_with(event: TeamEvent) -> list[str]:
    """What an archived teams event takes off the lists with it, in words, for the confirmation page."""
    teams = event.teams.count()
    rounds = event.draw_rounds.count()
    matches = TeamMatch.objects.filter(round__event=event).count()
    boards = TeamBoard.objects.filter(match__round__event=event).count()
    links = TableLink.objects.filter(match__round__event=event, revoked_at__isnull=True).count()
    counted = {
        "teams": ngettext("%(count)s team", "%(count)s teams", teams) % {"count": teams},
        "rounds": ngettext("%(count)s round", "%(count)s rounds", rounds) % {"count": rounds},
        "matches": ngettext("%(count)s match", "%(count)s matches", matches) % {"count": matches},
        "boards": ngettext("%(count)s board", "%(count)s boards", boards) % {"count": boards},
        "links": ngettext("%(count)s room table link", "%(count)s room table links", links) % {"count": links},
    }
    return [
        _("%(teams)s, %(rounds)s drawn with %(matches)s") % counted,
        _("%(boards)s scored, its standings and penalties") % counted,
        _("its %(links)s (phones can no longer open them)") % counted,
    ]


def _set_archived(actor: Actor, event: TeamEvent, archived: bool, why: str) -> bool:
    with transaction.atomic():
        current = TeamEvent.objects.select_for_update().get(pk=event.pk)
        if (current.archived_at is not None) == archived:
            return False
        before = current.archived_at
        current.archived_at = timezone.now() if archived else None
        current.version += 1  # pages and caches keyed on the version drop it at once
        current.save(update_fields=["archived_at", "version", "updated_at"])
        hub.publish_on_commit(selectors.event_key(current.pk))  # a room's page then shows its link is closed
        audit.record(
            actor=actor,
            action=AuditAction.TEAMS_ARCHIVE if archived else AuditAction.TEAMS_RESTORE,
            target=current,
            old={"archived_at": before.isoformat() if before else None},
            new={"archived_at": current.archived_at.isoformat() if current.archived_at else None},
            why=why,
        )
    event.archived_at, event.version = current.archived_at, current.version
    return True


def archive_event(*, actor: Actor, event: TeamEvent, why: str = "") -> bool:
    """Put the teams event away (False if it already was)."""
    return _set_archived(actor, event, True, why)


def restore_event(*, actor: Actor, event: TeamEvent, why: str = "") -> bool:
    """Bring an archived teams event back to the list, its links working again."""
    return _set_archived(actor, event, False, why)
