"""A section set up again before play (issue 30): other pairs came, or another movement suits the evening.

The section keeps its row, its letter and the pairs already named whose number the new movement still has; its
movement rows, tables and rounds are made again from the new movement, pairs it no longer has are removed and new
ones added. Only while nothing has been scored in it (no result, no ruling): afterwards the rounds played would
move. One write of the section: locked first, audited, its version bumped and its set-up hooks run again (the
tables' links and settings).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.sessions.models import Entry, Result, Ruling, Section, TableRound
from tournaments.sessions.services.sessions import (
    SectionSpec,
    _create_entries,
    _set_up,
    build_movement,
    entry_labels,
    relay_section,
)
from tournaments.sessions.services.versions import bump, lock_section, refuse_if_finished

__all__ = ["set_up_section_again"]


def _refuse_if_scored(section: Section) -> None:
    if Result.objects.filter(section=section).exists() or Ruling.objects.filter(section=section).exists():
        raise ValidationError(
            _("Results have been entered in this section: it can no longer be set up again for other pairs.")
        )


@transaction.atomic
def set_up_section_again(*, actor: Actor, section: Section, spec: SectionSpec, why: str = "") -> Section:
    """Make the section's movement again from `spec` (pairs, kind, boards a round, rounds) before any score;
    ValidationError with the reason otherwise (nothing written)."""
    lock_section(section.pk)
    section = Section.objects.select_related("session").get(pk=section.pk)
    refuse_if_finished(section.session)
    _refuse_if_scored(section)
    movement = build_movement(spec)
    labels = entry_labels(movement)
    old = {e.label: e.pk for e in Entry.objects.filter(section=section)}
    before = {"pairs": len(old), "kind": section.movement_kind, "tables": section.tables, "rounds": section.rounds}
    TableRound.objects.filter(section=section).delete()
    Entry.objects.filter(pk__in=[pk for label, pk in old.items() if label not in labels]).delete()
    entries = _create_entries(section, [label for label in labels if label not in old])
    relay_section(section, movement, entries)
    audit.record(
        actor=actor,
        action=AuditAction.SECTION_SET_UP_AGAIN,
        target=section,
        session_id=section.session_id,
        old=before,
        new={"pairs": len(labels), "kind": movement.kind, "tables": movement.tables, "rounds": movement.rounds},
        why=why,
    )
    bump(section.pk, session_id=section.session_id)
    _set_up(section)
    return section
