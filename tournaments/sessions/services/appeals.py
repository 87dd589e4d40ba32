"""Appeals against a director's ruling: lodged by one side, heard by a committee, upheld, changed or withdrawn.

As in EBU and ACBL practice, a side appeals within the correction period with its grounds (often with a deposit);
the committee hears it and upholds the ruling or changes it, or the appellant withdraws it. The committee's
members, its written reasons and whether the deposit is returned are kept with the ruling. A changed ruling takes
a new decision through the same typed decision objects as `apply_ruling`: the lines the ruling adjusted are put
back as they were and the new decision is applied to them, each line audited (so the log shows both scores).
Every step goes through the section's write gateway: lock, change, audit (sealed with the appeal's fields),
bump the version, invalidate what is derived, in one transaction. Bad input raises `AppealError` at its field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.core.errors import CONFLICT, NOT_FOUND, DomainError
from tournaments.core.text import FACTS_MAX, check_text
from tournaments.sessions.models import Result, Ruling
from tournaments.sessions.services.rulings import Decision, Penalty, _adjust, _decide, _kind_of, _restore, _targets
from tournaments.sessions.services.versions import bump, bump_session, lock_section, lock_sections, refuse_if_finished

A = Ruling.Appeal
COMMITTEE_MAX = 200


class AppealError(DomainError):
    """An appeal step refused: what is wrong, at the field of the appeal form where it was typed."""


@dataclass(frozen=True)
class Upheld:
    """The committee upholds the director's ruling: the scores stay as they are."""


@dataclass(frozen=True)
class Changed:
    """The committee changes the ruling to `decision` (a typed decision, as `apply_ruling` takes)."""

    decision: Decision


@dataclass(frozen=True)
class Withdrawn:
    """The appellant withdraws the appeal before the committee decides: the ruling stands."""


Outcome = Upheld | Changed | Withdrawn
OUTCOMES: dict[type, str] = {Upheld: A.UPHELD, Changed: A.CHANGED, Withdrawn: A.WITHDRAWN}


def _text(value: str, *, field: str, max_length: int, multiline: bool = False) -> str:
    try:
        return check_text(value, field=field, max_length=max_length, multiline=multiline)
    except ValidationError as exc:
        raise AppealError(" ".join(exc.messages), field=field) from None


def _locked(ruling: Ruling, version: int | None) -> Ruling:
    """The ruling locked with its section (the write gateway's first step), as it is now."""
    if ruling.section_id is not None:
        lock_section(ruling.section_id)
    else:
        lock_sections(ruling.session_id)
    locked = Ruling.objects.select_for_update().filter(pk=ruling.pk).order_by().first()
    if locked is None:
        raise AppealError(gettext("That ruling was withdrawn."), code=NOT_FOUND)
    if version is not None and version != locked.version:
        raise AppealError(
            gettext("That ruling was changed since the page was opened: look at it again first."), code=CONFLICT
        )
    refuse_if_finished(locked.session, error=AppealError)
    return locked


def _write(actor: Actor, ruling: Ruling, action: AuditAction, before: dict[str, Any], why: str) -> None:
    """Save the ruling with its version bumped, audited, and the section's version bumped (the last steps)."""
    ruling.version += 1
    ruling.save()
    audit.record(
        actor=actor, action=action, target=ruling, session_id=ruling.session_id,
        old=before, new=audit.snapshot(ruling), why=why,
    )  # fmt: skip
    if ruling.section_id is not None:
        bump(ruling.section_id, session_id=ruling.session_id)
    else:
        bump_session(ruling.session_id)


@transaction.atomic
def lodge_appeal(
    *, actor: Actor, ruling: Ruling, by: str, grounds: str, lodged_at: Any = None, version: int | None = None
) -> Ruling:
    """One side (`by`: "NS" or "EW") appeals the ruling with its `grounds`; the appeal is pending until decided."""
    ruling = _locked(ruling, version)
    if ruling.appeal == A.PENDING:
        raise AppealError(gettext("An appeal against this ruling is already pending."), field="by", code=CONFLICT)
    if ruling.appeal != A.NONE:
        raise AppealError(gettext("This ruling has already been appealed."), field="by", code=CONFLICT)
    if by not in Ruling.Side.values:
        raise AppealError(gettext("Which side appeals: North-South or East-West?"), field="by")
    grounds = _text(grounds, field="grounds", max_length=FACTS_MAX, multiline=True)
    if not grounds:
        raise AppealError(gettext("Write the appellant's grounds."), field="grounds")
    before = audit.snapshot(ruling)
    ruling.appeal, ruling.appeal_by, ruling.appeal_grounds = A.PENDING, by, grounds
    ruling.appeal_lodged_at = lodged_at or timezone.now()
    _write(actor, ruling, AuditAction.RULING_APPEAL_LODGE, before, grounds)
    return ruling


