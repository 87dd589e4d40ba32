"""Reading club ratings and master points for the pages: the club's table, a member's history, a session's awards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Sum

from tournaments.sessions.models import MasterPointAward, Member, RatingEntry, Session


@dataclass(frozen=True)
class ClubRating:
    member: Member
    rating: float
    change: float  # since the member's previous session
    sessions: int
    last_played: Session
    points: int


def club_ratings() -> list[ClubRating]:
    """Every rated member with their current rating, best first (ties by name)."""
    latest: dict[int, RatingEntry] = {}
    counts: dict[int, int] = {}
    for row in RatingEntry.objects.select_related("member", "session__event").order_by("order"):
        latest[row.member_id] = row
        counts[row.member_id] = counts.get(row.member_id, 0) + 1
    points = member_points()
    out = [
        ClubRating(r.member, r.after, r.after - r.before, counts[m], r.session, points.get(m, 0))
        for m, r in latest.items()
    ]
    out.sort(key=lambda c: (-c.rating, c.member.name))
    return out


def rating_history(member: Member) -> list[RatingEntry]:
    """The member's rated sessions, newest first."""
    return list(member.ratings.select_related("session__event").order_by("-order"))


def member_points() -> dict[int, int]:
    """Master points each member earned (every player of an awarded pair earns the pair's award)."""
    rows = (
        MasterPointAward.objects.filter(entry__players__member__isnull=False)
        .values("entry__players__member")
        .annotate(total=Sum("points"))
    )
    return {row["entry__players__member"]: row["total"] for row in rows}


def awards_of(member: Member) -> list[MasterPointAward]:
    """The member's master point awards, newest first."""
    return list(
        MasterPointAward.objects.filter(entry__players__member=member)
        .select_related("session__event", "entry")
        .order_by("-session__date", "-session__pk")
    )


def session_awards(session: Session) -> list[MasterPointAward]:
    """The session's awards, section and place order (none when the event has no scheme or it is not finished)."""
    awards = MasterPointAward.objects.filter(session=session).select_related("entry__section")
    return sorted(
        awards.prefetch_related("entry__players"), key=lambda a: (a.entry.section.letter, -a.points, a.entry.number)
    )


def rating_context(member: Member) -> dict[str, Any]:
    """What sessions/_rating_history.html shows: the rating's history and the master points."""
    awards = awards_of(member)
    return {
        "member": member,
        "history": rating_history(member),
        "awards": awards,
        "awards_total": sum(a.points for a in awards),
    }
