"""Club ratings from the finished sessions' standings (the method: scoring/ratings.py, docs/ratings.md).

`recompute` rebuilds every member's history from scratch, oldest session first, in one audited transaction:
asking twice gives the same rows (idempotent), and a corrected or late-finished session takes its place in
order. Finishing or reopening a session calls `follow_status` (services/sessions.set_status): the newest session
is rated from the members' latest ratings alone, an older one makes a full recompute.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max, Q

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
def follow_status(*, actor: Actor, session: Session) -> None:
    """After a session is finished or reopened: when it is the newest rated session, only its own rows are
    added (or removed), from each member's latest rating (the same figures a recompute gives, without scoring
    the whole history again); otherwise every rating is recomputed, since later sessions start from it."""
    later = Q(session__date__gt=session.date) | Q(session__date=session.date, session__number__gt=session.number)
    later |= Q(session__date=session.date, session__number=session.number, session__pk__gt=session.pk)
    if RatingEntry.objects.filter(later).exists():
        recompute(actor=actor)
        return
    dropped = RatingEntry.objects.filter(session=session).delete()[0]
    rows: list[RatingEntry] = []
    rated = session.status == Session.Status.FINISHED and session.scoring_method == Session.ScoringMethod.MATCHPOINTS
    if rated:
        rows = _rate_one(session)
    if rows or dropped:
        audit.record(
            actor=actor,
            action=AuditAction.RATINGS_RECOMPUTE,
            target=session,
            session_id=session.pk,
            old={"rows": dropped},
            new={"rows": len(rows), "session": session.pk},
        )


def _rate_one(session: Session) -> list[RatingEntry]:
    """Rate one session after every other, from each member's latest state. Its members' rows are locked first,
    so two sessions finishing at once with a player in common are rated one after the other."""
    fields = fields_of(session)
    playing = {int(p) for field in fields for pair in field.pairs for p in pair.players if p is not None}
    known = set(Member.objects.select_for_update().filter(pk__in=playing).order_by("pk").values_list("pk", flat=True))
    states: dict[str, method.Rating] = {}
    order = (RatingEntry.objects.aggregate(top=Max("order"))["top"] or 0) + 1
    for row in RatingEntry.objects.filter(member_id__in=known).order_by("order").only("member_id", "after", "weight"):
        states[str(row.member_id)] = method.Rating(row.after, row.weight)
    rows: list[RatingEntry] = []
    seen: set[str] = set()
    for field in fields:
        for rated in method.rate_session(states, field.pairs):
            if int(rated.player) in known and rated.player not in seen:
                seen.add(rated.player)
                rows.append(_row(rated, session, order, field))
    RatingEntry.objects.bulk_create(rows)
    return rows


@transaction.atomic
def recompute(*, actor: Actor) -> int:
    """Rebuild every member's rating history from the finished sessions; returns how many rows it wrote."""
    states: dict[str, method.Rating] = {}
    rows: list[RatingEntry] = []
    known = set(Member.objects.values_list("pk", flat=True))
    seen: set[tuple[str, int]] = set()  # a member twice in one session (a data slip) is rated once
    for session in rated_sessions():
        order = (rows[-1].order if rows else 0) + 1  # sessions that rated no one take no number
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
