"""The director's rulings: adjusted scores on a line or a whole board, and penalties on a pair.

Each ruling is stored with its facts and law, changes the result(s) it concerns, and is written to the audit
log together with the results' old and new values. Scores are derived on read, so they follow at once.
Withdrawing a ruling puts the results back as they were before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

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
    refuse_if_finished,
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
            raise ValidationError({declarer_at: gettext("%(con)s needs a declarer: N, E, S or W.") % {"con": con}})
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
        raise ValidationError({"weighted": gettext("A weighted score needs at least one contract with its weight.")})
    scored = []
    for part in parts:
        try:
            weight = float(part.get("weight", 0))
        except (TypeError, ValueError):
            raise ValidationError(
                {"weighted": gettext("%(weight)s is not a weight.") % {"weight": repr(part.get("weight"))}}
            ) from None
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
        wrong = gettext("Board %(number)s is not played in section %(letter)s.")
        raise ValidationError({"board": wrong % {"number": board.number, "letter": section.letter}})
    existing: dict[tuple[int | None, int | None], Result] = {
        (r.ns_entry_id, r.ew_entry_id): r for r in Result.objects.filter(section=section, board=board)
    }
    if not ns.strip() and not ew.strip():
        if decision not in BOARD_DECISIONS:
            raise ValidationError(
                {"ns": gettext("An assigned or weighted score is for one table: give the pair numbers.")}
            )
        return [
            (existing.get((r.ns_entry_id, r.ew_entry_id)), {"row": r, "ns": r.ns_entry, "ew": r.ew_entry}) for r in rows
        ]
    ns_c, ew_c = smap.candidates(ns, "NS"), smap.candidates(ew, "EW")
    for row in rows:
        if any(e.pk == row.ns_entry_id for e in ns_c) and any(e.pk == row.ew_entry_id for e in ew_c):
            return [
                (existing.get((row.ns_entry_id, row.ew_entry_id)), {"row": row, "ns": row.ns_entry, "ew": row.ew_entry})
            ]
    wrong = gettext("%(ns)s does not play board %(number)s against %(ew)s in this movement.")
    raise ValidationError({"ns": wrong % {"ns": ns.strip(), "number": board.number, "ew": ew.strip()}})


def _penalty_size(
    session: Session, section: Section, board: Board | None, penalty: float | None, fraction: float
) -> float:
    if penalty is not None:
        if penalty < 0:
            raise ValidationError(
                {"penalty": gettext("A penalty is a positive number; it is taken off the pair's total.")}
            )
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


@dataclass(frozen=True)
class ScoreStands:
    """The director rules that the score obtained at the table stands: recorded, nothing changes."""


@dataclass(frozen=True)
class ArtificialScore:
    """Average-plus, average-minus and the like: each side's percentage (Law 12C2)."""

    ns_percent: float | None
    ew_percent: float | None


@dataclass(frozen=True)
class AssignedScore:
    """A contract, declarer and tricks the director assigns (Law 12C1(e))."""

    contract: str = ""
    declarer: str = ""
    tricks: Any = ""


@dataclass(frozen=True)
class WeightedScore:
    """Several outcomes, each with its weight (Law 12C1(c)): [{"weight", "contract", "declarer", "tricks"}]."""

    parts: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class NotPlayed:
    """The board was not played at the table(s): no score."""


@dataclass(frozen=True)
class Penalty:
    """A procedural or disciplinary penalty on a pair: `size` as given, or `fraction` of a top (Law 90)."""

    kind: str
    entry: Entry | None
    size: float | None = None
    fraction: float = 0.10


Decision = ScoreStands | ArtificialScore | AssignedScore | WeightedScore | NotPlayed | Penalty


@dataclass
class _Decided:
    """What a decision comes to: the adjusted lines' new state (empty for a penalty), its details, a penalty."""

    state: dict[str, Any] = field(default_factory=dict)
    details: dict[str, Any] = field(default_factory=dict)
    penalty: float | None = None


