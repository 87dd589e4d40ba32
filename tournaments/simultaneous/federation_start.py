"""A federation's official starts a simultaneous across the clubs they pick (issue 30): one write, every club.

The simultaneous belongs to the federation (`federation.create_for_federation`); each chosen club gets a session
of its own, made in that club (its tenant, its event, its director's pages), set up for the pairs the official
expects, playing the simultaneous's boards, and joined to the field at once. A club's director then runs the
evening as any other (seats the pairs, prints, enters results); the field is ranked across every club's session.
Only member clubs (of the federation, or of a county under it) can be chosen; all of it is one transaction, so a
refused club leaves nothing behind.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import movements
from tournaments.clubs.models import Club, Federation
from tournaments.core.actors import Actor
from tournaments.core.errors import CONFLICT
from tournaments.core.tenancy import using_club
from tournaments.movements.suggest import Suggestion, suggest
from tournaments.sessions.models import Section, TableRound
from tournaments.sessions.services.dealing import copy_deals
from tournaments.sessions.services.reset import set_up_section_again
from tournaments.sessions.services.sessions import SectionSpec, create_session
from tournaments.simultaneous import federation
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub
from tournaments.simultaneous.services import SimultaneousError
from tournaments.tableside.models import TableLink
from tournaments.tableside.services import revoke

DEFAULT_PAIRS = 10  # a club's usual evening; other pairs are set up from the event (set_up_club_session)


@dataclass(frozen=True)
class Started:
    """The federation's simultaneous and each club's place in its field (its session, its code)."""

    simultaneous: Simultaneous
    joined: list[SimultaneousClub]


def member_clubs(fed: Federation) -> list[Club]:
    """The clubs an official may choose: the federation's and its member federations' (a county's clubs)."""
    federations = [fed.pk, *fed.children.values_list("pk", flat=True)]
    return list(Club.objects.filter(federation__in=federations).order_by("name"))


def allowed_movements(pairs: int, boards: int) -> list[SectionSpec]:
    """The movements the simultaneous allows for `pairs` pairs: the usual ones (a Mitchell or a Howell) playing at
    most its `boards` boards, the most boards first as `suggest` orders them; a clear SimultaneousError if none."""
    fitting: list[Suggestion] = []
    for low in (boards * 3 // 4, 1):  # close to the simultaneous's boards first, else whatever fits
        try:
            offers = suggest(pairs, minutes=int(boards * 7.5) + 30, min_boards=max(1, low), max_boards=boards)
        except movements.MovementError as exc:
            if low == 1:
                raise SimultaneousError(str(exc)) from None
            continue
        fitting = [o for o in offers if o.total_boards <= boards and o.kind in ("mitchell", "howell")]
        if fitting:
            break
    if not fitting:
        raise SimultaneousError(
            _("No movement for %(pairs)s pairs plays %(boards)s boards or fewer: give more boards.")
            % {"pairs": pairs, "boards": boards}
        )
    return [
        SectionSpec(pairs=o.pairs, kind=o.kind, boards_per_round=o.boards_per_round, rounds=o.rounds, variant=o.variant)
        for o in fitting
    ]


def movement_for(pairs: int, boards: int) -> SectionSpec:
    """A usual movement for `pairs` pairs playing at most `boards` boards, the most boards it can (a Mitchell or a
    Howell, as a director would choose it); a clear SimultaneousError when no movement fits."""
    return allowed_movements(pairs, boards)[0]  # suggest() lists the usual movements first, best first


def choice_of(spec: SectionSpec) -> str:
    """How a form names an allowed movement: "mitchell/3/8" (kind, boards a round, rounds)."""
    return f"{spec.kind}/{spec.boards_per_round}/{spec.rounds}"


def label_of(spec: SectionSpec) -> str:
    """An allowed movement in words for the form: "Mitchell, 8 rounds of 3 boards"."""
    kind = _("Mitchell") if spec.kind == "mitchell" else _("Howell")
    return _("%(kind)s, %(rounds)s rounds of %(boards)s boards") % {
        "kind": kind,
        "rounds": spec.rounds,
        "boards": spec.boards_per_round,
    }


def event_default(simul: Simultaneous, allowed: list[SectionSpec]) -> SectionSpec:
    """The allowed movement closest to the federation's own: its kind and boards a round, else its kind, else the
    first allowed."""
    kind, per_round = simul.movement.get("kind"), simul.movement.get("boards_per_round")
    same = [s for s in allowed if s.kind == kind]
    return next((s for s in same if s.boards_per_round == per_round), same[0] if same else allowed[0])


@transaction.atomic
def start_across_clubs(
    *,
    actor: Actor,
    fed: Federation,
    name: str,
    date: dt.date,
    boards: int,
    clubs: Sequence[Club],
    pairs: int = DEFAULT_PAIRS,
    mp_scale: str = "ebu",
) -> Started:
    """Start the federation's simultaneous and give each chosen club its own session in the field."""
    if not clubs:
        raise SimultaneousError(_("Choose at least one of the federation's clubs."))
    members = {c.pk for c in member_clubs(fed)}
    outside = sorted(c.slug for c in clubs if c.pk not in members)
    if outside:
        raise SimultaneousError(
            _("Not clubs of %(federation)s: %(clubs)s.") % {"federation": fed.name, "clubs": ", ".join(outside)}
        )
    spec = movement_for(pairs, boards)
    simul = federation.create_for_federation(
        actor=actor,
        federation=fed,
        name=name,
        date=date,
        boards=boards,
        mp_scale=mp_scale,
        movement={"kind": spec.kind, "boards_per_round": spec.boards_per_round, "pairs": spec.pairs},
    )  # fmt: skip  the event carries its movement: a club joining later is set up from it
    joined = []
    for club in sorted({c.pk: c for c in clubs}.values(), key=lambda c: c.name):
        with using_club(club.pk):  # the session, its event and its audit entries are the club's own
            try:
                session = create_session(
                    actor=actor, event_name=simul.name, session_name=simul.name, date=date, sections=[spec],
                    club=club.name, mp_scale=mp_scale,
                )  # fmt: skip
            except ValidationError as exc:
                raise SimultaneousError("; ".join(exc.messages)) from None
            joined.append(federation.join_session(actor=actor, simul=simul, session=session))
    return Started(simultaneous=simul, joined=joined)


def _chosen(simul: Simultaneous, pairs: int, choice: str) -> SectionSpec:
    """The event's movement for `pairs` pairs, or the allowed one the director chose; refused if not allowed."""
    allowed = allowed_movements(pairs, simul.boards)
    if not choice:
        return event_default(simul, allowed)
    chosen = next((s for s in allowed if choice_of(s) == choice), None)
    if chosen is None:
        raise SimultaneousError(
            _("This simultaneous does not allow that movement for %(pairs)s pairs.") % {"pairs": pairs}
        )
    return chosen


def joined_of(simul: Simultaneous, club_id: int) -> SimultaneousClub | None:
    """The club's own session in the federation's field, if it is in it already."""
    found = SimultaneousClub.objects.filter(simultaneous=simul, session__event__tenant_id=club_id)
    return found.select_related("session").order_by("pk").first()


@transaction.atomic
def set_up_club_session(
    *, actor: Actor, simul: Simultaneous, club: Club, pairs: int, choice: str = ""
) -> SimultaneousClub:
    """A member club joins the federation's simultaneous with a session of its own set up from the event: its name,
    date, scale, board set (the deals the field has), and the event's movement for `pairs` pairs, or the allowed
    one the director chose (`choice`, as `choice_of` names it); nothing to type again. A club already in the field
    has its section set up again instead (`set_up_again`). A choice the event does not allow is refused, nothing
    written."""
    chosen = _chosen(simul, pairs, choice)
    with using_club(club.pk):
        joined = joined_of(simul, club.pk)
        if joined is not None:
            return set_up_again(actor=actor, simul=simul, joined=joined, spec=chosen)
        try:
            session = create_session(
                actor=actor, event_name=simul.name, session_name=simul.name, date=simul.date, sections=[chosen],
                club=club.name, mp_scale=simul.mp_scale,
            )  # fmt: skip
        except ValidationError as exc:
            raise SimultaneousError("; ".join(exc.messages)) from None
        if simul.deals:  # the field's board set, as the clubs before it played it
            copy_deals(actor=actor, session=session, deals=simul.deals, why=f"The board set of {simul.name}")
        return federation.join_session(actor=actor, simul=simul, session=session)


@transaction.atomic
def set_up_again(*, actor: Actor, simul: Simultaneous, joined: SimultaneousClub, spec: SectionSpec) -> SimultaneousClub:
    """The club's section in the field made again for other pairs or another allowed movement, while nothing has
    been scored in it (else SimultaneousError, code CONFLICT, nothing written): through the section's write
    gateway (locked, audited, version bumped), the links of tables it no longer has withdrawn, and the field's
    deals given to boards it now plays. Called in the club (its tenant)."""
    sections = list(Section.objects.filter(session_id=joined.session_id).order_by("pk"))
    if len(sections) != 1:
        raise SimultaneousError(_("Your session in the field has several sections: set it up on its own page."))
    why = f"Set up again from {simul.name} ({joined.code})"
    try:
        section = set_up_section_again(actor=actor, section=sections[0], spec=spec, why=why)
    except ValidationError as exc:
        raise SimultaneousError("; ".join(exc.messages), code=CONFLICT) from None
    tables = set(TableRound.objects.filter(section=section).values_list("table", flat=True))
    for link in TableLink.objects.filter(section=section, revoked_at__isnull=True).exclude(table__in=tables):
        revoke(actor=actor, link=link)  # a table the evening no longer has: its phone is told at once
    if simul.deals:
        copy_deals(actor=actor, session=joined.session, deals=simul.deals, why=f"The board set of {simul.name}")
    return joined
