"""Publishing a session, calling it final, and keeping the public list of corrections.

Corrections are found from the audit log, so every write path (traveller, pickup slip, ruling, names, a table's
phone, an import) is covered without each having to remember to tell publishing: `record_corrections` takes the
audit entries since the figures the public last saw, and if any changed a result, a ruling or a name, it lists
them with each pair whose percentage moved, before and after. It runs when the change is made (the section's
version bump calls `corrections_after_write`, in the writer's transaction), never when a reader asks.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.core.actors import Actor, user_of
from tournaments.publishing import cdn, rebuild, wording
from tournaments.publishing.models import Correction, Publication, PublishedFigures
from tournaments.sessions.models import Member, Session
from tournaments.sessions.selectors import audit_trail
from tournaments.sessions.selectors.scores import score_session
from tournaments.sessions.services.versions import lock_sections

# Audit actions that change what the public pages show (results, rulings, names, late pairs, imports).
PUBLIC_CHANGES = ("result.", "ruling.", "entry.", "session.imported", "session.deals_imported")


def current_figures(session: Session) -> dict[str, dict[str, Any]]:
    """Every pair's label, names, percentage, total and place now, keyed by entry id (as JSON keys are)."""
    out: dict[str, dict[str, Any]] = {}
    all_scores = score_session(session)
    several = len(all_scores) > 1
    for scores in all_scores:
        for field in scores.standings.values():
            for standing in field:
                entry = standing.entry
                label = f"{entry.label} ({entry.section.letter})" if several else entry.label
                out[str(entry.pk)] = {
                    "pair": label,
                    "names": " & ".join(p.name for p in entry.players.all()),
                    "pct": None if standing.percentage is None else round(standing.percentage, 2),
                    "total": round(standing.total, 2),
                    "place": standing.place,
                }
    return out


def _last_audit_id(session: Session) -> int:
    return AuditEntry.objects.filter(session_id=session.pk).order_by("-id").values_list("id", flat=True).first() or 0


def publish(
    *, actor: Actor, session: Session, final: bool = False, provisional_hours: int | None = None
) -> Publication:
    """Make the session's results public (again); `final` skips the provisional banner at once."""
    if not session.sections.exists():
        raise ValidationError(_("The session has no sections yet: there is nothing to publish."))
    if provisional_hours is not None and not 0 <= provisional_hours <= 24 * 30:
        raise ValidationError({"provisional_hours": _("Between 0 and 720 hours.")})
    now = timezone.now()
    with transaction.atomic():
        lock_sections(session.pk)  # first, as every writer: the audit chain and this row are locked after it
        Session.objects.select_for_update().filter(pk=session.pk).first()
        pub = Publication.objects.filter(session=session).first()
        old = None if pub is None else {"is_public": pub.is_public, "final_at": _iso(pub.final_at)}
        if pub is None:
            pub = Publication(
                session=session,
                published_at=now,
                published_by=user_of(actor),
                provisional_hours=settings.PUBLISH_PROVISIONAL_HOURS,
            )
        elif not pub.is_public:
            pub.is_public, pub.published_at, pub.published_by = True, now, user_of(actor)
        if provisional_hours is not None:
            pub.provisional_hours = provisional_hours
        if final and pub.final_at is None:
            pub.final_at = now
        pub.save()
        audit.record(
            actor=actor,
            action=AuditAction.SESSION_PUBLISH,
            target=pub,
            session_id=session.pk,
            old=old,
            new={"is_public": True, "final_at": _iso(pub.final_at), "provisional_hours": pub.provisional_hours},
        )
        PublishedFigures.objects.create(
            publication=pub, last_audit_id=_last_audit_id(session), pairs=current_figures(session)
        )
        cdn.purge_after_write(session.pk)  # a CDN holding the pages (a previous publication's) drops them
        rebuild.rebuild_after_write(session.pk)  # the pages readers read, rebuilt by a job
    return pub