def decision_of(
    decision: str,
    *,
    entry: Entry | None = None,
    ns_percent: float | None = None,
    ew_percent: float | None = None,
    assigned: dict[str, Any] | None = None,
    weighted: Sequence[dict[str, Any]] | None = None,
    penalty: float | None = None,
    fraction: float = 0.10,
) -> Decision:
    """The typed decision from the ruling form's fields (a decision kind and the fields it uses)."""
    if decision == D.SCORE_STANDS:
        return ScoreStands()
    if decision == D.ARTIFICIAL:
        return ArtificialScore(ns_percent, ew_percent)
    if decision == D.ASSIGNED:
        a = assigned or {}
        return AssignedScore(a.get("contract", ""), a.get("declarer", ""), a.get("tricks", ""))
    if decision == D.WEIGHTED:
        return WeightedScore(tuple(weighted or ()))
    if decision == D.NOT_PLAYED:
        return NotPlayed()
    if decision in PENALTIES:
        return Penalty(decision, entry, penalty, fraction)
    raise ValidationError({"decision": gettext("Unknown decision %(decision)s.") % {"decision": repr(decision)}})


def _artificial(d: ArtificialScore) -> _Decided:
    if d.ns_percent is None or d.ew_percent is None:
        raise ValidationError({"ns_percent": gettext("Give both sides' percentages, e.g. 60 and 40.")})
    try:
        scoring.Artificial(float(d.ns_percent), float(d.ew_percent))
    except scoring.ScoringError as exc:
        raise ValidationError({"ns_percent": str(exc)}) from exc
    percents = {"ns_percent": float(d.ns_percent), "ew_percent": float(d.ew_percent)}
    return _Decided({"kind": Result.Kind.ARTIFICIAL, **percents}, dict(percents))


def _assigned(d: AssignedScore, board: Board | None, session: Session) -> _Decided:
    if board is None:
        raise ValidationError({"board": gettext("Which board is the score assigned on?")})
    scored = _score(
        d.contract, d.declarer, d.tricks, board, session, "contract", declarer_at="declarer", tricks_at="tricks"
    )
    return _Decided({"kind": Result.Kind.ASSIGNED, **scored}, dict(scored))


def _weighted(d: WeightedScore, board: Board | None, session: Session) -> _Decided:
    if board is None:
        raise ValidationError({"board": gettext("Which board is the score weighted on?")})
    parts = _weighted_parts(list(d.parts), board, session)
    return _Decided({"kind": Result.Kind.WEIGHTED, "weighted": parts}, {"parts": parts})


def _penalty(d: Penalty, section: Section, board: Board | None) -> _Decided:
    if d.entry is None:
        raise ValidationError({"entry": gettext("Which pair is penalised?")})
    if d.entry.section_id != section.pk:
        raise ValidationError(
            {
                "entry": gettext("%(label)s is not in section %(letter)s.")
                % {"label": d.entry.label, "letter": section.letter}
            }
        )
    size = _penalty_size(section.session, section, board, d.size, d.fraction)
    return _Decided(details={"penalty": size, "fraction": d.fraction if d.size is None else None}, penalty=size)


def _decide(d: Decision, section: Section, board: Board | None) -> _Decided:
    """One function per kind of decision."""
    if isinstance(d, ScoreStands):
        return _Decided()
    if isinstance(d, ArtificialScore):
        return _artificial(d)
    if isinstance(d, AssignedScore):
        return _assigned(d, board, section.session)
    if isinstance(d, WeightedScore):
        return _weighted(d, board, section.session)
    if isinstance(d, NotPlayed):
        return _Decided({"kind": Result.Kind.NOT_PLAYED})
    return _penalty(d, section, board)


def _kind_of(d: Decision) -> str:
    if isinstance(d, Penalty):
        return d.kind
    kinds: dict[type, str] = {
        ScoreStands: D.SCORE_STANDS,
        ArtificialScore: D.ARTIFICIAL,
        AssignedScore: D.ASSIGNED,
        WeightedScore: D.WEIGHTED,
        NotPlayed: D.NOT_PLAYED,
    }
    return kinds[type(d)]


def _board_of(session: Session, result: Result | None, board_number: int | None) -> Board | None:
    if result is not None:
        return result.board
    if board_number is None:
        return None
    board = Board.objects.filter(session=session, number=board_number).first()
    if board is None:
        raise ValidationError(
            {"board": gettext("There is no board %(board_number)s in this session.") % {"board_number": board_number}}
        )
    return board


