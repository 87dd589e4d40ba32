"""Writes to an event as a whole: how its sessions carry over into the overall standings."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.sessions.models import Event


@transaction.atomic
def set_carry_over(*, actor: Actor, event: Event, carry_over: str, percent: int | None = None) -> Event:
    """Choose the carry-over (none, full, or a percentage of each earlier session); audited."""
    if carry_over not in Event.CarryOver.values:
        raise ValidationError(
            {"carry_over": _("Unknown carry-over %(carry_over)s.") % {"carry_over": repr(carry_over)}}
        )
    if carry_over == Event.CarryOver.PERCENT and (percent is None or not 0 <= percent <= 100):
        raise ValidationError({"carry_over_percent": _("Give the carry-over as a percentage from 0 to 100.")})
    event = Event.objects.select_for_update().get(pk=event.pk)
    before = audit.snapshot(event, ["carry_over", "carry_over_percent"])
    event.carry_over = carry_over
    if percent is not None:
        event.carry_over_percent = percent
    event.save(update_fields=["carry_over", "carry_over_percent", "updated_at"])
    audit.record(
        actor=actor,
        action=AuditAction.EVENT_CARRY_OVER,
        target=event,
        old=before,
        new=audit.snapshot(event, ["carry_over", "carry_over_percent"]),
    )
    return event
