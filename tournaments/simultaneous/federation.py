"""A federation's (county's, district's) simultaneous: run by its officials across its clubs (issue 30).

It belongs to the federation, not to a club (`tenant` is empty), so no club's pages list it; each member club's
director joins a session of their own club to it, and the field is scored across every club's session by the one
field scorer (`field.py`), as any simultaneous. Its public page shows the ranking once every joined club has
published its session (the federation's officials see it before). Writes are audited like the others.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.clubs.models import Club, Federation, FederationRole
from tournaments.core.actors import Actor, user_of
from tournaments.sessions.models import Session
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub
from tournaments.simultaneous.services import SimultaneousError, _join


def is_official(user: Any, federation: Federation) -> bool:
    """True for the federation's officials (a role on the federation) and the service's superusers."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return FederationRole.objects.filter(user=user, federation=federation, role=FederationRole.OFFICIAL).exists()


def member_federations(club_id: int) -> set[int]:
    """The federations a club plays in: its own and the one above it (a county's national federation)."""
    row = Club._base_manager.filter(pk=club_id).values_list("federation_id", "federation__parent_id").first()
    return {pk for pk in (row or ()) if pk is not None}


@transaction.atomic
def create_for_federation(
    *,
    actor: Actor,
    federation: Federation,
    name: str,
    date: dt.date,
    boards: int,
    mp_scale: str = "ebu",
    movement: dict[str, Any] | None = None,
) -> Simultaneous:
    """An official starts a simultaneous across the federation's clubs."""
    if not is_official(user_of(actor), federation):
        raise SimultaneousError(_("Only the federation's officials run its simultaneous events."))
    if not 1 <= boards <= 200:
        raise SimultaneousError(_("A simultaneous plays between 1 and 200 boards."))
    simul = Simultaneous.objects.create(
        name=name[:160], date=date, boards=boards, mp_scale=mp_scale, owner=user_of(actor), tenant=None,
        federation=federation, movement=movement or {},
    )  # fmt: skip
    audit.record(actor=actor, action=AuditAction.SIMULTANEOUS_CREATE, target=simul, new=audit.snapshot(simul))
    return simul


@transaction.atomic
def join_session(*, actor: Actor, simul: Simultaneous, session: Session) -> SimultaneousClub:
    """A member club's session joins the federation's field (its boards checked against the field's deals)."""
    if simul.federation_id is None:
        raise SimultaneousError(_("This simultaneous is a club's own, not a federation's."))
    club_id = session.event.tenant_id
    if club_id is None or simul.federation_id not in member_federations(club_id):
        raise SimultaneousError(_("Your club is not a member of this federation."))
    club = Club._base_manager.get(pk=club_id)
    return _join(simul, session, club.name, actor, f"Session {session.pk} of {club.slug} joined the federation's field")


def federation_events(federation: Federation) -> list[Simultaneous]:
    """The federation's simultaneous events, newest first (read across clubs on purpose)."""
    return list(Simultaneous._base_manager.filter(federation=federation).order_by("-date", "-id")[:100])


def federation_rows(federation: Federation) -> list[tuple[object, str, str]]:
    """(date, name, address) of each of the federation's simultaneous events, for the federation's page."""
    return [
        (s.date, s.name, reverse("simultaneous:federation_field", args=[s.pk])) for s in federation_events(federation)
    ]


def all_published(simul: Simultaneous) -> bool:
    """Every joined club has published its session: the ranking may be shown to anyone."""
    joined = SimultaneousClub.objects.filter(simultaneous=simul)
    public = joined.filter(session__publication__is_public=True)
    return joined.exists() and joined.count() == public.count()