def _adjust(
    actor: Actor, ruling: Ruling, targets: list[tuple[Result | None, dict[str, Any]]], state: dict[str, Any]
) -> dict[str, Any]:
    """Give each target line (created if not entered yet) the decided state, audited; {pk: the state before}."""
    previous: dict[str, Any] = {}
    for target, where in targets:
        before = audit.snapshot(target, STATE_FIELDS) if target is not None else None
        if target is None:
            target = Result(
                section=ruling.section,
                board=ruling.board,
                table_round=where["row"],
                ns_entry=where["ns"],
                ew_entry=where["ew"],
            )
        for key in ("contract", "declarer", "tricks", "ns_score", "ns_percent", "ew_percent"):
            setattr(target, key, "" if key in ("contract", "declarer") else None)
        target.weighted = []
        for key, value in state.items():
            setattr(target, key, value)
        if target.pk is not None:
            target.version += 1  # a traveller page opened before the ruling must not save over it unseen
        target.save()
        previous[str(target.pk)] = before
        audit.record(
            actor=actor,
            action=AuditAction.RESULT_ADJUST,
            target=target,
            session_id=ruling.session_id,
            old=before,
            new=audit.snapshot(target, STATE_FIELDS),
            why=f"Ruling {ruling.pk}: {ruling.get_decision_display()}" + (f" ({ruling.law})" if ruling.law else ""),
        )
    return previous


@transaction.atomic
def apply_ruling(
    *,
    actor: Actor,
    section: Section,
    decision: str | Decision,
    board_number: int | None = None,
    ns: str = "",
    ew: str = "",
    result: Result | None = None,
    entry: Entry | None = None,
    law: str = "",
    facts: str = "",
    why: str = "",
    **fields: Any,
) -> Ruling:
    """Record a ruling and change the scores it decides. Raises ValidationError (by field) on bad input.

    `decision` is a typed Decision, or a decision kind with its form fields in `fields` (ns_percent, ew_percent,
    assigned, weighted, penalty, fraction; see `decision_of`). The target is a result, or a board with the pair
    numbers of one table, or a whole board (every table); a penalty goes to `entry`. Lines not yet entered are
    created with the adjusted score. (Past 60 lines by its keyword signature and this docstring: each step of
    the write path is one call.)
    """
    lock_section(section.pk)
    session = section.session
    refuse_if_finished(session)
    law = check_text(law, field="law", max_length=40)
    facts = check_text(facts, field="facts", max_length=FACTS_MAX, multiline=True)
    why = check_text(why, field="why", max_length=WHY_MAX, label="reason")
    typed = decision if not isinstance(decision, str) else decision_of(decision, entry=entry, **fields)
    board = _board_of(session, result, board_number)
    if result is not None:
        ns, ew = result.ns_entry.label, result.ew_entry.label
    decided = _decide(typed, section, board)
    targets: list[tuple[Result | None, dict[str, Any]]] = []
    if decided.state:
        if result is not None:
            targets = [(result, {})]
        elif board is not None:
            targets = _targets(section, board, ns, ew, _kind_of(typed))
        else:
            raise ValidationError({"board": gettext("Which board (and which table) is the ruling on?")})
    ruling = Ruling.objects.create(
        session=session,
        section=section,
        board=board,
        result=targets[0][0] if len(targets) == 1 else result,
        entry=typed.entry if isinstance(typed, Penalty) else entry,
        decision=_kind_of(typed),
        law=law.strip()[:40],
        facts=facts.strip(),
        details=decided.details,
        penalty=decided.penalty,
        director=user_of(actor),
    )
    previous = _adjust(actor, ruling, targets, decided.state)
    if previous:
        ruling.details = {**decided.details, "previous": previous}
        if ruling.result_id is None and len(targets) == 1:
            ruling.result = targets[0][0] or Result.objects.get(pk=int(next(iter(previous))))
        ruling.save(update_fields=["details", "result"])
    audit.record(
        actor=actor, action=AuditAction.RULING_APPLY, target=ruling, session_id=session.pk,
        new=audit.snapshot(ruling), why=why or facts,
    )  # fmt: skip
    bump(section.pk)
    return ruling


def _restore(actor: Actor, ruling: Ruling, why: str = "") -> None:
    """Put back each line the ruling changed as it was before (a line it created is removed), audited."""
    why = why or f"Ruling {ruling.pk} withdrawn"
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
                why=why,
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
            why=why,
        )


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
        raise ValidationError(gettext("That ruling was already withdrawn."))
    why = check_text(why, field="why", max_length=WHY_MAX, label="reason")
    if version is not None and version != locked.version:
        raise ValidationError(gettext("That ruling was changed since the page was opened: look at it again first."))
    ruling = locked
    refuse_if_finished(ruling.session)
    before_ruling = audit.snapshot(ruling)
    _restore(actor, ruling)
    session_id, section_id, ruling_pk = ruling.session_id, ruling.section_id, ruling.pk
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
    if section_id is not None:  # last: what is derived (public corrections) sees the ruling gone
        bump(section_id)
    else:
        bump_session(session_id)
