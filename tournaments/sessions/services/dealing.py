"""Bridgedesk deals the boards itself: one deal set per session from one secret seed (scoring/dealing.py),
recorded on the session so the director, and only the director, can deal the same boards again."""

from __future__ import annotations

import hashlib

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.dealing import InvalidSeed, check_seed, deal_boards, new_seed
from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.sessions.jobs import solve_deals_later
from tournaments.sessions.models import Board, Session
from tournaments.sessions.services.versions import bump_session, lock_sections, refuse_if_finished


def deal_session(*, actor: Actor, session: Session, seed: str | None = None) -> int:
    """Deal every board of the session (a new seed, or `seed` to deal the recorded set again); returns how
    many boards were dealt. Refused when the boards already hold other deals: one deal set per session."""
    try:
        seed = check_seed(seed) if seed else new_seed()
    except InvalidSeed as exc:
        raise ValidationError({"seed": str(exc)}) from exc
    with transaction.atomic():
        lock_sections(session.pk)
        refuse_if_finished(session)
        recorded = Session.objects.filter(pk=session.pk).values_list("deal_seed", flat=True).get()
        boards = list(Board.objects.filter(session=session).order_by("number"))
        if not boards:
            raise ValidationError(_("The session has no boards to deal yet: choose its movement first."))
        if recorded and recorded != seed:
            raise ValidationError(_("The boards are already dealt by Bridgedesk (one deal set per session)."))
        if not recorded and any(b.deal for b in boards):
            raise ValidationError(_("The boards already hold deals (imported from a file): they are kept."))
        deals = deal_boards(seed, [b.number for b in boards])
        for board in boards:
            board.deal = deals[board.number]
        Board.objects.bulk_update(boards, ["deal"])
        Session.objects.filter(pk=session.pk).update(deal_seed=seed)
        session.deal_seed = seed
        audit.record(
            actor=actor,
            action=AuditAction.BOARDS_DEAL,
            target=session,
            session_id=session.pk,
            # The seed stays off the log (players may see a ruling's trail); its fingerprint proves which it was.
            new={"boards": len(boards), "seed_sha256": hashlib.sha256(seed.encode()).hexdigest()[:16]},
        )
        bump_session(session.pk)
    return len(boards)


class HandsRefused(ValidationError):
    """Hands typed for a board whose deal is already known (the first table's stand: one deal a board)."""


def enter_hands(*, actor: Actor, board: Board, deal: str, why: str) -> None:
    """Store a board's deal as typed at the table that dealt it (checked by scoring.hands before), once: a board
    whose deal is known keeps it. Locked, audited (board.hands), every section bumped; the double-dummy solving
    is queued when the transaction commits, so hand records, tricks and par follow."""
    with transaction.atomic():
        lock_sections(board.session_id)
        refuse_if_finished(board.session)
        locked = Board.objects.select_for_update().get(pk=board.pk)
        if locked.deal:
            raise HandsRefused(f"Board {locked.number}'s hands are already entered.")
        Board.objects.filter(pk=locked.pk).update(deal=deal)
        audit.record(
            actor=actor,
            action=AuditAction.BOARD_HANDS,
            target=locked,
            session_id=board.session_id,
            new={"board": locked.number, "deal": deal},
            why=why,
        )
        bump_session(board.session_id)
        solve_deals_later(board.session)


def copy_deals(*, actor: Actor, session: Session, deals: dict[str, str], why: str) -> int:
    """Give the session's boards without a deal the deals of the same numbers (a simultaneous's board set, so a
    club set up from it plays the field's boards); returns how many boards got one. A board that holds a deal keeps
    it. Locked, audited (boards.deal, with where they came from), bumped; the double-dummy solving is queued."""
    with transaction.atomic():
        lock_sections(session.pk)
        refuse_if_finished(session)
        boards = [
            b for b in Board.objects.filter(session=session, deal="").order_by("number") if str(b.number) in deals
        ]
        for board in boards:
            board.deal = deals[str(board.number)]
        if not boards:
            return 0
        Board.objects.bulk_update(boards, ["deal"])
        audit.record(
            actor=actor,
            action=AuditAction.BOARDS_DEAL,
            target=session,
            session_id=session.pk,
            new={"boards": [b.number for b in boards]},
            why=why,
        )
        bump_session(session.pk)
        solve_deals_later(session)
    return len(boards)
