"""Season competitions: the one write path (create or change a competition and its sessions), audited.

The standings are never stored (selectors/competitions.py computes them from the sessions), so a save writes
only the competition's own row and its list of sessions, in one transaction, with the row locked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.sessions.competition_sources import SOURCES
from tournaments.sessions.models import Competition, CompetitionEvent, Session

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


def _clean_events(events: Mapping[str, Iterable[int]]) -> dict[str, list[int]]:
    """The events of other apps chosen, checked against each source's own list (this club's events only)."""
    chosen: dict[str, list[int]] = {}
    for kind, ids in events.items():
        wanted = sorted({int(i) for i in ids})
        if kind not in SOURCES or not set(wanted) <= {pk for pk, _ in SOURCES[kind].choices()}:
            raise ValidationError({f"source_{kind}": gettext("Choose events of this club only.")})
        chosen[kind] = wanted
    return chosen


def _events_of(competition: Competition) -> dict[str, list[int]]:
    named: dict[str, list[int]] = {}
    for source, object_id in competition.events.order_by("source", "object_id").values_list("source", "object_id"):
        named.setdefault(source, []).append(object_id)
    return named


@transaction.atomic
def save_competition(
    *,
    actor: Actor,
    competition: Competition,
    sessions: Iterable[Session],
    events: Mapping[str, Iterable[int]] | None = None,
) -> Competition:
    """Create or change a competition and set its sessions and, when given, its events of other apps by source
    ({"teams": [ids]}; the club's own only); audited."""
    clean_competition(competition)
    chosen = sorted({s.pk for s in sessions})
    known = set(Session.objects.filter(pk__in=chosen).values_list("pk", flat=True))
    if known != set(chosen):
        raise ValidationError({"sessions": gettext("Choose sessions of this club only.")})
    others = _clean_events(events) if events is not None else None
    before = None
    if competition.pk is not None:
        stored = Competition.objects.select_for_update().filter(pk=competition.pk).first()
        if stored is None:
            raise ValidationError(gettext("This competition has been deleted."))
        before = audit.snapshot(stored, FIELDS) | {"sessions": sorted(stored.sessions.values_list("pk", flat=True))}
        before |= {"events": _events_of(stored)}
    competition.save()
    competition.sessions.set(chosen)
    if others is not None:
        competition.events.all().delete()
        CompetitionEvent.objects.bulk_create(
            CompetitionEvent(competition=competition, source=kind, object_id=pk)
            for kind, ids in others.items()
            for pk in ids
        )
    audit.record(
        actor=actor,
        action=AuditAction.COMPETITION_SAVE,
        target=competition,
        old=before,
        new=audit.snapshot(competition, FIELDS) | {"sessions": chosen, "events": _events_of(competition)},
    )
    return competition
