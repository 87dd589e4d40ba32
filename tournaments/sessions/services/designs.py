"""Club movements (the movement designer): saved through here, checked by the validator, audited."""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.movements import MovementError
from tournaments.movements.designer import design_from_grid
from tournaments.sessions.models import ClubMovement
from tournaments.sessions.selectors.designs import movement_of

__all__ = ["movement_of", "save_design"]

FIELDS = ["name", "kind", "tables", "rounds", "cells", "version"]


@transaction.atomic
def save_design(
    *, actor: Actor, name: str, kind: str, tables: int, rounds: int, cells: Mapping[str, str]
) -> ClubMovement:
    """Save (or replace, by name) a club movement; a grid that cannot be read is refused with its message.

    A movement the validator faults is still saved (the director may want a relay, or to finish it later): the
    designer page shows the messages beside it."""
    name = name.strip()
    if not name:
        raise ValidationError({"name": gettext("Name the movement.")})
    try:
        design_from_grid(cells, kind=kind, rounds=rounds, tables=tables, name=name)
    except MovementError as error:
        raise ValidationError({"cells": str(error)}) from error
    kept = {k: str(v) for k, v in cells.items() if str(v).strip()}
    stored = ClubMovement.objects.select_for_update().filter(name=name).first()
    before = audit.snapshot(stored, FIELDS) if stored is not None else None
    if stored is None:
        stored = ClubMovement(name=name, kind=kind, tables=tables, rounds=rounds, cells=kept)
    else:
        stored.kind, stored.tables, stored.rounds, stored.cells = kind, tables, rounds, kept
        stored.version += 1
    stored.save()
    audit.record(
        actor=actor,
        action=AuditAction.MOVEMENT_SAVE,
        target=stored,
        old=before,
        new=audit.snapshot(stored, FIELDS),
    )
    return stored
