"""Adding and editing club members from their own page: one audited write, so a changed address or a member
made inactive is on record like any other change."""

from __future__ import annotations

from django.db import transaction

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.sessions.models import Member

FIELDS = ["name", "national_id", "email", "active", "email_opt_out", "language"]


@transaction.atomic
def save_member(*, actor: Actor, member: Member) -> Member:
    """Save a new or edited member (already validated by its form) and record what changed."""
    before = None
    if member.pk is not None:
        stored = Member.objects.select_for_update().filter(pk=member.pk).first()
        before = audit.snapshot(stored, FIELDS) if stored is not None else None
    member.save()
    after = audit.snapshot(member, FIELDS)
    if after != before:
        audit.record(actor=actor, action=AuditAction.MEMBER_SAVE, target=member, old=before, new=after)
    return member
