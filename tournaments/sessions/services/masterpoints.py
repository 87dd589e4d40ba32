"""Master points: an event's scheme (formula or the director's table) and the awards of its finished sessions.

Awards are computed from the standings when a session is finished (services/sessions.set_status calls
`award_session` in the same transaction) and again when the event's scheme changes; each write is audited and
bumps the session's version, so results pages and exports show the new awards at once.
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

import scoring.masterpoints as points
from scoring.errors import ScoringError
from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.sessions.models import Event, MasterPointAward, PointsScheme, Session
from tournaments.sessions.selectors.handicaps import session_rankings
from tournaments.sessions.selectors.scores import score_session
from tournaments.sessions.services.versions import bump_session, lock_sections

SCHEME_FIELDS = ["kind", "per_entry", "share_percent", "cap", "table", "point_type"]
_PLACE = re.compile(r"^\s*(\d+)")


def awards_for(scheme: PointsScheme, field_size: int) -> list[int]:
    """The awards for 1st, 2nd, ... of a field of this size under the scheme."""
    if scheme.kind == PointsScheme.Kind.TABLE:
        return points.table_awards(points.parse_table(scheme.table), field_size)
    formula = points.Formula(scheme.per_entry, scheme.share_percent / 100, scheme.cap)
    return points.formula_awards(formula, field_size)


def clean_scheme(scheme: PointsScheme) -> None:
    """Check the scheme as the director typed it; the message goes to the field it is about."""
    if scheme.kind == PointsScheme.Kind.TABLE:
        try:
            points.parse_table(scheme.table)
        except ScoringError as error:
            raise ValidationError({"table": str(error)}) from error
    if not 1 <= scheme.share_percent <= 100:
        raise ValidationError({"share_percent": gettext("The share of the field is between 1 and 100 percent.")})
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,16}", scheme.point_type):
        raise ValidationError({"point_type": gettext("A point type is a word like GREEN, BLACK or LOCAL.")})


@transaction.atomic
def save_scheme(*, actor: Actor, event: Event, scheme: PointsScheme) -> PointsScheme:
    """Save the event's scheme (validated) and re-award its finished sessions under it."""
    clean_scheme(scheme)
    stored = PointsScheme.objects.select_for_update().filter(event=event).first()
    before = audit.snapshot(stored, SCHEME_FIELDS) if stored is not None else None
    scheme.event = event
    if stored is not None:
        scheme.pk = stored.pk
    scheme.save()
    audit.record(
        actor=actor,
        action=AuditAction.POINTS_SCHEME,
        target=scheme,
        old=before,
        new=audit.snapshot(scheme, SCHEME_FIELDS),
    )
    for session in event.sessions.filter(status=Session.Status.FINISHED):
        lock_sections(session.pk)
        award_session(actor=actor, session=session)
        bump_session(session.pk)
    return scheme


def award_session(*, actor: Actor, session: Session) -> int:
    """Replace the session's awards by those its standings earn now (none without a scheme or once the session
    is reopened); call it inside the caller's transaction, with the session's sections locked. Returns the
    number of pairs awarded."""
    scheme = PointsScheme.objects.filter(event_id=session.event_id).first()
    old = sorted(MasterPointAward.objects.filter(session=session).values_list("entry_id", "points"))
    MasterPointAward.objects.filter(session=session).delete()
    made = []
    if scheme is not None and session.status == Session.Status.FINISHED:
        all_scores = score_session(session)
        earned: dict[int, tuple[int, str]] = {}  # entry -> (points, place as written on the award)
        for scores in all_scores:
            for standings in scores.standings.values():
                _earn(earned, scheme, [(s.entry.pk, s.place) for s in standings], "")
        for ranked in session_rankings(session, all_scores):  # each stratum is awarded on its own too
            for field in ranked.fields:
                for stratum, rows in field.strata:
                    _earn(earned, scheme, [(r.standing.entry.pk, r.place) for r in rows], stratum.name)
        made = [
            MasterPointAward(session=session, entry_id=pk, points=award, point_type=scheme.point_type, place=place)
            for pk, (award, place) in earned.items()
        ]
    MasterPointAward.objects.bulk_create(made)
    new = sorted((a.entry_id, a.points) for a in made)
    if new != old:
        audit.record(
            actor=actor,
            action=AuditAction.POINTS_AWARD,
            target=session,
            session_id=session.pk,
            old=[list(x) for x in old],
            new=[list(x) for x in new],
        )
    return len(made)


def _earn(earned: dict[int, tuple[int, str]], scheme: PointsScheme, field: list[tuple[int, str]], stratum: str) -> None:
    """Award one ranking (the field's, or a stratum's): a pair keeps the larger of what its rankings earn it."""
    ranked = [(pk, place, r) for pk, place in field if (r := _rank(place)) is not None]
    if not ranked:
        return
    awards = points.award_places(awards_for(scheme, len(ranked)), [r for _, _, r in ranked])
    for (pk, place, _), award in zip(ranked, awards, strict=True):
        written = f"{place} {stratum}".strip()[:8]
        if award > 0 and award > earned.get(pk, (0, ""))[0]:
            earned[pk] = (award, written)


def _rank(place: str) -> int | None:
    match = _PLACE.match(place)
    return int(match.group(1)) if match else None
