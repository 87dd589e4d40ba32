"""Putting a session (or a whole event) away, and bringing it back: a mistake undone without losing anything.

Archiving, not deleting: the audit log is append-only with one hash chain per session, so a session's rows stay
and `verify_audit` stays green; an archived session leaves the director's list and the public results pages,
and a director restores it from the archive list.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.sessions.models import Entry, Event, Result, Ruling, Session
from tournaments.sessions.services.versions import bump_session, lock_sections


def what_goes_with(session: Session) -> list[str]:
    """What an archived session takes off the lists with it, in words, for the confirmation page."""
    sections = session.sections.count()
    entries = Entry.objects.filter(section__session=session).count()
    results = Result.objects.filter(section__session=session).count()
    rulings = Ruling.objects.filter(session=session).count()
    counted = {
        "sections": ngettext("%(count)s section", "%(count)s sections", sections) % {"count": sections},
        "pairs": ngettext("%(count)s pair", "%(count)s pairs", entries) % {"count": entries},
        "results": ngettext("%(count)s result", "%(count)s results", results) % {"count": results},
        "rulings": ngettext("%(count)s ruling", "%(count)s rulings", rulings) % {"count": rulings},
    }
    words = [
        _("%(sections)s with %(pairs)s") % counted,
        _("%(results)s and %(rulings)s") % counted,
        _("its table links (phones can no longer open them)"),
    ]
    if Session.objects.filter(pk=session.pk, publication__is_public=True).exists():
        words.append(_("its public results pages (they stop being shown)"))
    return words


def _set_archived(actor: Actor, session: Session, archived: bool, why: str) -> bool:
    with transaction.atomic():
        lock_sections(session.pk)
        current = Session.objects.select_for_update().get(pk=session.pk)
        if (current.archived_at is not None) == archived:
            return False
        before = current.archived_at
        current.archived_at = timezone.now() if archived else None
        current.save(update_fields=["archived_at"])
        audit.record(
            actor=actor,
            action=AuditAction.SESSION_ARCHIVE if archived else AuditAction.SESSION_RESTORE,
            target=current,
            session_id=current.pk,
            old={"archived_at": before.isoformat() if before else None},
            new={"archived_at": current.archived_at.isoformat() if current.archived_at else None},
            why=why,
        )
        bump_session(current.pk)  # public pages and caches keyed on the version drop it at once
    session.archived_at = current.archived_at
    return True


def archive_session(*, actor: Actor, session: Session, why: str = "") -> bool:
    """Put the session away (False if it already was)."""
    return _set_archived(actor, session, True, why)


def restore_session(*, actor: Actor, session: Session, why: str = "") -> bool:
    """Bring an archived session back to the lists and, if it was published, to the public pages."""
    return _set_archived(actor, session, False, why)


def archive_event(*, actor: Actor, event: Event, why: str = "") -> int:
    """Put every session of the event away, all or none; returns how many were archived now."""
    with transaction.atomic():
        return sum(archive_session(actor=actor, session=s, why=why) for s in event.sessions.order_by("pk"))
