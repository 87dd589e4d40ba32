"""A table's round clock and its calls for the director: each write locks the session's sections and bumps the
version, so every table's clock, the live panel and the big screen see it (split from services.py at 500 lines)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from tournaments.core.actors import Actor, user_of
from tournaments.sessions.models import Session
from tournaments.sessions.services.versions import bump, bump_session, lock_section, lock_sections
from tournaments.tableside.models import DirectorCall, RoundTimer, TableLink


def timer_of(session: Session) -> RoundTimer:
    """The session's round clock as stored, or a stopped one (unsaved): reading it never writes."""
    return RoundTimer.objects.filter(session=session).first() or RoundTimer(session=session)


def timer_action(*, session: Session, action: str, minutes: int | None = None) -> RoundTimer:
    """start (a new round), pause, resume, add (minutes, may be negative), or set (minutes a round)."""
    with transaction.atomic():
        lock_sections(session.pk)
        RoundTimer.objects.get_or_create(session=session)
        timer = RoundTimer.objects.select_for_update().get(session=session)
        bump_session(session.pk, keeps_map=True)  # every clock, the panel, the screen: their polls see a new version
        now = timezone.now()
        if action == "start":
            timer.started_at, timer.paused_at, timer.paused_seconds, timer.extra_seconds = now, None, 0.0, 0
        elif action == "pause" and timer.started_at and timer.paused_at is None:
            timer.paused_at = now
        elif action == "resume" and timer.paused_at is not None:
            timer.paused_seconds += (now - timer.paused_at).total_seconds()
            timer.paused_at = None
        elif action == "add" and minutes is not None:
            timer.extra_seconds += 60 * max(-60, min(60, minutes))
        elif action == "set" and minutes is not None and 1 <= minutes <= 120:
            timer.minutes = minutes
        timer.save()
    return timer


def call_director(link: TableLink) -> DirectorCall:
    """A table asks for the director; a second press while one is open is the same call."""
    with transaction.atomic():
        lock_section(link.table_section_id)
        open_call = DirectorCall.objects.filter(link=link, answered_at__isnull=True).first()
        if open_call is not None:
            return open_call
        bump(link.table_section_id, keeps_map=True)  # the panel's polls see the call
        return DirectorCall.objects.create(link=link)


def answer_call(*, actor: Actor, call: DirectorCall) -> None:
    with transaction.atomic():
        lock_section(call.link.table_section_id)
        answered = DirectorCall.objects.filter(pk=call.pk, answered_at__isnull=True).update(
            answered_at=timezone.now(), answered_by=user_of(actor)
        )
        if answered:
            bump(call.link.table_section_id, keeps_map=True)