def _decided(decision: Decision, ruling: Ruling) -> Any:
    try:
        return _decide(decision, ruling.section, ruling.board) if ruling.section is not None else None
    except ValidationError as exc:
        field, messages = next(iter(exc.message_dict.items())) if hasattr(exc, "error_dict") else (None, exc.messages)
        raise AppealError(" ".join(messages), field=field) from None


def _change(actor: Actor, ruling: Ruling, decision: Decision) -> None:
    """Put back the lines the ruling adjusted, then apply the committee's decision to them (each line audited)."""
    decided = _decided(decision, ruling)
    if decided is None or (decided.state and ruling.board is None):
        raise AppealError(
            gettext("This ruling is on no board: only a penalty can replace it. Withdraw it and rule again."),
            field="decision",
        )
    line = ruling.result
    ns, ew = (line.ns_entry.label, line.ew_entry.label) if line is not None else ("", "")
    original = {k: v for k, v in ruling.details.items() if k not in ("previous", "before_appeal")}
    before_appeal = {"decision": ruling.decision, "details": original, "penalty": ruling.penalty}
    _restore(actor, ruling, why=gettext("Ruling %(pk)s changed on appeal") % {"pk": ruling.pk})
    # The line as restored (None: a line the ruling itself created was removed with it).
    ruling.result = Result.objects.filter(pk=ruling.result_id).first() if ruling.result_id else None
    ruling.decision = _kind_of(decision)
    if isinstance(decision, Penalty):
        ruling.entry = decision.entry
    targets: list[tuple[Result | None, dict[str, Any]]] = []
    if decided.state and ruling.board is not None and ruling.section is not None:
        kept = ruling.result
        try:
            targets = [(kept, {})] if kept else _targets(ruling.section, ruling.board, ns, ew, ruling.decision)
        except ValidationError as exc:
            raise AppealError(" ".join(exc.messages), field="decision") from None
    previous = _adjust(actor, ruling, targets, decided.state)
    if len(targets) == 1 and previous:
        ruling.result = targets[0][0] or Result.objects.get(pk=int(next(iter(previous))))
    ruling.details = {**decided.details, **({"previous": previous} if previous else {}), "before_appeal": before_appeal}
    ruling.penalty = decided.penalty


@transaction.atomic
def decide_appeal(
    *,
    actor: Actor,
    ruling: Ruling,
    outcome: Outcome,
    committee: str = "",
    reasons: str = "",
    deposit_returned: bool | None = None,
    version: int | None = None,
) -> Ruling:
    """The committee's decision on the pending appeal: upheld, changed (the scores change) or withdrawn.

    `committee` names its members and `reasons` gives its written reasons (both needed unless withdrawn);
    `deposit_returned` is None where no deposit was taken.
    """
    ruling = _locked(ruling, version)
    if ruling.appeal != A.PENDING:
        raise AppealError(gettext("No appeal is pending against this ruling."), field="outcome", code=CONFLICT)
    committee = _text(committee, field="committee", max_length=COMMITTEE_MAX)
    reasons = _text(reasons, field="reasons", max_length=FACTS_MAX, multiline=True)
    if not isinstance(outcome, Withdrawn):
        if not committee:
            raise AppealError(gettext("Name the committee's members."), field="committee")
        if not reasons:
            raise AppealError(gettext("Write the committee's reasons."), field="reasons")
    before = audit.snapshot(ruling)
    if isinstance(outcome, Changed):
        _change(actor, ruling, outcome.decision)
    ruling.appeal = OUTCOMES[type(outcome)]
    ruling.appeal_committee, ruling.appeal_reasons = committee, reasons
    ruling.appeal_deposit_returned, ruling.appeal_decided_at = deposit_returned, timezone.now()
    _write(actor, ruling, AuditAction.RULING_APPEAL_DECIDE, before, reasons or ruling.get_appeal_display())
    return ruling
