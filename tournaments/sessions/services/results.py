"""Entering results: traveller lines checked against the movement, scored, and saved all together or not at all.

A line is what the director reads off a traveller or a pickup slip: board, pair numbers, contract, declarer,
tricks ("10", "=", "+1", "-2") and optionally the score written on the slip. Every line of a batch is checked
first; any error anywhere means nothing is saved and each message names the field it belongs to.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.core import writers
from tournaments.core.actors import Actor
from tournaments.core.errors import FINISHED
from tournaments.core.text import WHY_MAX, check_text, is_digits
from tournaments.sessions.models import Board, Result, Section, Session
from tournaments.sessions.selectors.lookups import (
    SectionMap,
    boards_by_number,
    section_map,
)
from tournaments.sessions.services.checking import (
    CheckedLine,
    LineInput,
    ResultEntryError,
    check_line,
    preview_lines,
)
from tournaments.sessions.services.line_checks import lock_and_recheck, validate
from tournaments.sessions.services.versions import (
    Locked,
    bump,
    lock_section,
    refuse_if_finished,
)

__all__ = [
    "CheckedLine",
    "Conflict",
    "FinishedSessionError",
    "LineInput",
    "ResultEntryError",
    "SaveReport",
    "change_result",
    "check_line",
    "delete_result",
    "preview_lines",
    "record_result",
    "save_lines",
    "save_lines_checked",
    "set_auction",
    "set_lead",
    "set_play",
]

# Every field `_apply` writes, so the log replays a result exactly (tests/tournaments/audit/test_replay.py).
RESULT_FIELDS = [
    "board", "table_round", "ns_entry", "ew_entry", "kind", "contract", "declarer", "tricks", "lead",
    "auction", "play", "ns_score", "ns_percent", "ew_percent", "weighted", "revoke", "version",
]  # fmt: skip


def _apply(result: Result, c: CheckedLine) -> None:
    assert c.board is not None and c.ns_entry is not None and c.ew_entry is not None  # only checked lines are saved
    result.board = c.board
    result.table_round = c.row
    result.ns_entry = c.ns_entry
    result.ew_entry = c.ew_entry
    result.kind = Result.Kind.PLAYED
    if (result.contract, result.declarer) != (c.contract, c.declarer):
        result.auction = ""  # the auction entered ended in the old contract: it no longer belongs to this line
    if (result.contract, result.declarer, result.tricks) != (c.contract, c.declarer, c.tricks):
        result.play = ""  # the play entered gave the old tricks in the old contract: nor does the play
    result.contract = c.contract
    result.declarer = c.declarer
    result.tricks = c.tricks
    result.ns_score = c.ns_score
    result.lead = c.lead
    result.ns_percent = result.ew_percent = None
    result.weighted = []
    result.revoke = dict(c.revoke)


@dataclass
class Conflict:
    """A line refused because its result changed since the page was opened: what was typed, what is stored."""

    index: int
    line: CheckedLine
    stored: Result | None  # None: the result the page showed was removed meanwhile
    stored_by: str = ""
    stored_at: str = ""

    @property
    def message(self) -> str:
        if self.stored is None:
            return _("This result was removed by someone else since the page was opened.")
        if self.stored_by:
            wrong = _("Someone else saved this line by %(who)s since the page was opened: choose which to keep.")
            return wrong % {"who": self.stored_by}
        return _("Someone else saved this line since the page was opened: choose which to keep.")


@dataclass
class SaveReport:
    """What a save did: per line the result now stored (or None when removed), and the lines refused."""

    saved: list[Result | None]
    conflicts: list[Conflict]


class FinishedSessionError(ResultEntryError):
    """The session is finished: nothing changes until a director reopens it (raised by versions.refuse_if_finished,
    so the result pages show it at the first line's board, as any refused line)."""

    code = FINISHED

    def __init__(self, message: str, *, field: str | None = None, code: str | None = None) -> None:
        super().__init__({0: {field or "board": message}})
        if code is not None:
            self.code = code


def _stored_for(line: LineInput, c: CheckedLine | None, by_pk: dict[int, Result], by_slot: dict[Any, Result]) -> Any:
    if line.result_id and line.result_id in by_pk:
        return by_pk[line.result_id]
    if c is not None and c.board is not None and c.ns_entry is not None:
        return by_slot.get((c.board.pk, c.ns_entry.pk))
    return None


def _last_writer(result: Result) -> tuple[str, str]:
    entry = (
        AuditEntry.objects.filter(target_type="result", target_id=result.pk)
        .order_by("-id")
        .values_list("actor_name", "created_at")
    ).first()
    if entry is None:
        return "", ""
    return entry[0], f"{timezone.localtime(entry[1]):%H:%M:%S}"


def _delete(actor: Actor, session: Session, old: Result, why: str) -> None:
    before = audit.snapshot(old, RESULT_FIELDS)
    old_pk = old.pk
    old.delete()
    audit.record(
        actor=actor,
        action=AuditAction.RESULT_DELETE,
        target_type="result",
        target_id=old_pk,
        session_id=session.pk,
        old=before,
        why=why,
    )


def _change(actor: Actor, session: Session, old: Result, c: CheckedLine, why: str) -> Result:
    before = audit.snapshot(old, RESULT_FIELDS)
    _apply(old, c)
    after = audit.snapshot(old, RESULT_FIELDS)
    if after != before:
        old.version += 1
        old.save()
        after["version"] = old.version
        audit.record(
            actor=actor,
            action=AuditAction.RESULT_CHANGE,
            target=old,
            session_id=session.pk,
            old=before,
            new=after,
            why=why,
        )
    return old


NEEDS_REASON = gettext_noop(  # translated where it is said (gettext(NEEDS_REASON))
    "These results are published: say why you change this line (the reason is listed with the public correction)."
)


def _is_public(session: Session) -> bool:
    return Session.objects.filter(pk=session.pk, publication__is_public=True).exists()


def _needs_reason(session: Session, why: str, stored: Result | None, c: CheckedLine | None, public: bool) -> bool:
    """A change or removal of a result the public has seen must say why (the public corrections list shows it)."""
    if why or stored is None or not public:
        return False
    if c is None:
        return True
    trial = copy.copy(stored)
    _apply(trial, c)
    return audit.snapshot(trial, RESULT_FIELDS) != audit.snapshot(stored, RESULT_FIELDS)


def _create(actor: Actor, section: Section, c: CheckedLine, why: str) -> Result:
    result = Result(section=section)
    _apply(result, c)
    result.save()
    audit.record(
        actor=actor,
        action=AuditAction.RESULT_CREATE,
        target=result,
        session_id=section.session_id,
        new=audit.snapshot(result, RESULT_FIELDS),
        why=why,
    )
    return result


_Plan = list[tuple[int, CheckedLine | None, Result | None]]  # line index, the checked line (None: clear), stored


def _plan(
    lines: Sequence[LineInput],
    checked: Sequence[CheckedLine | None],
    by_pk: dict[int, Result],
    by_slot: dict[Any, Result],
    conflicts: list[Conflict],
) -> _Plan:
    """Pair each line with its stored result; a line whose page showed another version is a conflict instead."""
    plan: _Plan = []
    for i, c in enumerate(checked):
        line = lines[i]
        stored = _stored_for(line, c, by_pk, by_slot)
        if line.version is not None and line.version != (stored.version if stored is not None else 0):
            who, when = _last_writer(stored) if stored is not None else ("", "")
            conflicts.append(Conflict(i, c or CheckedLine(input=line), stored, who, when))
            continue
        if line.result_id and stored is None:
            conflicts.append(Conflict(i, c or CheckedLine(input=line), None))
            continue
        plan.append((i, c, stored))
    return plan


def _write_one(actor: Actor, section: Section, c: CheckedLine | None, stored: Result | None, why: str) -> Result | None:
    """Delete, change or create one planned line."""
    if c is None:
        if stored is not None:
            _delete(actor, section.session, stored, why)
        return None
    if stored is not None:
        return _change(actor, section.session, stored, c, why)
    return _create(actor, section, c, why)


def _write_planned(
    actor: Actor,
    section: Section,
    lines: Sequence[LineInput],
    plan: _Plan,
    why: str,
    conflicts: list[Conflict],
    savepoints: bool = True,
) -> dict[int, Result | None]:
    """Delete, change or create each planned line (under the caller's lock); the result by line index. Without
    `savepoints` (a caller that took the lock and holds the transaction: two round trips fewer under the lock),
    a unique-constraint race fails the caller's transaction, for it to retry, instead of being a conflict."""
    done: dict[int, Result | None] = {}
    for i, c, stored in plan:
        if not savepoints:
            done[i] = _write_one(actor, section, c, stored, why)
            continue
        try:
            with transaction.atomic():  # a line that loses a race to a concurrent insert is that line's conflict
                done[i] = _write_one(actor, section, c, stored, why)
        except IntegrityError:
            conflicts.append(Conflict(i, c or CheckedLine(input=lines[i]), None, "another entry", ""))
    return done


def save_lines_checked(
    *,
    actor: Actor,
    section: Section,
    lines: Sequence[LineInput],
    why: str = "",
    all_or_nothing: bool = False,
    smap: SectionMap | None = None,
    checked: Sequence[CheckedLine | None] | None = None,
    locked: Locked | None = None,
    boards: dict[int, Board] | None = None,
    stored: Sequence[Result] | None = None,
) -> SaveReport:
    """Check and save a batch of lines (a traveller, a pickup slip) in one transaction, never over another's save.

    A line that carries the `version` its page showed (0: empty then) is saved only if its result is still at
    that version; otherwise it is a Conflict and is not saved. The other lines are saved, or (with
    `all_or_nothing`) nothing is. A line without a version (a command, an import) is not checked that way.
    Raises ResultEntryError with every message at its line and field when a line is wrong in itself.
    `checked`: the lines as checked against `smap` (a table's post, `preview_lines` before its lock): not again.
    `locked`: the caller holds the section's lock already and read the lines' results under it: neither again
    (and no savepoint: a refusal, or a unique-constraint race (IntegrityError), fails the caller's transaction).
    `boards` (by number) and `stored` (every result of those boards in the section): what the caller's page was
    made from, read since the map (a write after it moves the version and the lines are checked again under
    the lock): the lines are checked against them, not read again. The session's status is read with the lock
    (a finished session is refused there; first, as ever, when the lines are wrong too).
    """
    session = section.session
    try:
        why = check_text(why, field="why", max_length=WHY_MAX, label="reason for the change")
        if checked is None or smap is None:
            smap = smap or section_map(section)
            boards = _given_or_read(boards, session.pk, lines)
            checked = validate(section, lines, smap, boards, stored)
        else:
            boards = {c.board.number: c.board for c in checked if c is not None and c.board is not None}
    except (ValidationError, ResultEntryError) as exc:
        refuse_if_finished(session, error=FinishedSessionError)  # a finished session says so before the rest
        if isinstance(exc, ValidationError):
            raise ResultEntryError({0: {"why": " ".join(exc.messages)}}) from None
        raise
    conflicts: list[Conflict] = []
    # Queued behind this process's other writers of the section before the transaction (core/writers.py: no
    # connection held while waiting); a caller that locked is in its transaction already, and passes through.
    with writers.turn(writers.section(section.pk)), transaction.atomic(savepoint=locked is None):
        smap, checked, current, status = lock_and_recheck(section, lines, smap, checked, boards, locked)
        if status in ("", Session.Status.FINISHED):  # read with the lock: finished (or gone) is refused here
            refuse_if_finished(session, error=FinishedSessionError)
        by_pk = {r.pk: r for r in current}
        by_slot = {(r.board_id, r.ns_entry_id): r for r in current}
        plan = _plan(lines, checked, by_pk, by_slot, conflicts)
        public = not why and any(stored is not None for _i, _c, stored in plan) and _is_public(session)
        unexplained = {
            i: {"why": _(NEEDS_REASON)} for i, c, stored in plan if _needs_reason(session, why, stored, c, public)
        }
        if unexplained:
            raise ResultEntryError(unexplained)
        if conflicts and all_or_nothing:
            return SaveReport([None] * len(lines), conflicts)
        done = _write_planned(actor, section, lines, plan, why, conflicts, savepoints=locked is None)
        if any(i in done for i, _c, _s in plan):
            bump(section.pk, session_id=section.session_id, keeps_map=True)  # the cached map still holds
        if session.status == Session.Status.SETUP and any(done.values()):
            Session.objects.filter(pk=session.pk).update(status=Session.Status.PLAYING)
            session.status = Session.Status.PLAYING
    saved = [done.get(i, by_pk.get(lines[i].result_id or 0)) for i in range(len(lines))]
    return SaveReport(saved, sorted(conflicts, key=lambda x: x.index))


def _given_or_read(boards: dict[int, Board] | None, session_id: int, lines: Sequence[LineInput]) -> dict[int, Board]:
    """The caller's boards when they hold every board typed, else the typed ones read (a traveller's one board)."""
    typed = {int(text) for line in lines if is_digits(text := str(line.board).strip())}
    if boards is not None and typed <= boards.keys():
        return boards
    return boards_by_number(session_id, (line.board for line in lines))


def save_lines(
    *, actor: Actor, section: Section, lines: Sequence[LineInput], why: str = "", **given: Any
) -> list[Result | None]:
    """Save lines all together or not at all (commands, imports, the demo, a table); a conflict is an error here.
    `given`: save_lines_checked's `smap` and `checked`."""
    report = save_lines_checked(actor=actor, section=section, lines=lines, why=why, all_or_nothing=True, **given)
    if report.conflicts:
        raise ResultEntryError({c.index: {"board": c.message} for c in report.conflicts})
    return report.saved


def record_result(
    *,
    actor: Actor,
    section: Section,
    board: int,
    ns: str,
    ew: str,
    contract: str = "",
    declarer: str = "",
    tricks: str | int = "",
    score: str | int = "",
    why: str = "",
    revoke: str = "",
) -> Result:
    """Record one traveller line: checked against the movement, scored, saved and audited.

    A duplicate whist line gives N-S's `tricks` (no contract, no declarer) and the `revoke` if any ("EW")."""
    line = LineInput(board, str(ns), str(ew), contract, declarer, str(tricks), str(score), revoke=revoke)
    if line.is_blank():
        if section.session.is_whist:
            raise ResultEntryError(
                {0: {"tricks": _("Type the tricks North-South took (0 to %(most)s).") % {"most": 13}}}
            )
        raise ResultEntryError({0: {"contract": _("The contract is missing.")}})
    result = save_lines(actor=actor, section=section, lines=[line], why=why)[0]
    assert result is not None
    return result


def change_result(
    *,
    actor: Actor,
    result: Result,
    contract: str,
    declarer: str = "",
    tricks: str | int = "",
    score: str | int = "",
    why: str = "",
    revoke: str = "",
) -> Result:
    """Change a played result's contract, declarer or tricks (whist: tricks and revoke); the pairs and board stay."""
    line = LineInput(
        result.board.number,
        result.ns_entry.label,
        result.ew_entry.label,
        contract,
        declarer,
        str(tricks),
        str(score),
        revoke=revoke,
        result_id=result.pk,
    )
    saved = save_lines(actor=actor, section=result.section, lines=[line], why=why)[0]
    assert saved is not None
    return saved


def delete_result(*, actor: Actor, result: Result, why: str = "") -> None:
    """Remove a result (audited with what it was)."""
    line = LineInput(result.board.number, result_id=result.pk)
    save_lines(actor=actor, section=result.section, lines=[line], why=why)


def set_lead(*, actor: Actor, result: Result, lead: str, why: str = "") -> Result:
    """Record the opening lead on a stored result (a table's phone sends it for a line already on the traveller)."""
    return _set_detail(actor, result, "lead", lead, why)


def set_auction(*, actor: Actor, result: Result, auction: str, why: str = "") -> Result:
    """Keep the auction a table entered (checked by the caller against the result's contract) with the result, so
    the traveller, the recap and the PBN export show it; a later change of contract clears it (`_apply`)."""
    return _set_detail(actor, result, "auction", auction, why)


def set_play(*, actor: Actor, result: Result, play: str, why: str = "") -> Result:
    """Keep the play a table entered card by card (checked by the caller against the deal, the contract and the
    tricks) with the result; a later change of contract, declarer or tricks clears it (`_apply`)."""
    return _set_detail(actor, result, "play", play, why)


def _set_detail(actor: Actor, result: Result, name: str, value: str, why: str) -> Result:
    """A detail of the play that does not change the score (lead, auction, play), set like any other change through the
    section's write path: locked, audited, the result's and the section's versions bumped, so the traveller, its
    ETag and the cached scores show it at once."""
    refuse_if_finished(result.section.session, error=FinishedSessionError)
    with transaction.atomic():
        lock_section(result.section_id)
        current = Result.objects.select_for_update().select_related("board").get(pk=result.pk)
        if getattr(current, name) == value:
            return current
        before = audit.snapshot(current, RESULT_FIELDS)
        setattr(current, name, value)
        current.version += 1
        current.save(update_fields=[name, "version"])
        audit.record(
            actor=actor,
            action=AuditAction.RESULT_CHANGE,
            target=current,
            session_id=result.section.session_id,
            old=before,
            new=audit.snapshot(current, RESULT_FIELDS),
            why=why,
        )
        bump(current.section_id, keeps_map=True)  # a detail of a result: the cached map still holds
    return current
