"""The director's rulings: adjusted scores on a line or a whole board, and penalties on a pair.

Each ruling is stored with its facts and law, changes the result(s) it concerns, and is written to the audit
log together with the results' old and new values. Scores are derived on read, so they follow at once.
Withdrawing a ruling puts the results back as they were before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

import scoring
from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor, user_of
from tournaments.core.text import FACTS_MAX, WHY_MAX, check_text
from tournaments.sessions.models import Board, Entry, Result, Ruling, Section, Session
from tournaments.sessions.selectors.lookups import section_map
from tournaments.sessions.services.results import RESULT_FIELDS
from tournaments.sessions.services.versions import (
    bump,
    bump_session,
    lock_section,
    lock_sections,
    refuse_changes_if_finished,
)

D = Ruling.Decision

LINE_DECISIONS = {D.ARTIFICIAL, D.ASSIGNED, D.WEIGHTED, D.NOT_PLAYED}
BOARD_DECISIONS = {D.ARTIFICIAL, D.NOT_PLAYED}
PENALTIES = {D.PROCEDURAL_PENALTY, D.DISCIPLINARY_PENALTY}
STATE_FIELDS = [*RESULT_FIELDS, "ns_percent", "ew_percent", "weighted"]
DEFAULT_IMP_PENALTY = 3.0
DEFAULT_TOTAL_POINTS_PENALTY = 100.0


def _score(
    contract: str,
    declarer: str,
    tricks: Any,
    board: Board,
    session: Session,
    where: str,
    *,
    declarer_at: str | None = None,
    tricks_at: str | None = None,
) -> dict[str, Any]:
    """Score an assigned contract; each error is reported at the form field where its part was typed."""
    declarer_at, tricks_at = declarer_at or where, tricks_at or where
    field = where
    try:
        con = scoring.parse_contract(str(contract))
        field = declarer_at
        if not con.is_passout and not str(declarer or "").strip():
            raise ValidationError({declarer_at: f"{con} needs a declarer: N, E, S or W."})
        seat = "" if con.is_passout else scoring.parse_seat(str(declarer or ""))
        field = tricks_at
        taken = None if con.is_passout else scoring.parse_tricks(str(tricks).strip() or None, con)
        field = where
        score = scoring.ns_score(con, seat or None, taken, board.vulnerability, edition=session.edition)
    except scoring.ScoringError as exc:
        raise ValidationError({field: str(exc)}) from exc
    return {"contract": str(con), "declarer": seat, "tricks": taken, "ns_score": score}


def _weighted_parts(parts: Sequence[dict[str, Any]], board: Board, session: Session) -> list[dict[str, Any]]:
    if not parts:
        raise ValidationError({"weighted": "A weighted score needs at least one contract with its weight."})
    scored = []
    for part in parts:
        try:
            weight = float(part.get("weight", 0))
        except (TypeError, ValueError):
            raise ValidationError({"weighted": f"{part.get('weight')!r} is not a weight."}) from None
        s = _score(
            part.get("contract", ""), part.get("declarer", ""), part.get("tricks", ""), board, session, "weighted"
        )
        scored.append({"weight": weight, **s})
    try:
        w = scoring.Weighted(tuple((p["weight"], p["ns_score"]) for p in scored))
    except scoring.ScoringError as exc:
        raise ValidationError({"weighted": str(exc)}) from exc
    for p, (fraction, _) in zip(scored, w.normalised(), strict=True):
        p["weight"] = round(fraction, 6)
    return scored


def _targets(
    section: Section, board: Board, ns: str, ew: str, decision: str
) -> list[tuple[Result | None, dict[str, Any]]]:
    """The lines a ruling on a board (ns/ew empty: every table) or on one line affects, creating none yet."""
    smap = section_map(section)
    rows = smap.played_rows(board.number)
    if not rows:
        raise ValidationError({"board": f"Board {board.number} is not played in section {section.letter}."})
    existing: dict[tuple[int | None, int | None], Result] = {
        (r.ns_entry_id, r.ew_entry_id): r for r in Result.objects.filter(section=section, board=board)
    }
    if not ns.strip() and not ew.strip():
        if decision not in BOARD_DECISIONS:
            raise ValidationError({"ns": "An assigned or weighted score is for one table: give the pair numbers."})
        return [
            (existing.get((r.ns_entry_id, r.ew_entry_id)), {"row": r, "ns": r.ns_entry, "ew": r.ew_entry}) for r in rows
        ]
    ns_c, ew_c = smap.candidates(ns, "NS"), smap.candidates(ew, "EW")
    for row in rows:
        if any(e.pk == row.ns_entry_id for e in ns_c) and any(e.pk == row.ew_entry_id for e in ew_c):
            return [
                (existing.get((row.ns_entry_id, row.ew_entry_id)), {"row": row, "ns": row.ns_entry, "ew": row.ew_entry})
            ]
    raise ValidationError(
        {"ns": f"{ns.strip()} does not play board {board.number} against {ew.strip()} in this movement."}
    )


def _penalty_size(
    session: Session, section: Section, board: Board | None, penalty: float | None, fraction: float
) -> float:
    if penalty is not None:
        if penalty < 0:
            raise ValidationError({"penalty": "A penalty is a positive number; it is taken off the pair's total."})
        return float(penalty)
    if session.is_imps:
        return DEFAULT_IMP_PENALTY
    if session.scoring_method == Session.ScoringMethod.TOTAL_POINTS:
        return DEFAULT_TOTAL_POINTS_PENALTY
    smap = section_map(section)
    counts = [len(smap.played_rows(n)) for n in ([board.number] if board else smap.board_numbers())]
    top = scoring.board_top(max(counts or [1]), scale=session.mp_scale)
    try:
        return round(scoring.procedural_penalty(top, fraction=fraction), 2)
    except scoring.ScoringError as exc:
        raise ValidationError({"fraction": str(exc)}) from exc


@transaction.atomic
def apply_ruling(
    *,
    actor: Actor,
    section: Section,
    decision: str,
    board_number: int | None = None,
    ns: str = "",
    ew: str = "",
    result: Result | None = None,
    entry: Entry | None = None,
    law: str = "",
    facts: str = "",
    ns_percent: float | None = None,
    ew_percent: float | None = None,
    assigned: dict[str, Any] | None = None,
    weighted: Sequence[dict[str, Any]] | None = None,
    penalty: float | None = None,
    fraction: float = 0.10,
    why: str = "",
) -> Ruling:
    """Record a ruling and change the scores it decides. Raises ValidationError (by field) on bad input.

    The target is a result, or a board with the pair numbers of one table, or a whole board (every table);
    a penalty goes to `entry`. Lines not yet entered are created with the adjusted score.
    """
    lock_section(section.pk)
    session = section.session
    refuse_changes_if_finished(session)
    law = check_text(law, field="law", max_length=40)
    facts = check_text(facts, field="facts", max_length=FACTS_MAX, multiline=True)
    why = check_text(why, field="why", max_length=WHY_MAX, label="reason")
    if decision not in D.values:
        raise ValidationError({"decision": f"Unknown decision {decision!r}."})
    board: Board | None = None
    if result is not None:
        board = result.board
        ns, ew = result.ns_entry.label, result.ew_entry.label
    elif board_number is not None:
        board = Board.objects.filter(session=session, number=board_number).first()
        if board is None:
            raise ValidationError({"board": f"There is no board {board_number} in this session."})
    details: dict[str, Any] = {}
    ruling_penalty: float | None = None
    new_state: dict[str, Any] = {}
    if decision == D.ARTIFICIAL:
        if ns_percent is None or ew_percent is None:
            raise ValidationError({"ns_percent": "Give both sides' percentages, e.g. 60 and 40."})
        try:
            scoring.Artificial(float(ns_percent), float(ew_percent))
        except scoring.ScoringError as exc:
            raise ValidationError({"ns_percent": str(exc)}) from exc
        new_state = {"kind": Result.Kind.ARTIFICIAL, "ns_percent": float(ns_percent), "ew_percent": float(ew_percent)}
        details = {"ns_percent": float(ns_percent), "ew_percent": float(ew_percent)}
    elif decision == D.ASSIGNED:
        if board is None:
            raise ValidationError({"board": "Which board is the score assigned on?"})
        a = assigned or {}
        scored = _score(
            a.get("contract", ""),
            a.get("declarer", ""),
            a.get("tricks", ""),
            board,
            session,
            "contract",
            declarer_at="declarer",
            tricks_at="tricks",
        )
        new_state = {"kind": Result.Kind.ASSIGNED, **scored}
        details = dict(scored)
    elif decision == D.WEIGHTED:
        if board is None:
            raise ValidationError({"board": "Which board is the score weighted on?"})
        parts = _weighted_parts(list(weighted or []), board, session)
        new_state = {"kind": Result.Kind.WEIGHTED, "weighted": parts}
        details = {"parts": parts}
    elif decision == D.NOT_PLAYED:
        new_state = {"kind": Result.Kind.NOT_PLAYED}
    elif decision in PENALTIES:
        if entry is None:
            raise ValidationError({"entry": "Which pair is penalised?"})
        if entry.section_id != section.pk:
            raise ValidationError({"entry": f"{entry.label} is not in section {section.letter}."})
        ruling_penalty = _penalty_size(session, section, board, penalty, fraction)
        details = {"penalty": ruling_penalty, "fraction": fraction if penalty is None else None}

    targets: list[tuple[Result | None, dict[str, Any]]] = []
    if new_state:
        if result is not None:
            targets = [(result, {})]
        elif board is not None:
            targets = _targets(section, board, ns, ew, decision)
        else:
            raise ValidationError({"board": "Which board (and which table) is the ruling on?"})
    ruling = Ruling.objects.create(
        session=session,
        section=section,
        board=board,
        result=targets[0][0] if len(targets) == 1 else result,
        entry=entry,
        decision=decision,
        law=law.strip()[:40],
        facts=facts.strip(),
        details=details,
        penalty=ruling_penalty,
        director=user_of(actor),
    )
    previous: dict[str, Any] = {}
    for target, where in targets:
        before = audit.snapshot(target, STATE_FIELDS) if target is not None else None
        if target is None:
            target = Result(
                section=section,
                board=board,
                table_round=where["row"],
                ns_entry=where["ns"],
                ew_entry=where["ew"],
            )
        for key in ("contract", "declarer", "tricks", "ns_score", "ns_percent", "ew_percent"):
            setattr(target, key, "" if key in ("contract", "declarer") else None)
        target.weighted = []
        for key, value in new_state.items():
            setattr(target, key, value)
        if target.pk is not None:
            target.version += 1  # a traveller page opened before the ruling must not save over it unseen
        target.save()
        after = audit.snapshot(target, STATE_FIELDS)
        previous[str(target.pk)] = before
        audit.record(
            actor=actor,
            action=AuditAction.RESULT_ADJUST,
            target=target,
            session_id=session.pk,
            old=before,
            new=after,
            why=f"Ruling {ruling.pk}: {ruling.get_decision_display()}" + (f" ({ruling.law})" if ruling.law else ""),
        )
    if previous:
        ruling.details = {**details, "previous": previous}
        if ruling.result_id is None and len(targets) == 1:
            ruling.result = targets[0][0] or Result.objects.get(pk=int(next(iter(previous))))
        ruling.save(update_fields=["details", "result"])
    audit.record(
        actor=actor,
        action=AuditAction.RULING_APPLY,
        target=ruling,
        session_id=session.pk,
        new=audit.snapshot(ruling),
        why=why or facts,
    )
    bump(section.pk)
    return ruling


@transaction.atomic
def withdraw_ruling(*, actor: Actor, ruling: Ruling, why: str = "", version: int | None = None) -> None:
    """Take a ruling back: its results return to what they were before (lines it created are removed).

    The row is locked first, so two withdrawals at once (a double click) restore the results only once; with
    `version` (what the page showed) a ruling changed since is refused rather than withdrawn unseen.
    """
    if ruling.section_id is not None:
        lock_section(ruling.section_id)
    else:
        lock_sections(ruling.session_id)
    locked = Ruling.objects.select_for_update().filter(pk=ruling.pk).first()
    if locked is None:
        raise ValidationError("That ruling was already withdrawn.")
    why = check_text(why, field="why", max_length=WHY_MAX, label="reason")
    if version is not None and version != locked.version:
        raise ValidationError("That ruling was changed since the page was opened: look at it again first.")
    ruling = locked
    refuse_changes_if_finished(ruling.session)
    before_ruling = audit.snapshot(ruling)
    for result_id, state in (ruling.details.get("previous") or {}).items():
        result = Result.objects.filter(pk=int(result_id)).first()
        if result is None:
            continue
        old = audit.snapshot(result, STATE_FIELDS)
        if state is None:
            result.delete()
            audit.record(
                actor=actor,
                action=AuditAction.RESULT_DELETE,
                target_type="result",
                target_id=int(result_id),
                session_id=ruling.session_id,
                old=old,
                why=f"Ruling {ruling.pk} withdrawn",
            )
            continue
        for key in ("kind", "contract", "declarer", "tricks", "ns_score", "ns_percent", "ew_percent", "weighted"):
            setattr(result, key, state.get(key))
        result.contract = result.contract or ""
        result.declarer = result.declarer or ""
        result.weighted = result.weighted or []
        result.version += 1  # as for any change: a page built on the adjusted line is now stale
        result.save()
        audit.record(
            actor=actor,
            action=AuditAction.RESULT_RESTORE,
            target=result,
            session_id=ruling.session_id,
            old=old,
            new=audit.snapshot(result, STATE_FIELDS),
            why=f"Ruling {ruling.pk} withdrawn",
        )
    session_id = ruling.session_id
    ruling_pk = ruling.pk
    if ruling.section_id is not None:
        bump(ruling.section_id)
    else:
        bump_session(session_id)
    ruling.delete()
    audit.record(
        actor=actor,
        action=AuditAction.RULING_WITHDRAW,
        target_type="ruling",
        target_id=ruling_pk,
        session_id=session_id,
        old=before_ruling,
        why=why,
    )
