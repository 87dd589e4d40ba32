"""A section's table settings: the director's choices of what the tables see and may do (TableSettings),
read with defaults and saved through the section's write path (locked, audited, version bumped)."""

from __future__ import annotations

from django.db import transaction

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.sessions.models import Section, Session
from tournaments.sessions.services.versions import bump, lock_section
from tournaments.tableside.models import TableSettings


def settings_of(section: Section) -> TableSettings:
    """The section's table settings as stored, or the defaults (unsaved) for a section set up before they were."""
    return TableSettings.objects.filter(section=section).first() or TableSettings(section=section)


# The director's choices a section's table settings hold, as the panel's form names them (s<pk>-<name>).
SETTING_CHOICES = (
    "opponents_confirm",
    "show_traveller",
    "sign_in",
    "hands_at_table",
    "show_hand",
    "traveller_names",
    "traveller_percentages",
    "running_percentage",
    "ranking_after_round",
    "table_changes",
    "bidding",
    "play",
)


def save_settings(*, actor: Actor, session: Session, choices: dict[int, dict[str, bool]]) -> None:
    """Set each section's {section id: {choice: on}} (names from SETTING_CHOICES; a choice not given keeps its
    value): locked, audited, versions bumped."""
    with transaction.atomic():
        for section in Section.objects.filter(session=session, pk__in=choices).order_by("pk"):
            lock_section(section.pk)
            settings, _created = TableSettings.objects.select_for_update().get_or_create(section=section)
            old = {name: getattr(settings, name) for name in SETTING_CHOICES}
            for name, on in choices[section.pk].items():
                if name in SETTING_CHOICES:
                    setattr(settings, name, bool(on))
            new = {name: getattr(settings, name) for name in SETTING_CHOICES}
            if new == old and settings.pk is not None:
                continue
            settings.save()
            audit.record(
                actor=actor,
                action=AuditAction.TABLE_SETTINGS,
                target=settings,
                session_id=session.pk,
                old=old,
                new=new,
            )
            bump(section.pk)
