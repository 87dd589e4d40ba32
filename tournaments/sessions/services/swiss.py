"""Swiss pairs: set one up, and draw each next round from the standings once the last round is complete.

The draw is `movements.swiss_pairs_round` (pure); this module reads the standings, the meetings so far and the
byes, and writes the new round's rows through the section's gateway (lock, change, audit, bump).
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.db.models import Count
from django.utils.translation import gettext as _

from tournaments import movements
from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.core.errors import CONFLICT, DomainError
from tournaments.sessions.models import Entry, Section, Session, TableRound
from tournaments.sessions.selectors.swiss import swiss_table
from tournaments.sessions.services.conventions import update_conventions
from tournaments.sessions.services.sessions import SectionSpec, create_session, ensure_boards, store_rows
from tournaments.sessions.services.versions import bump, lock_section, refuse_if_finished


def create_swiss(
    *,
    actor: Actor,
    event_name: str,
    date: datetime.date,
    pairs: int,
    rounds: int,
    boards_per_round: int,
    scoring_method: str,
    vp_scale: str = Session.VpScale.WBF_CONTINUOUS,
    club_movement: int | None = None,
) -> Session:
    """A Swiss pairs session with its first round drawn (1 v 2, 3 v 4, ...), on the VP scale chosen (a scale
    other than the default is set as a convention, audited with the rest). With a club movement (a Howell-shaped
    ClubMovement's id) every round is set from its saved grid instead, and none is drawn later."""
    variant = str(club_movement) if club_movement is not None else None
    spec = SectionSpec(pairs=pairs, kind="swiss", boards_per_round=boards_per_round, rounds=rounds, variant=variant)
    with transaction.atomic():
        session = create_session(
            actor=actor, event_name=event_name, date=date, sections=[spec], scoring_method=scoring_method
        )
        if vp_scale != session.vp_scale:
            update_conventions(session, actor=actor, why="The VP scale chosen at set-up", vp_scale=vp_scale)
    return session


def missing_results(section: Section, round_number: int) -> list[str]:
    """What the round still lacks: "table 2: 1 of 3 boards" for each playing table not complete."""
    rows = (
        TableRound.objects.filter(section=section, round=round_number, ew_entry__isnull=False)
        .annotate(done=Count("results"))
        .order_by("table")
    )
    return [f"table {r.table}: {r.done} of {len(r.boards)} boards" for r in rows if r.done < len(r.boards)]


def draw_next_round(*, actor: Actor, section: Section) -> int:
    """Draw the section's next round from the standings; refused while the last round lacks results, once every
    round is drawn, or on a finished session. Returns the round drawn."""
    with transaction.atomic():
        lock_section(section.pk)
        section = Section.objects.select_related("session").get(pk=section.pk)
        refuse_if_finished(section.session)
        if section.movement_kind != Section.MovementKind.SWISS:
            raise DomainError(_("Section %(letter)s is not a Swiss pairs.") % {"letter": section.letter})
        table = swiss_table(section)
        if not table.can_draw:
            raise DomainError(_("All %(rounds)s rounds are drawn.") % {"rounds": section.rounds}, code=CONFLICT)
        missing = missing_results(section, table.drawn)
        if missing:
            raise DomainError(
                _("Round %(drawn)s is not complete: %(items)s.") % {"drawn": table.drawn, "items": "; ".join(missing)},
                code=CONFLICT,
            )
        history, byes = [], []
        for rows in table.rows.values():
            for row in rows:
                ns = row.ns_entry.number if row.ns_entry else None
                if ns is not None and row.ew_entry is not None:
                    history.append((ns, row.ew_entry.number))
                elif ns is not None:
                    byes.append(ns)
        number = table.drawn + 1
        try:
            drawn = movements.swiss_pairs_round(
                number,
                [s.entry.number for s in table.standings],
                boards_per_round=section.boards_per_round,
                history=history,
                byes=byes,
            )
        except movements.MovementError as error:
            raise DomainError(str(error)) from error
        entries = {e.label: e for e in Entry.objects.filter(section=section)}
        store_rows(section, drawn, entries)
        ensure_boards(section.session, sorted({b for row in drawn for b in row.boards}))
        audit.record(
            actor=actor,
            action=AuditAction.SWISS_DRAW,
            target=section,
            session_id=section.session_id,
            new={"round": number, "tables": [[r.table, r.ns, r.ew] for r in drawn]},
        )
        bump(section.pk)
    return number
