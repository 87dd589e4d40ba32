"""Writing to the append-only audit log. Every service that changes a result or a ruling calls `record`."""

from __future__ import annotations

import json
from typing import Any, overload

from django.db import IntegrityError, models, transaction
from django.utils import timezone

from tournaments.audit import seals
from tournaments.audit.actions import AuditAction
from tournaments.audit.chain import chain_of, digest
from tournaments.audit.models import AuditChainHead, AuditEntry
from tournaments.core.actors import Actor, user_of
from tournaments.core.owners import root_of


@overload
def snapshot(obj: models.Model, fields: list[str] | None = None) -> dict[str, Any]: ...
@overload
def snapshot(obj: None, fields: list[str] | None = None) -> None: ...
def snapshot(obj: models.Model | None, fields: list[str] | None = None) -> dict[str, Any] | None:
    """A JSON-able picture of a model's own fields, for the old/new columns of the log."""
    if obj is None:
        return None
    out: dict[str, Any] = {}
    for field in obj._meta.concrete_fields:
        if fields is not None and field.name not in fields:
            continue
        if field.name in ("created_at", "updated_at"):
            continue
        value = field.value_from_object(obj)
        if hasattr(value, "isoformat"):
            value = value.isoformat()
        out[field.attname if field.is_relation else field.name] = value
    return out


def record(
    *,
    actor: Actor,
    action: AuditAction,
    target: models.Model | None = None,
    target_type: str | None = None,
    target_id: int | None = None,
    session_id: int | None = None,
    old: Any = None,
    new: Any = None,
    why: str = "",
    root: models.Model | None = None,
) -> AuditEntry:
    """Append one entry. Call it inside the same transaction as the change it describes.

    The entry's event (its root, tournaments/core/owners.py) is the session (`session_id`, whose chain it joins),
    else `root` (a party, a teams event, a simultaneous), else the target's event (`owners.root_of`: the target
    itself, its root column, or its parent's along its model's `ROOT_PATH`), else none (a "global" entry).
    """
    user = user_of(actor)
    if target is not None:
        target_type = target_type or target._meta.model_name
        target_id = target_id if target_id is not None else target.pk
    roots = {} if session_id is not None else _roots(root, target)
    name = chain_of(session_id)
    # No savepoint inside the caller's transaction (two round trips a write): an entry that fails fails the write.
    with transaction.atomic(savepoint=False):
        head = _locked_head(name)
        entry = AuditEntry(
            session_id=session_id,
            **roots,
            actor=user,
            actor_name=user.get_username() if user is not None else "system",
            action=action,
            target_type=target_type or "",
            target_id=target_id,
            old=_json(old),
            new=_json(new),
            why=why,
            created_at=timezone.now(),
            chain=name,
            seq=head.seq + 1,
            prev_hash=head.hash,
        )
        entry.hash = digest(entry)
        entry.save()
        head.seq, head.hash = head.seq + 1, entry.hash
        seals.seal(entry, head)
        head.mac = seals.head_mac(head)
        head.save(update_fields=["seq", "hash", "seals", "mac"])
    return entry


def _roots(root: models.Model | None, target: models.Model | None) -> dict[str, int]:
    """The root column to set ({"party_id": 3}), or none: a global entry. A session's entries name it by id."""
    for candidate in (root, target):
        owner = None if candidate is None else root_of(candidate)
        if owner is not None:
            kind, pk = owner
            return {} if kind == "session" else {f"{kind}_id": pk}
    return {}


def _locked_head(chain: str) -> AuditChainHead:
    """The chain's head row, locked until the transaction ends: appends to one chain happen one at a time."""
    head = AuditChainHead.objects.select_for_update().filter(chain=chain).first()
    if head is not None:
        return head
    try:
        with transaction.atomic():
            return AuditChainHead.objects.create(chain=chain)
    except IntegrityError:  # another writer made it first
        return AuditChainHead.objects.select_for_update().get(chain=chain)


def _json(value: Any) -> Any:
    """The value as the JSON column gives it back, so the hash computed now matches the one read later."""
    return None if value is None else json.loads(json.dumps(value, default=str))
