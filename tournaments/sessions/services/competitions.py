"""Season competitions: the one write path (create or change a competition and its sessions), audited.

The standings are never stored (selectors/competitions.py computes them from the sessions), so a save writes
only the competition's own row and its list of sessions, in one transaction, with the row locked.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.sessions.models import Competition, Session

FIELDS = ["name", "kind", "counting", "carry_from", "carry_percent", "public"]
MAX_COUNTING = 200


def clean_competition(competition: Competition) -> None:
    """Check the rules as the director typed them; each message goes to the field it is about."""
    if not competition.name.strip():
        raise ValidationError({"name": gettext("A competition needs a name.")})
    if competition.counting > MAX_COUNTING:
        raise ValidationError({"counting": gettext("At most %(most)s sessions can count.") % {"most": MAX_COUNTING}})
    if competition.carry_percent > 100:
        raise ValidationError({"carry_percent": gettext("A carry-over is between 0 and 100 percent.")})
    if competition.carry_from_id is None:
        return
    if competition.kind != Competition.Kind.CHAMPIONSHIP:
        raise ValidationError({"carry_from": gettext("Only a championship carries a total over.")})
    seen = {competition.pk}
    earlier = Competition.objects.filter(pk=competition.carry_from_id).first()
    if earlier is None:
        raise ValidationError({"carry_from": gettext("That competition is not one of this club's.")})
    while earlier is not None:
        if earlier.pk in seen:
            raise ValidationError({"carry_from": gettext("A competition cannot carry over from itself.")})
        seen.add(earlier.pk)
        earlier = earlier.carry_from


@transaction.atomic
def save_competition(*, actor: Actor, competition: Competition, sessions: Iterable[Session]) -> Competition:
    """Create or change a competition and set its sessions (the club's own only); audited."""
    clean_competition(competition)
    chosen = sorted({s.pk for s in sessions})
    known = set(Session.objects.filter(pk__in=chosen).values_list("pk", flat=True))
    if known != set(chosen):
        raise ValidationError({"sessions": gettext("Choose sessions of this club only.")})
    before = None
    if competition.pk is not None:
        stored = Competition.objects.select_for_update().filter(pk=competition.pk).first()
        if stored is None:
            raise ValidationError(gettext("This competition has been deleted."))
        before = audit.snapshot(stored, FIELDS) | {"sessions": sorted(stored.sessions.values_list("pk", flat=True))}
    competition.save()
    competition.sessions.set(chosen)
    audit.record(
        actor=actor,
        action=AuditAction.COMPETITION_SAVE,
        target=competition,
        old=before,
        new=audit.snapshot(competition, FIELDS) | {"sessions": chosen},
    )
    return competition
