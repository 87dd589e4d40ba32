"""Club movements read back: a saved grid as a Movement, and a section's movement made again from what it stores."""

from __future__ import annotations

import dataclasses

from django.utils.translation import gettext

from tournaments import movements
from tournaments.movements import Movement, MovementError
from tournaments.movements.designer import design_from_grid
from tournaments.sessions.models import ClubMovement

CLUB_VARIANT = "club:"  # a section's movement_variant "club:<ClubMovement id>": set up from a club movement


def movement_of(stored: ClubMovement) -> Movement:
    """The stored grid read back into a Movement (it was read once when saved, so this does not fail)."""
    return design_from_grid(
        stored.cells, kind=stored.kind, rounds=stored.rounds, tables=stored.tables, name=stored.name
    )


def club_id(variant: str | None) -> int | None:
    """The ClubMovement id a section's variant names ("club:7" -> 7), or None for a generated movement."""
    if not variant or not variant.startswith(CLUB_VARIANT) or not variant[len(CLUB_VARIANT) :].isdigit():
        return None
    return int(variant[len(CLUB_VARIANT) :])


def club_movement(pk: int) -> Movement:
    """A saved club movement, ready to set a section up: its variant names it, so a rebuild finds it again."""
    stored = ClubMovement.objects.filter(pk=pk).first()
    if stored is None:
        raise MovementError(gettext("That club movement is no longer saved."))
    return dataclasses.replace(movement_of(stored), variant=f"{CLUB_VARIANT}{stored.pk}")


def section_movement(
    kind: str, pairs: int, *, boards_per_round: int, rounds: int | None, variant: str | None
) -> Movement:
    """A section's movement made again from what the section stores: a club movement from its saved grid, any
    other from the generators; MovementError when it cannot be made."""
    pk = club_id(variant)
    if pk is not None:
        return club_movement(pk)
    return movements.generate(kind, pairs, boards_per_round=boards_per_round, rounds=rounds, variant=variant)


def saved(kind: str | None = None) -> list[tuple[ClubMovement, Movement]]:
    """Every club movement (of one kind, if given) with its grid read back; one that no longer reads is left out."""
    out = []
    for stored in ClubMovement.objects.filter(**({"kind": kind} if kind else {})):
        try:
            out.append((stored, movement_of(stored)))
        except MovementError:
            continue
    return out


def offered(pairs: int, kind: str | None = None) -> list[tuple[ClubMovement, Movement]]:
    """The club movements for exactly this many pairs, offered when a director sets up a section."""
    return [(stored, movement) for stored, movement in saved(kind) if movement.pairs == pairs]
