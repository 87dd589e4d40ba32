"""Individual sessions: a player is named once, and every partnership ("8-1") they sit in carries the name.

Results are entered and scored for partnerships, exactly like pairs (each partnership plays one round); the
players' standings add their partnerships up (selectors/individuals.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.core.actors import Actor
from tournaments.movements.types import participants
from tournaments.sessions.models import Entry, Section
from tournaments.sessions.services.sessions import set_players


def players_of(section: Section) -> list[int]:
    """The player numbers of an individual section, from its partnerships' labels."""
    labels = Entry.objects.filter(section=section).values_list("label", flat=True)
    return sorted({int(p) for label in labels for p in participants(label)})


@transaction.atomic
def name_players(*, actor: Actor, section: Section, names: Mapping[int, str]) -> int:
    """Name the players by number; each partnership's seats follow (audited per partnership). Returns how many
    partnerships changed."""
    if section.movement_kind != Section.MovementKind.INDIVIDUAL:
        raise ValidationError(_("Players are named one by one only in an individual; name pairs on the entries page."))
    changed = 0
    for entry in Entry.objects.filter(section=section).select_related("section__session").prefetch_related("players"):
        first, second = (int(p) for p in participants(entry.label))
        before = [p.name for p in entry.players.all()]
        wanted = [names.get(first, ""), names.get(second, "")]
        if [n.strip() for n in wanted] != before:
            set_players(actor=actor, entry=entry, players=[(n, None) for n in wanted])
            changed += 1
    return changed
