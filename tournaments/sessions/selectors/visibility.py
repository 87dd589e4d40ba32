"""What a viewer may see of a session: the one place that decides (laws 16 and 73: no information from a board
before it is played).

A session in play shows its hands, travellers and other tables' results of a board only to those who have
played it: a player login once his own pair's result on the board is in, a table link once its table's result
is in. Scorers and directors see everything, and so does everyone once the session is finished or published.
Every page and API that shows a hand or another table's result asks `sight_for_user` or `sight_for_table`.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q

from tournaments.core.access import Perm, has
from tournaments.sessions.models import Entry, Result, Section, Session, TableRound


@dataclass(frozen=True)
class Sight:
    """Everything, or only the boards (numbers) listed; `entries` are the viewer's own pairs (ids)."""

    everything: bool
    boards: frozenset[int] = frozenset()
    entries: frozenset[int] = frozenset()

    def sees(self, board: int) -> bool:
        return self.everything or board in self.boards


EVERYTHING = Sight(everything=True)


def session_is_over(session: Session) -> bool:
    """Finished, or published (its results are public): nothing is left to protect."""
    if session.status == Session.Status.FINISHED:
        return True
    return Session.objects.filter(pk=session.pk, publication__is_public=True).exists()


def sight_for_user(session: Session, user: User | AnonymousUser) -> Sight:
    """Scorers and directors see all; a player the boards his own pair has played (all, once it is over)."""
    if has(user, Perm.ENTER_RESULTS) or has(user, Perm.DIRECT) or session_is_over(session):
        return EVERYTHING
    if not user.is_authenticated:
        return Sight(everything=False)
    entries = frozenset(
        Entry.objects.filter(section__session=session, players__member__user=user).values_list("id", flat=True)
    )
    played = Result.objects.filter(section__session=session).filter(
        Q(ns_entry_id__in=entries) | Q(ew_entry_id__in=entries)
    )
    return Sight(everything=False, boards=frozenset(played.values_list("board__number", flat=True)), entries=entries)


def sight_for_table(section: Section, table: int) -> Sight:
    """A table link sees a board once its own table's result on it is in (all, once the session is over)."""
    if session_is_over(section.session):
        return EVERYTHING
    played: set[int] = set()
    rows = TableRound.objects.filter(section=section, table=table).exclude(ns_entry=None).exclude(ew_entry=None)
    done = set(Result.objects.filter(section=section).values_list("board__number", "ns_entry_id"))
    for row in rows:
        played.update(int(b) for b in row.boards if (int(b), row.ns_entry_id) in done)
    return Sight(everything=False, boards=frozenset(played))
