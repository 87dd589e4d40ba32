"""Club ratings from the finished sessions' standings (the method: scoring/ratings.py, docs/ratings.md).

`recompute` rebuilds every member's history from scratch, oldest session first, in one audited transaction:
asking twice gives the same rows (idempotent), and a corrected or late-finished session takes its place in
order. Finishing a session calls it (services/sessions.set_status), so ratings follow each finished session.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

import scoring.ratings as method
from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.sessions.models import Member, RatingEntry, Session
from tournaments.sessions.selectors.scores import score_session


@dataclass(frozen=True)
class Field:
    """One field of one session, as the rating method reads it."""

    session: Session
    pairs: list[method.PairResult]


def rated_sessions() -> list[Session]:
    """Finished match-pointed sessions, in the order they were played."""
    return list(
        Session.objects.filter(status=Session.Status.FINISHED, scoring_method=Session.ScoringMethod.MATCHPOINTS)
        .select_related("event")
        .order_by("date", "number", "pk")
    )


def fields_of(session: Session) -> list[Field]:
    """The session's fields (NS, EW, or one), each pair with its members' keys and its percentage."""
    out = []
    for section in score_session(session):
        players = {e.pk: [p.member_id for p in e.players.all()] for e in section.entries}
        for standings in section.standings.values():
            pairs = [
                method.PairResult(
                    tuple(str(m) if m is not None else None for m in players.get(s.entry.pk, [])) or (None,),
                    s.percentage,
                    s.boards_played,
                )
                for s in standings
                if s.percentage is not None and s.boards_played > 0
            ]
            if len(pairs) > 1:
                out.append(Field(session, pairs))
    return out


@transaction.atomic
def recompute(*, actor: Actor) -> int:
    """Rebuild every member's rating history from the finished sessions; returns how many rows it wrote."""
    states: dict[str, method.Rating] = {}
    rows: list[RatingEntry] = []
    order = 0
    known = set(Member.objects.values_list("pk", flat=True))
    seen: set[tuple[str, int]] = set()  # a member twice in one session (a data slip) is rated once
    for session in rated_sessions():
        order += 1
        for field in fields_of(session):
            for rated in method.rate_session(states, field.pairs):
                if int(rated.player) not in known or (rated.player, session.pk) in seen:
                    continue
                seen.add((rated.player, session.pk))
                states[rated.player] = rated.after
                rows.append(_row(rated, session, order, field))
    before = RatingEntry.objects.count()
    RatingEntry.objects.all().delete()
    RatingEntry.objects.bulk_create(rows)
    audit.record(
        actor=actor,
        action=AuditAction.RATINGS_RECOMPUTE,
        target_type="rating",
        old={"rows": before},
        new={"rows": len(rows), "members": len(states)},
    )
    return len(rows)


def _row(rated: method.Rated, session: Session, order: int, field: Field) -> RatingEntry:
    pct = next(p.percentage for p in field.pairs if rated.player in p.players)
    return RatingEntry(
        member_id=int(rated.player),
        session=session,
        percentage=pct,
        performance=rated.performance,
        boards=rated.boards,
        before=rated.before.rating,
        after=rated.after.rating,
        weight=rated.after.weight,
        order=order,
    )
