"""Bridgedesk's own data (own_data.py) into the models of an imported session: its conventions, its movement's
shape, late pairs and the rulings exactly as the director gave them (kinds, weights, penalties, law, facts).

Checked as strictly as the standard part of a file: a value the models would refuse is named, never stored.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.utils.translation import gettext as _

from tournaments.core.actors import Actor, user_of
from tournaments.sessions.models import Board, Entry, Result, Ruling, Section, Session

from . import own_data
from .appeals import appeal_fields
from .errors import InterchangeError
from .records import RulingRecord, SessionRecord

_CHOICES: dict[str, list[str]] = {
    "mp_scale": list(Session.MatchpointScale.values),
    "edition": list(Session.Edition.values),
    "neuberg_rounding": list(Session.Rounding.values),
    "percentage_basis": list(Session.PercentageBasis.values),
}
_FLAGS = (
    "use_neuberg",
    "scale_missed_boards",
    "average_plus_own_percentage",
    "average_minus_own_percentage",
    "artificial_among_real",
    "traveller_factored",
    "imps_unplayed_zero",
)


def apply_settings(session: Session, record: SessionRecord, *, keep: Collection[str] = ()) -> None:
    """The conventions the session was scored with in Bridgedesk, so the same arithmetic gives the same figures.

    Settings named in ``keep`` are the director's explicit choice at import and stay as they are.
    """
    changed = []
    for name, value in record.settings.items():
        if name in keep:
            continue
        if (name in _CHOICES and value in _CHOICES[name]) or (name in _FLAGS and isinstance(value, bool)):
            setattr(session, name, value)
            changed.append(name)
    if changed:
        session.save(update_fields=changed)


def layout(record: SessionRecord) -> dict[str, Any] | None:
    """The section's movement kind, variant, tables, rounds and boards per round, when the file gives them."""
    data = record.layout
    numbers = [data.get(k) for k in ("tables", "rounds", "boards_per_round")]
    if not all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 999 for n in numbers):
        return None
    kind = data.get("movement_kind")
    variant = data.get("movement_variant") or ""
    if kind not in Section.MovementKind.values or not isinstance(variant, str):
        return None
    tables, rounds, per_round = numbers
    return {
        "movement_kind": kind,
        "movement_variant": variant[:24],
        "tables": tables,
        "rounds": rounds,
        "boards_per_round": per_round,
    }


def _fail(ruling: RulingRecord, message: str) -> InterchangeError:
    return InterchangeError(_("Bridgedesk's own data: %(message)s") % {"message": message}, ruling.where)


def _previous(ruling: RulingRecord, results: dict[tuple[str, str], Result]) -> dict[str, dict[str, Any] | None] | None:
    """``details.previous`` by line back to result ids: withdrawing the ruling restores those lines."""
    items = ruling.details.get("previous")
    if items is None:
        return None
    if not isinstance(items, list):
        raise _fail(ruling, "a ruling's previous lines must be a list.")
    out: dict[str, dict[str, Any] | None] = {}
    for item in items:
        if not isinstance(item, dict):
            raise _fail(ruling, "a ruling's previous line must be an object.")
        result = results.get((str(item.get("ns")), str(item.get("ew"))))
        state = item.get("state")
        if result is None:
            raise _fail(ruling, f"a ruling names a line {item.get('ns')} v {item.get('ew')} that the board lacks.")
        if state is not None and (not isinstance(state, dict) or state.get("kind") not in Result.Kind.values):
            raise _fail(ruling, "a ruling's previous line has no kind of result.")
        if state is not None:
            state = {
                "board_id": result.board_id,
                "table_round_id": None,
                "ns_entry_id": result.ns_entry_id,
                "ew_entry_id": result.ew_entry_id,
                **{k: state.get(k) for k in own_data.RESTORED},
            }
        out[str(result.pk)] = state
    return out


def make_rulings(
    section: Section,
    session: Session,
    record: SessionRecord,
    boards: dict[int, Board],
    entries: dict[str, Entry],
    results: list[Result],
    actor: Actor,
) -> list[Ruling]:
    """The file's rulings as rows (not saved), tied to the new session's boards, lines and pairs."""
    by_line: dict[int, dict[tuple[str, str], Result]] = {}
    for row in results:
        by_line.setdefault(row.board.number, {})[(row.ns_entry.label, row.ew_entry.label)] = row
    director = user_of(actor)
    made: list[Ruling] = []
    for ruling in record.rulings or []:
        if ruling.decision not in Ruling.Decision.values:
            raise _fail(ruling, f"unknown decision {ruling.decision!r}.")
        if ruling.appeal not in Ruling.Appeal.values:
            raise _fail(ruling, f"unknown appeal state {ruling.appeal!r}.")
        if ruling.penalty is not None and ruling.penalty < 0:
            raise _fail(ruling, "a penalty is a positive number.")
        if len(ruling.law) > 40:
            raise _fail(ruling, "a ruling's law is at most 40 characters.")
        board = boards.get(ruling.board) if ruling.board is not None else None
        if ruling.board is not None and board is None:
            raise _fail(ruling, f"a ruling is on board {ruling.board}, which the file does not hold.")
        lines = by_line.get(ruling.board or 0, {})
        result: Result | None = None
        if ruling.ns_pair or ruling.ew_pair:
            result = lines.get((ruling.ns_pair, ruling.ew_pair))
            if result is None:
                raise _fail(
                    ruling, f"a ruling is on {ruling.ns_pair} v {ruling.ew_pair}, a line board {ruling.board} lacks."
                )
        try:
            appealed = appeal_fields(ruling.appeal_record)
        except ValueError as exc:
            raise _fail(ruling, str(exc)) from None
        details = dict(ruling.details)
        previous = _previous(ruling, lines)
        if previous is not None:
            details["previous"] = previous
        made.append(
            Ruling(
                session=session,
                section=section,
                board=board,
                result=result,
                entry=entries[ruling.entry] if ruling.entry else None,
                decision=ruling.decision,
                law=ruling.law,
                facts=ruling.facts,
                details=details,
                penalty=ruling.penalty,
                appeal=ruling.appeal,
                **appealed,
                director=director,
            )
        )
    return made