def mark_final(*, actor: Actor, session: Session) -> Publication:
    """The director says the results will not change any more: the provisional banner goes."""
    with transaction.atomic():
        lock_sections(session.pk)
        pub = Publication.objects.select_for_update().filter(session=session, is_public=True).first()
        if pub is None:
            raise ValidationError(_("Publish the results before marking them final."))
        if pub.final_at is None:
            pub.final_at = timezone.now()
            pub.save(update_fields=["final_at", "updated_at"])
            audit.record(
                actor=actor, action=AuditAction.SESSION_FINAL, target=pub, session_id=session.pk, new=_iso(pub.final_at)
            )
            cdn.purge_after_write(session.pk)  # the provisional banner leaves the held pages too
            rebuild.rebuild_after_write(session.pk)
    return pub


def unpublish(*, actor: Actor, session: Session) -> None:
    """Hide the public pages again (a wrong session published); corrections listed so far are kept."""
    with transaction.atomic():
        lock_sections(session.pk)
        pub = Publication.objects.select_for_update().filter(session=session, is_public=True).first()
        if pub is None:
            return
        pub.is_public = False
        pub.save(update_fields=["is_public", "updated_at"])
        audit.record(actor=actor, action=AuditAction.SESSION_UNPUBLISH, target=pub, session_id=session.pk)
        cdn.purge_after_write(session.pk)  # hidden from the CDN's copies as well


def corrections_after_write(session_id: int) -> None:
    """The write path's hook (registered in tournaments/apps.py): a public session lists the change at once."""
    if Publication.objects.filter(session_id=session_id, is_public=True).exists():
        record_corrections(Session.objects.get(pk=session_id))


def record_corrections(session: Session) -> Correction | None:
    """List publicly what changed since the figures the public last saw; None when nothing did.

    Safe to call from any number of processes at once: the publication row is locked while it runs.
    """
    with transaction.atomic():
        pub = Publication.objects.select_for_update().filter(session=session, is_public=True).first()
        if pub is None:
            return None
        seen = pub.figures.order_by("-id").first()
        since = seen.last_audit_id if seen is not None else 0
        entries = [
            e
            for e in AuditEntry.objects.filter(session_id=session.pk, id__gt=since).order_by("id")
            if e.action.startswith(PUBLIC_CHANGES)
        ]
        if not entries:
            return None
        now_figures = current_figures(session)
        before = seen.pairs if seen is not None else {}
        moves = [
            {"pair": now["pair"], "names": now["names"], "before": before[key]["pct"], "after": now["pct"]}
            for key, now in now_figures.items()
            if key in before and before[key]["pct"] != now["pct"]
        ]
        names = audit_trail.names_by_id(session.pk)
        changes = [
            {
                "when": e.created_at.isoformat(),
                "action": e.action,
                "what": subject,
                "fields": [list(c) for c in fields],
                "text": wording.change_words(e, audit_trail.readable(e.old, names), audit_trail.readable(e.new, names)),
                "why": e.why,
            }
            for e, subject, fields in audit_trail.readable_entries(entries, session.pk)
        ]
        correction = Correction.objects.create(publication=pub, changes=changes, moves=moves)
        PublishedFigures.objects.create(publication=pub, last_audit_id=entries[-1].id, pairs=now_figures)
    return correction


def _iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


@transaction.atomic
def revoke_player_links(*, actor: Actor, member: Member) -> None:
    """Every private results link of `member` made until now stops working (others' links are untouched); the
    next results e-mail brings a fresh one. From the next whole second, as the links carry seconds."""
    locked = Member.objects.select_for_update().get(pk=member.pk)
    old = locked.links_valid_from.isoformat() if locked.links_valid_from else None
    locked.links_valid_from = timezone.now().replace(microsecond=0) + timedelta(seconds=1)
    locked.save(update_fields=["links_valid_from"])
    audit.record(
        actor=actor,
        action=AuditAction.MEMBER_LINKS_REVOKE,
        target=locked,
        old={"links_valid_from": old},
        new={"links_valid_from": locked.links_valid_from.isoformat()},
    )
    member.links_valid_from = locked.links_valid_from
